import { adminTexts } from "./admin-texts.ts";
import { adminLinesEn } from "../../i18n/admin-lines.en.ts";
import type { AdminLinesKey } from "../../i18n/admin-lines.ja.ts";
import { adminLinesJa } from "../../i18n/admin-lines.ja.ts";

const texts = adminTexts<AdminLinesKey>({ ja: adminLinesJa, en: adminLinesEn });

export const linesText = texts.text;

/** The partial cancellation page's texts in the page's language (decision 078). */
export const useLinesText = texts.useText;
