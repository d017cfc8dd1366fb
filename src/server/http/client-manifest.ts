import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locale } from "../../domain/locale.ts";

const DICTIONARY_SOURCES: Record<Locale, string> = { ja: "src/web/i18n/ja.ts", en: "src/web/i18n/en.ts" };

/**
 * Where the production build put each locale's dictionary module (Vite's client manifest), so a
 * page can preload its own: the browser then fetches it beside the other modules instead of only
 * after the entry has run (web/entry.client.tsx loads it before hydrating).
 */
export function dictionaryHrefs(buildDirectory: string): Record<Locale, string> {
  const manifestPath = path.join(buildDirectory, "client", ".vite", "manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, { file: string }>;
  const href = (locale: Locale): string => {
    const entry = manifest[DICTIONARY_SOURCES[locale]];
    if (!entry) throw new Error(`${manifestPath} has no ${DICTIONARY_SOURCES[locale]}`);
    return `/${entry.file}`;
  };
  return { ja: href("ja"), en: href("en") };
}
