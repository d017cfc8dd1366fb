import { createContext, useContext, useMemo } from "react";
import type { ReactNode } from "react";
import type { Locale } from "../../domain/locale.ts";
import { formatDate, formatProductPrice, formatYen } from "../../domain/format.ts";
import type { CalendarDate } from "../../domain/japan-time.ts";
import type { LocalizedText } from "../../domain/shop-profile.ts";
import { en } from "./en.ts";
import type { Dictionary, MessageKey } from "./ja.ts";
import { ja } from "./ja.ts";

const dictionaries: Record<Locale, Dictionary> = { ja, en };

export type Params = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const text = dictionaries[locale][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
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
