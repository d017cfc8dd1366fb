import { useCallback } from "react";
import type { Locale } from "../../../domain/locale.ts";
import { fillText } from "../../../domain/fill-text.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminLinesEn } from "../../i18n/admin-lines.en.ts";
import type { AdminLinesDictionary, AdminLinesKey } from "../../i18n/admin-lines.ja.ts";
import { adminLinesJa } from "../../i18n/admin-lines.ja.ts";

const dictionaries: Record<Locale, AdminLinesDictionary> = { ja: adminLinesJa, en: adminLinesEn };

export type LinesText = (key: AdminLinesKey, params?: Record<string, string | number>) => string;

export function linesText(locale: Locale, key: AdminLinesKey, params?: Record<string, string | number>): string {
  const text = dictionaries[locale][key];
  return params ? fillText(text, params) : text;
}

/** The partial cancellation page's texts in the page's language (decision 078). */
export function useLinesText(): LinesText {
  const { locale } = useI18n();
  return useCallback<LinesText>((key, params) => linesText(locale, key, params), [locale]);
}
