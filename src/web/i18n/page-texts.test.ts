import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A module that shows a page text (decision 004: texts of a few pages live in bundles provided by
// `<name>-texts.ts`) must import that bundle's provider, or the page throws 「No ja text for …」
// after a client-side navigation that loaded it without the texts. The type checker cannot see
// this; this test reads every module of src/web and the bundles' keys.

const WEB = path.resolve(import.meta.dirname, "..");
const I18N = import.meta.dirname;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === I18N ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

async function bundles(): Promise<{ provider: string; keys: Set<string> }[]> {
  const providers = fs.readdirSync(I18N).filter((name) => name.endsWith("-texts.ts"));
  return Promise.all(
    providers.map(async (provider) => {
      const jaFile = /from "\.\/([^"]+\.ja\.ts)"/.exec(fs.readFileSync(path.join(I18N, provider), "utf8"))?.[1];
      if (!jaFile) throw new Error(`${provider} names no .ja.ts file`);
      const module = (await import(path.join(I18N, jaFile))) as Record<string, Record<string, string>>;
      return { provider, keys: new Set(Object.values(module).flatMap((texts) => Object.keys(texts))) };
    }),
  );
}

describe("page texts", () => {
  it("every module that uses a key of a page-text bundle imports the bundle's provider", async () => {
    const missing: string[] = [];
    const all = await bundles();
    expect(all.length).toBeGreaterThan(3);
    for (const file of sources(WEB)) {
      const source = fs.readFileSync(file, "utf8");
      const literals = [...source.matchAll(/(["'`])([a-zA-Z]+\.[A-Za-z0-9_.]*)(\$\{)?/g)];
      for (const { provider, keys } of all) {
        const used = literals.some(
          ([, quote, text, interpolated]) => keys.has(text!) || (quote === "`" && interpolated && [...keys].some((key) => key.startsWith(text!))),
        );
        if (used && !source.includes(`/i18n/${provider}"`) && !source.includes(`./${provider}"`)) missing.push(`${path.relative(WEB, file)} → ${provider}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
