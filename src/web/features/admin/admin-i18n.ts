import type { TextOf } from "./admin-texts.ts";
import { adminTexts } from "./admin-texts.ts";
import { adminEn } from "../../i18n/admin.en.ts";
import type { AdminMessageKey } from "../../i18n/admin.ja.ts";
import { adminJa } from "../../i18n/admin.ja.ts";

const texts = adminTexts<AdminMessageKey>({ ja: adminJa, en: adminEn });

export type AdminText = TextOf<AdminMessageKey>;

export const adminText = texts.text;

/** The back office's texts in the page's language (the shopper dictionary stays `useI18n().t`). */
export const useAdminText = texts.useText;
