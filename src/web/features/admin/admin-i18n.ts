import { useCallback } from "react";
import type { Locale } from "../../../domain/locale.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminEn } from "../../i18n/admin.en.ts";
import type { AdminDictionary, AdminMessageKey } from "../../i18n/admin.ja.ts";
import { adminJa } from "../../i18n/admin.ja.ts";
import { fillText } from "../../../domain/fill-text.ts";

const dictionaries: Record<Locale, AdminDictionary> = { ja: adminJa, en: adminEn };

export type AdminText = (key: AdminMessageKey, params?: Record<string, string | number>) => string;

export function adminText(locale: Locale, key: AdminMessageKey, params?: Record<string, string | number>): string {
  const text = dictionaries[locale][key];
  return params ? fillText(text, params) : text;
}

/** The back office's texts in the page's language (the shopper dictionary stays `useI18n().t`). */
export function useAdminText(): AdminText {
  const { locale } = useI18n();
  return useCallback<AdminText>((key, params) => adminText(locale, key, params), [locale]);
}
