import { useCallback } from "react";
import { fillText } from "../../../domain/fill-text.ts";
import type { Locale } from "../../../domain/locale.ts";
import { useI18n } from "../../i18n/i18n.tsx";

/** A text of a back-office bundle by its key, its `{name}` placeholders filled in. */
export type TextOf<K extends string> = (key: K, params?: Record<string, string | number>) => string;

/**
 * One back-office text bundle (`i18n/admin-<name>.ja.ts`, the source, and `.en.ts` with the same keys):
 * `text(locale, key, params)` where the locale is known (loaders, actions), and `useText()` for a
 * component, in the page's language. Every bundle of the back office is read through this.
 */
export function adminTexts<K extends string>(dictionaries: Readonly<Record<Locale, Readonly<Record<K, string>>>>) {
  function text(locale: Locale, key: K, params?: Record<string, string | number>): string {
    const template = dictionaries[locale][key];
    return params ? fillText(template, params) : template;
  }
  function useText(): TextOf<K> {
    const { locale } = useI18n();
    return useCallback<TextOf<K>>((key, params) => text(locale, key, params), [locale]);
  }
  return { text, useText };
}
