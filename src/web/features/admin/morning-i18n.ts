import { useCallback } from "react";
import type { Locale } from "../../../domain/locale.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminMorningEn } from "../../i18n/admin-morning.en.ts";
import type { AdminMorningDictionary, AdminMorningKey } from "../../i18n/admin-morning.ja.ts";
import { adminMorningJa } from "../../i18n/admin-morning.ja.ts";
import { fillText } from "../../../domain/fill-text.ts";

const dictionaries: Record<Locale, AdminMorningDictionary> = { ja: adminMorningJa, en: adminMorningEn };

export type MorningText = (key: AdminMorningKey, params?: Record<string, string | number>) => string;

export function morningText(locale: Locale, key: AdminMorningKey, params?: Record<string, string | number>): string {
  const text = dictionaries[locale][key];
  return params ? fillText(text, params) : text;
}

/** The issued-data upload's and the dashboard charts' texts in the page's language. */
export function useMorningText(): MorningText {
  const { locale } = useI18n();
  return useCallback<MorningText>((key, params) => morningText(locale, key, params), [locale]);
}
