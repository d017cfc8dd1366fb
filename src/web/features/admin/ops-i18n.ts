import { useCallback } from "react";
import type { Locale } from "../../../domain/locale.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminOpsEn } from "../../i18n/admin-ops.en.ts";
import type { AdminOpsDictionary, AdminOpsKey } from "../../i18n/admin-ops.ja.ts";
import { adminOpsJa } from "../../i18n/admin-ops.ja.ts";
import { fillText } from "../../../domain/fill-text.ts";

const dictionaries: Record<Locale, AdminOpsDictionary> = { ja: adminOpsJa, en: adminOpsEn };

export type OpsText = (key: AdminOpsKey, params?: Record<string, string | number>) => string;

export function opsText(locale: Locale, key: AdminOpsKey, params?: Record<string, string | number>): string {
  const text = dictionaries[locale][key];
  return params ? fillText(text, params) : text;
}

/** The operations screens' texts in the page's language (admin-i18n.ts has the rest of the back office). */
export function useOpsText(): OpsText {
  const { locale } = useI18n();
  return useCallback<OpsText>((key, params) => opsText(locale, key, params), [locale]);
}
