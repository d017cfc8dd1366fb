import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { PostcodeEntry } from "../../domain/address.ts";
import { prefectureCodeOf } from "../../domain/address.ts";

/** 7-digit postcode → where it is, for one 3-digit prefix. */
export type PostcodeTable = Record<string, PostcodeEntry>;

/**
 * Japan Post's postcodes (KEN_ALL residential and JIGYOSYO business codes) as the npm package
 * jquery-jpostal-ja ships them: one file per first 3 digits, `json/100.json`, holding
 * `jQuery_jpostal_callback([["_1000001", "東京都", "千代田区", "千代田", street, business name, kana…], …])`.
 */
export function defaultPostcodeDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("jquery-jpostal-ja/package.json")), "json");
}

type PackageRow = [code: string, prefecture: string, city: string, town: string, street?: string, ...rest: string[]];

/** The script's JSON: everything between the callback's parentheses. */
export function parsePostcodeScript(script: string): PostcodeTable {
  const rows = JSON.parse(script.slice(script.indexOf("(") + 1, script.lastIndexOf(")"))) as PackageRow[];
  const byCode = new Map<string, PackageRow[]>();
  for (const row of rows) {
    // "_1000001"; the 4-character "_100" rows are the package's own 3-digit fallbacks.
    const code = row[0].slice(1);
    if (!/^\d{7}$/.test(code) || prefectureCodeOf(row[1]) === undefined) continue;
    byCode.set(code, [...(byCode.get(code) ?? []), row]);
  }
  const table: PostcodeTable = {};
  for (const [code, candidates] of byCode) table[code] = entryOf(candidates);
  return table;
}

/**
 * One code may cover several towns (or several businesses at one address). Only what they all
 * share is filled in, so the form never proposes a town the shopper may not live in.
 */
function entryOf(candidates: PackageRow[]): PostcodeEntry {
  const first = candidates[0]!;
  const same = (values: string[]) => (values.every((value) => value === values[0]) ? values[0]! : "");
  const city = same(candidates.map((row) => row[2]));
  const withStreet = same(candidates.map((row) => `${row[3]}${row[4] ?? ""}`));
  const town = city === "" ? "" : withStreet || same(candidates.map((row) => row[3]));
  return { prefecture: prefectureCodeOf(first[1])!, city, town };
}

/** Prefixes kept parsed in memory; a prefix's table is 5–150 KB, most lookups hit a few big cities. */
const CACHED_PREFIXES = 64;

/** Postcode lookup by the first 3 digits, read lazily and kept in a small LRU. */
export class PostcodesService {
  private readonly cache = new Map<string, Promise<PostcodeTable>>();

  constructor(private readonly directory: string = defaultPostcodeDirectory()) {}

  async byPrefix(zip3: string): Promise<PostcodeTable> {
    if (!/^\d{3}$/.test(zip3)) return {};
    const cached = this.cache.get(zip3);
    if (cached) {
      // Map keeps insertion order: re-inserting marks the prefix as the most recently used.
      this.cache.delete(zip3);
      this.cache.set(zip3, cached);
      return cached;
    }
    const loading = this.read(zip3);
    this.cache.set(zip3, loading);
    // A failed read is not kept, so a later request tries again.
    loading.catch(() => this.cache.delete(zip3));
    while (this.cache.size > CACHED_PREFIXES) this.cache.delete(this.cache.keys().next().value!);
    return loading;
  }

  async lookup(zip: string): Promise<PostcodeEntry | undefined> {
    return (await this.byPrefix(zip.slice(0, 3)))[zip];
  }

  /**
   * The prefecture a Japanese postcode belongs to: its own entry's, or, for a code the data does
   * not list (a new one, a typo), the one every code of its first 3 digits shares; undefined when
   * the data cannot tell.
   */
  async prefectureOf(zip: string): Promise<number | undefined> {
    const table = await this.byPrefix(zip.slice(0, 3));
    const own = table[zip];
    if (own) return own.prefecture;
    const prefectures = new Set(Object.values(table).map((entry) => entry.prefecture));
    return prefectures.size === 1 ? [...prefectures][0] : undefined;
  }

  /** How many prefixes are parsed in memory (for tests of the cache bound). */
  get cachedPrefixes(): number {
    return this.cache.size;
  }

  private async read(zip3: string): Promise<PostcodeTable> {
    try {
      return parsePostcodeScript(await fs.readFile(path.join(this.directory, `${zip3}.json`), "utf8"));
    } catch (error) {
      // No file: no postcode starts with these digits.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw error;
    }
  }
}
