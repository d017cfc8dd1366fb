import { useCallback } from "react";
import type { Locale } from "../../../domain/locale.ts";
import { fillText } from "../../../domain/fill-text.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminReturnEn } from "../../i18n/admin-return.en.ts";
import type { AdminReturnDictionary, AdminReturnKey } from "../../i18n/admin-return.ja.ts";
import { adminReturnJa } from "../../i18n/admin-return.ja.ts";

const dictionaries: Record<Locale, AdminReturnDictionary> = { ja: adminReturnJa, en: adminReturnEn };

export type ReturnText = (key: AdminReturnKey, params?: Record<string, string | number>) => string;

export function returnText(locale: Locale, key: AdminReturnKey, params?: Record<string, string | number>): string {
  const text = dictionaries[locale][key];
  return params ? fillText(text, params) : text;
}

/** The return form's and the order page's returns texts in the page's language. */
export function useReturnText(): ReturnText {
  const { locale } = useI18n();
  return useCallback<ReturnText>((key, params) => returnText(locale, key, params), [locale]);
}
