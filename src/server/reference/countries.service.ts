import { getNames, registerLocale } from "i18n-iso-countries/index.js";
import enNames from "i18n-iso-countries/langs/en.json" with { type: "json" };
import jaNames from "i18n-iso-countries/langs/ja.json" with { type: "json" };
import { DEFAULT_COUNTRY } from "../../domain/address.ts";
import type { Locale } from "../../domain/locale.ts";
import { LOCALES } from "../../domain/locale.ts";

// The package's main entry registers all ~80 languages; the shop speaks two, so only those load.
registerLocale(jaNames);
registerLocale(enNames);

/** One country as GET /api/countries answers it: lower-case alpha-2 code and its name. */
export interface CountryOption {
  id: string;
  name: string;
}

/** Enough for an autocomplete list; a longer query narrows it. */
export const MAX_COUNTRY_RESULTS = 20;

interface Country {
  id: string;
  names: Record<Locale, string>;
  /** Official names and aliases in both languages ("United States", "USA", "アメリカ合衆国"), as search keys. */
  keys: string[];
}

/**
 * Folds what a shopper may type differently: widths (ＵＳＡ, ﾆﾎﾝ), case, accents (Côte), hiragana
 * for katakana (にほん finds ニホン-style names) and the separators of names (・, spaces, dots).
 */
export function searchKey(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .replace(/[\u3041-\u3096]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60))
    .replace(/[\s・･.,'’()\-‐]/g, "");
}

function loadCountries(): Country[] {
  const official = { ja: getNames("ja", { select: "official" }), en: getNames("en", { select: "official" }) };
  const all = { ja: getNames("ja", { select: "all" }), en: getNames("en", { select: "all" }) };
  return Object.keys(official.en).map((code) => ({
    id: code.toLowerCase(),
    names: { ja: official.ja[code] ?? official.en[code]!, en: official.en[code]! },
    keys: [...new Set(LOCALES.flatMap((locale) => all[locale][code] ?? []).map(searchKey))],
  }));
}

/** ISO 3166-1 countries with Japanese and English names (the API contract's GET /api/countries). */
export class CountriesService {
  private readonly countries = loadCountries();
  private readonly byId = new Map(this.countries.map((country) => [country.id, country]));
  private readonly collators: Record<Locale, Intl.Collator> = { ja: new Intl.Collator("ja"), en: new Intl.Collator("en") };

  isCountry(id: string): boolean {
    return this.byId.has(id.toLowerCase());
  }

  name(id: string, locale: Locale): string | undefined {
    return this.byId.get(id.toLowerCase())?.names[locale];
  }

  /**
   * Countries whose code is the query or whose name (in either language) contains it: the code
   * first, then names starting with it, then the rest, each by name. An empty query lists Japan
   * first, the shop's default destination.
   */
  search(query: string, locale: Locale, limit = MAX_COUNTRY_RESULTS): CountryOption[] {
    const key = searchKey(query);
    const ranked: { country: Country; rank: number }[] = [];
    for (const country of this.countries) {
      const rank = key === "" ? (country.id === DEFAULT_COUNTRY ? 0 : 1) : rankOf(country, key);
      if (rank !== undefined) ranked.push({ country, rank });
    }
    const collator = this.collators[locale];
    ranked.sort((a, b) => a.rank - b.rank || collator.compare(a.country.names[locale], b.country.names[locale]));
    return ranked.slice(0, limit).map(({ country }) => ({ id: country.id, name: country.names[locale] }));
  }
}

function rankOf(country: Country, key: string): number | undefined {
  if (country.id === key) return 0;
  if (country.keys.some((name) => name.startsWith(key))) return 1;
  if (country.keys.some((name) => name.includes(key))) return 2;
  return undefined;
}
