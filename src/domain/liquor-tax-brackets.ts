import type { LocalizedText } from "./shop-profile.ts";
import type { LiquorCategory } from "./product-details.ts";

// 税率の適用区分: where the liquor tax rate of a 品目 changes with the alcohol strength (酒税法 §23,
// 租税特別措置法 §87-2 for low-strength distilled liquor and liqueur), as the books of 酒税法 §46 and
// 施行令 §52 are kept "品目別及び税率の適用区分別" (docs/decisions/061). Strength is in tenths of a
// percent (permille of volume), as products keep it: 40.5% is 405.
//
// A band is either flat (one rate for the whole band: one 区分) or graded (the rate adds a fixed sum
// for every whole degree above a base, so each whole degree is its own 区分: 40度以上41度未満 …).
// The amounts themselves change with the tax reforms (2023-10, 2026-10); the bands below are those of
// the rate table in force from 2026-10-01 and are what the books group by.

export interface StrengthBand {
  /** Inclusive lower bound in permille. */
  from: number;
  /** Exclusive upper bound in permille; null: no upper bound. */
  until: number | null;
  /** True when the rate rises by every whole degree within the band. */
  graded: boolean;
}

/**
 * Bands that follow one another, each written once as [from, "flat" | "graded"]: a band runs until
 * the next one's from (so no bound is written twice), the last one open-ended.
 */
function bands(...starts: [from: number, rate: "flat" | "graded"][]): StrengthBand[] {
  return starts.map(([from, rate], index) => ({ from, until: starts[index + 1]?.[0] ?? null, graded: rate === "graded" }));
}

const FLAT_ONLY = bands([0, "flat"]);

/** 蒸留酒類の基本税率: 21度未満 one rate, from 21度 plus a sum per degree above 20 (§23 ②三). */
const DISTILLED_BASE = bands([0, "flat"], [210, "graded"]);

/** 単式・連続式蒸留焼酎: the base bands, with 租特 §87-2's low-strength rates below 13度 (11度未満, then per degree). */
const SHOCHU = bands([0, "flat"], [110, "graded"], [130, "flat"], [210, "graded"]);

/** ウイスキー・ブランデー・スピリッツ: 37度未満 one rate (§23 ③), from 37度 the base per degree; 租特 §87-2 below 13度. */
const WHISKY_BRANDY_SPIRITS = bands([0, "flat"], [110, "graded"], [130, "flat"], [370, "graded"]);

/** 甘味果実酒: 13度未満 one rate, from 13度 plus a sum per degree above 12 (§23 ③). */
const SWEET_FRUIT_WINE = bands([0, "flat"], [130, "graded"]);

/** リキュール: as 甘味果実酒, with 租特 §87-2's rates below 12度 (11度未満, then 11度以上12度未満). */
const LIQUEUR = bands([0, "flat"], [110, "graded"], [120, "flat"], [130, "graded"]);

/** 発泡酒: the special rates are for 10度未満 only (§23 ②一); 10度以上 is taxed at the 発泡性酒類 base rate. */
const HAPPOSHU = bands([0, "flat"], [100, "flat"]);

/**
 * The bands of every 品目 of LIQUOR_CATEGORIES. One flat band: the 品目 has one rate whatever its
 * strength (ビール, 清酒, 果実酒, その他の醸造酒, 合成清酒, みりん, 粉末酒).
 */
export const STRENGTH_BANDS: Record<LiquorCategory, StrengthBand[]> = {
  beer: FLAT_ONLY,
  happoshu: HAPPOSHU,
  seishu: FLAT_ONLY,
  kajitsushu: FLAT_ONLY,
  sonota_jozoshu: FLAT_ONLY,
  renzoku_shochu: SHOCHU,
  tanshiki_shochu: SHOCHU,
  whisky: WHISKY_BRANDY_SPIRITS,
  brandy: WHISKY_BRANDY_SPIRITS,
  spirits: WHISKY_BRANDY_SPIRITS,
  genryo_alcohol: DISTILLED_BASE,
  gosei_seishu: FLAT_ONLY,
  mirin: FLAT_ONLY,
  kanmi_kajitsushu: SWEET_FRUIT_WINE,
  liqueur: LIQUEUR,
  funmatsushu: FLAT_ONLY,
  zasshu: DISTILLED_BASE,
};

/** One 税率の適用区分 of a 品目: a key the books group by and its label. */
export interface TaxBracket {
  /** "all", "unknown", or "<from>-<until>" in permille ("370-" when unbounded). */
  key: string;
  label: LocalizedText;
}

export const BRACKET_UNKNOWN_STRENGTH: TaxBracket = {
  key: "unknown",
  label: { ja: "アルコール分未登録", en: "Strength not recorded" },
};

const ALL_STRENGTHS: TaxBracket = { key: "all", label: { ja: "全量(単一税率)", en: "All strengths (one rate)" } };

function degrees(permille: number): string {
  return permille % 10 === 0 ? String(permille / 10) : (permille / 10).toFixed(1);
}

function rangeLabel(from: number, until: number | null): LocalizedText {
  if (from === 0 && until !== null) return { ja: `${degrees(until)}度未満`, en: `below ${degrees(until)}%` };
  if (until === null) return { ja: `${degrees(from)}度以上`, en: `${degrees(from)}% and above` };
  return { ja: `${degrees(from)}度以上${degrees(until)}度未満`, en: `${degrees(from)}% to below ${degrees(until)}%` };
}

/**
 * The 税率の適用区分 of a bottle of `category` at `alcoholPermille`. A graded band gives the whole
 * degree the strength falls in (40.5% → 40度以上41度未満: the rate counts whole degrees); a 品目
 * with one rate needs no strength; a 品目 with several bands and no strength recorded is
 * "アルコール分未登録", which the back office asks the trader to fill in.
 */
export function taxBracketOf(category: LiquorCategory, alcoholPermille: number | null): TaxBracket {
  const bands = STRENGTH_BANDS[category];
  if (bands.length === 1 && !bands[0]!.graded) return ALL_STRENGTHS;
  if (alcoholPermille === null || !Number.isInteger(alcoholPermille) || alcoholPermille < 0) return BRACKET_UNKNOWN_STRENGTH;
  const band = bands.find((candidate) => alcoholPermille >= candidate.from && (candidate.until === null || alcoholPermille < candidate.until))!;
  if (!band.graded) return { key: `${band.from}-${band.until ?? ""}`, label: rangeLabel(band.from, band.until) };
  const from = Math.floor(alcoholPermille / 10) * 10;
  return { key: `${from}-${from + 10}`, label: rangeLabel(from, from + 10) };
}

/** Orders brackets by strength ("all" and "unknown" last). */
export function compareBracketKeys(a: string, b: string): number {
  const lower = (key: string) => (/^\d+-/.test(key) ? Number(key.split("-")[0]) : Number.MAX_SAFE_INTEGER);
  return lower(a) - lower(b) || a.localeCompare(b);
}
