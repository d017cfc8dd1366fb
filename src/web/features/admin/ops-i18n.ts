import { adminTexts } from "./admin-texts.ts";
import { adminOpsEn } from "../../i18n/admin-ops.en.ts";
import type { AdminOpsKey } from "../../i18n/admin-ops.ja.ts";
import { adminOpsJa } from "../../i18n/admin-ops.ja.ts";

const texts = adminTexts<AdminOpsKey>({ ja: adminOpsJa, en: adminOpsEn });

export const opsText = texts.text;

/** The operations screens' texts in the page's language (admin-i18n.ts has the rest of the back office). */
export const useOpsText = texts.useText;
