import { adminTexts } from "./admin-texts.ts";
import { adminBulkEn } from "../../i18n/admin-bulk.en.ts";
import type { AdminBulkKey } from "../../i18n/admin-bulk.ja.ts";
import { adminBulkJa } from "../../i18n/admin-bulk.ja.ts";

const texts = adminTexts<AdminBulkKey>({ ja: adminBulkJa, en: adminBulkEn });

export const bulkText = texts.text;

/** The bulk moves' and the job page's texts in the page's language. */
export const useBulkText = texts.useText;
