import { createContext, useContext, useMemo } from "react";
import type { ReactNode } from "react";
import type { Locale } from "../../domain/locale.ts";
import { formatDate, formatProductPrice, formatYen } from "../../domain/format.ts";
import type { CalendarDate } from "../../domain/japan-time.ts";
import type { LocalizedText } from "../../domain/shop-profile.ts";
import type { Dictionary, MessageKey } from "./ja.ts";
import { fillText } from "../../domain/fill-text.ts";

/**
 * The dictionaries this process has: the server's entry provides both; a browser loads only the
 * page's own (entry.client.tsx) before it hydrates.
 */
const dictionaries: Partial<Record<Locale, Dictionary>> = {};

export function provideDictionary(locale: Locale, dictionary: Dictionary): void {
  dictionaries[locale] = dictionary;
}

/**
 * Texts of a few pages only (the legal pages' long ones, legal-*.ja.ts / legal-*.en.ts), added by those pages'
 * modules as they load, so the dictionary every page fetches stays small (first-page JavaScript budget).
 */
const pageTexts: Partial<Record<Locale, Record<string, string>>> = {};

export function providePageTexts(texts: Record<Locale, Record<string, string>>): void {
  for (const locale of ["ja", "en"] as const) pageTexts[locale] = { ...pageTexts[locale], ...texts[locale] };
}

export async function loadDictionary(locale: Locale): Promise<void> {
  if (dictionaries[locale]) return;
  dictionaries[locale] = locale === "en" ? (await import("./en.ts")).en : (await import("./ja.ts")).ja;
}

export type Params = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const dictionary = dictionaries[locale];
  if (!dictionary) throw new Error(`The ${locale} dictionary is not loaded`);
  const text = (dictionary as Record<string, string>)[key] ?? pageTexts[locale]?.[key];
  if (text === undefined) throw new Error(`No ${locale} text for ${key}: is its page's module loaded?`);
  return params ? fillText(text, params) : text;
}

export interface I18n {
  locale: Locale;
  t(key: MessageKey, params?: Params): string;
  /** Picks this locale's side of a ja/en text from the data (shop profile, products). */
  pick(text: LocalizedText): string;
  yen(amount: number): string;
  productPrice(amount: number): string;
  date(date: CalendarDate): string;
}

export function createI18n(locale: Locale): I18n {
  return {
    locale,
    t: (key, params) => translate(locale, key, params),
    pick: (text) => text[locale],
    yen: (amount) => formatYen(amount, locale),
    productPrice: (amount) => formatProductPrice(amount, locale),
    date: (date) => formatDate(date, locale),
  };
}

const I18nContext = createContext<I18n>(createI18n("ja"));

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => createI18n(locale), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
