import { readdirSync, readFileSync } from "node:fs";
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

/**
 * The production build's stylesheets by the href pages link them with (`/assets/<file>.css`), read
 * once at start (~70 kB in all): a page writes its first screen's stylesheets into its <head>
 * instead of linking them (web/features/layout/styles-first-links.tsx, docs/decisions/043).
 */
export function stylesheetTexts(buildDirectory: string): (href: string) => string | undefined {
  const assets = path.join(buildDirectory, "client", "assets");
  const texts = new Map<string, string>();
  for (const file of readdirSync(assets)) {
    if (file.endsWith(".css")) texts.set(`/assets/${file}`, readFileSync(path.join(assets, file), "utf8"));
  }
  // React Router names a stylesheet shared with a lazily loaded chunk with a trailing "#".
  return (href) => texts.get(href.replace(/[?#].*$/, ""));
}
