import type { LocalizedText } from "./shop-profile.ts";

// The structured specification of a bottle (docs/decisions/030-search-and-product-details.md):
// what the product page's table shows, the JSON-LD carries and the search reads.

/**
 * The categories of the liquor tax law (酒税法の品目), which a Japanese shop states per bottle; the
 * shop's own liquor types (ワイン, ジン, …) are for browsing and need not match them.
 */
export const LIQUOR_CATEGORIES = {
  seishu: { ja: "清酒", en: "Sake (seishu)" },
  gosei_seishu: { ja: "合成清酒", en: "Synthetic sake" },
  renzoku_shochu: { ja: "連続式蒸留焼酎", en: "Shochu (continuous still)" },
  tanshiki_shochu: { ja: "単式蒸留焼酎", en: "Shochu (pot still)" },
  mirin: { ja: "みりん", en: "Mirin" },
  beer: { ja: "ビール", en: "Beer" },
  kajitsushu: { ja: "果実酒", en: "Fruit wine" },
  kanmi_kajitsushu: { ja: "甘味果実酒", en: "Sweetened fruit wine" },
  whisky: { ja: "ウイスキー", en: "Whisky" },
  brandy: { ja: "ブランデー", en: "Brandy" },
  genryo_alcohol: { ja: "原料用アルコール", en: "Raw alcohol" },
  happoshu: { ja: "発泡酒", en: "Happoshu" },
  sonota_jozoshu: { ja: "その他の醸造酒", en: "Other brewed liquor" },
  spirits: { ja: "スピリッツ", en: "Spirits" },
  liqueur: { ja: "リキュール", en: "Liqueur" },
  funmatsushu: { ja: "粉末酒", en: "Powdered liquor" },
  zasshu: { ja: "雑酒", en: "Miscellaneous liquor" },
} as const satisfies Record<string, LocalizedText>;

export type LiquorCategory = keyof typeof LIQUOR_CATEGORIES;

export function isLiquorCategory(key: string): key is LiquorCategory {
  return Object.hasOwn(LIQUOR_CATEGORIES, key);
}

/** Taste scales run 1 … 5; the ends are named (辛口〜甘口, ライト〜フル), the steps between are marks. */
export const TASTE_SCALE_STEPS = 5;
export const VINTAGE_MIN = 1800;
export const VINTAGE_MAX = 2100;
export const DETAIL_TEXT_MAX = 200;

/** The specification of one bottle in both languages; empty text and null mean "not stated". */
export interface ProductDetails {
  originCountry: LocalizedText;
  originRegion: LocalizedText;
  producer: LocalizedText;
  /** 品種 of a wine, 原料 of a spirit. */
  ingredients: LocalizedText;
  vintage: number | null;
  volumeMl: number | null;
  /** Tenths of a percent (14.5% is 145), as the liquor-law records keep it. */
  alcoholPermille: number | null;
  sweetness: number | null;
  body: number | null;
  storage: LocalizedText;
  liquorCategory: LiquorCategory | null;
}

/** The specification as the shopper API answers it, in one language (the API contract allows added fields). */
export interface ProductSpecification {
  origin_country: string;
  origin_region: string;
  producer: string;
  ingredients: string;
  vintage: number | null;
  volume_ml: number | null;
  /** Percent with one decimal at most (14.5). */
  alcohol_percent: number | null;
  /** 1 辛口 … 5 甘口. */
  sweetness: number | null;
  /** 1 ライト … 5 フル. */
  body: number | null;
  storage: string;
  liquor_category: LiquorCategory | null;
  liquor_category_label: string;
}
