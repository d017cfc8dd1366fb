import { useCallback } from "react";
import type { Locale } from "../../../domain/locale.ts";
import { fillText } from "../../../domain/fill-text.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminBulkEn } from "../../i18n/admin-bulk.en.ts";
import type { AdminBulkDictionary, AdminBulkKey } from "../../i18n/admin-bulk.ja.ts";
import { adminBulkJa } from "../../i18n/admin-bulk.ja.ts";

const dictionaries: Record<Locale, AdminBulkDictionary> = { ja: adminBulkJa, en: adminBulkEn };

export type BulkText = (key: AdminBulkKey, params?: Record<string, string | number>) => string;

export function bulkText(locale: Locale, key: AdminBulkKey, params?: Record<string, string | number>): string {
  const text = dictionaries[locale][key];
  return params ? fillText(text, params) : text;
}

/** The bulk moves' and the job page's texts in the page's language. */
export function useBulkText(): BulkText {
  const { locale } = useI18n();
  return useCallback<BulkText>((key, params) => bulkText(locale, key, params), [locale]);
}
