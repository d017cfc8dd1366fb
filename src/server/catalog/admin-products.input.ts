import type { ShippingType } from "../../domain/admin-catalog.ts";
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  PRICE_MAX,
  SHIPPING_TYPES,
  SORT_ORDER_MAX,
  STOCK_MAX,
  VOLUME_ML_MAX,
  permilleOf,
} from "../../domain/admin-catalog.ts";
import type { Locale } from "../../domain/locale.ts";
import { DETAIL_TEXT_MAX, LIQUOR_CATEGORIES, TASTE_SCALE_STEPS, VINTAGE_MAX, VINTAGE_MIN } from "../../domain/product-details.ts";
import { FormReader } from "../i18n/form-reader.ts";

/** A product's columns as the back office writes them; undefined means "leave as it is". */
export interface ProductChanges {
  nameJa?: string | undefined;
  nameEn?: string | undefined;
  descriptionJa?: string | undefined;
  descriptionEn?: string | undefined;
  price?: number | undefined;
  stock?: number | undefined;
  buyableLimit?: number | null | undefined;
  soldOutFlag?: boolean | undefined;
  shippingType?: ShippingType | undefined;
  liquorType?: string | null | undefined;
  sortOrder?: number | undefined;
  published?: boolean | undefined;
  volumeMl?: number | null | undefined;
  alcoholPermille?: number | null | undefined;
  mailOrderAllowed?: boolean | undefined;
  seriesIds?: number[] | undefined;
  originCountryJa?: string | undefined;
  originCountryEn?: string | undefined;
  originRegionJa?: string | undefined;
  originRegionEn?: string | undefined;
  producerJa?: string | undefined;
  producerEn?: string | undefined;
  ingredientsJa?: string | undefined;
  ingredientsEn?: string | undefined;
  vintage?: number | null | undefined;
  sweetness?: number | null | undefined;
  body?: number | null | undefined;
  storageJa?: string | undefined;
  storageEn?: string | undefined;
  liquorCategory?: string | null | undefined;
  taxClass?: TaxClass | undefined;
}

import type { TaxClass } from "../../domain/tax-rates.ts";
import { TAX_CLASSES } from "../../domain/tax-rates.ts";

const LIQUOR_CATEGORY_KEYS = Object.keys(LIQUOR_CATEGORIES) as (keyof typeof LIQUOR_CATEGORIES)[];

/**
 * The product form's body (snake_case, as AdminProductFields names it), checked field by field.
 * `partial` reads only the fields sent: the list's quick price edit and the publish switch send one.
 * Whether the liquor type and series exist is the service's check (it needs the database).
 */
export function readProductInput(body: unknown, locale: Locale, partial: boolean): ProductChanges {
  const form = new FormReader(body, locale, partial);
  const alcoholPercent = form.decimal("alcohol_percent", { min: 0, max: 100, decimals: 1 });
  const changes: ProductChanges = {
    nameJa: form.text("name_ja", { required: true, max: NAME_MAX }),
    nameEn: form.text("name_en", { required: true, max: NAME_MAX }),
    descriptionJa: form.text("description_ja", { max: DESCRIPTION_MAX, multiline: true }),
    descriptionEn: form.text("description_en", { max: DESCRIPTION_MAX, multiline: true }),
    price: form.integer("price", { min: 0, max: PRICE_MAX }) ?? undefined,
    stock: form.integer("stock", { min: 0, max: STOCK_MAX, fallback: 0 }) ?? undefined,
    buyableLimit: form.integer("buyable_limit", { min: 1, max: STOCK_MAX, nullable: true }),
    soldOutFlag: form.boolean("sold_out_flag", false),
    shippingType: form.oneOf("shipping_type", SHIPPING_TYPES, { fallback: "normal" }) ?? undefined,
    liquorType: form.text("liquor_type", { max: NAME_MAX }),
    sortOrder: form.integer("sort_order", { min: -SORT_ORDER_MAX, max: SORT_ORDER_MAX, fallback: 0 }) ?? undefined,
    published: form.boolean("published", false),
    volumeMl: form.integer("volume_ml", { min: 1, max: VOLUME_ML_MAX, nullable: true }),
    alcoholPermille: alcoholPercent === undefined || alcoholPercent === null ? alcoholPercent : permilleOf(alcoholPercent),
    mailOrderAllowed: form.boolean("mail_order_allowed", true),
    seriesIds: form.ids("series_ids"),
    originCountryJa: form.text("origin_country_ja", { max: DETAIL_TEXT_MAX }),
    originCountryEn: form.text("origin_country_en", { max: DETAIL_TEXT_MAX }),
    originRegionJa: form.text("origin_region_ja", { max: DETAIL_TEXT_MAX }),
    originRegionEn: form.text("origin_region_en", { max: DETAIL_TEXT_MAX }),
    producerJa: form.text("producer_ja", { max: DETAIL_TEXT_MAX }),
    producerEn: form.text("producer_en", { max: DETAIL_TEXT_MAX }),
    ingredientsJa: form.text("ingredients_ja", { max: DETAIL_TEXT_MAX }),
    ingredientsEn: form.text("ingredients_en", { max: DETAIL_TEXT_MAX }),
    vintage: form.integer("vintage", { min: VINTAGE_MIN, max: VINTAGE_MAX, nullable: true }),
    sweetness: form.integer("sweetness", { min: 1, max: TASTE_SCALE_STEPS, nullable: true }),
    body: form.integer("body_level", { min: 1, max: TASTE_SCALE_STEPS, nullable: true }),
    storageJa: form.text("storage_ja", { max: DETAIL_TEXT_MAX }),
    storageEn: form.text("storage_en", { max: DETAIL_TEXT_MAX }),
    liquorCategory: form.text("liquor_category", { max: NAME_MAX }),
    taxClass: form.oneOf("tax_class", TAX_CLASSES, { fallback: "standard" }) ?? undefined,
  };
  // An empty liquor type means "none".
  if (changes.liquorType === "") changes.liquorType = null;
  if (changes.liquorCategory === "") changes.liquorCategory = null;
  if (changes.liquorCategory && !(LIQUOR_CATEGORY_KEYS as string[]).includes(changes.liquorCategory)) form.errors.add("liquor_category", "inclusion");
  form.finish();
  return changes;
}

/** The quick restock: how many bottles arrived. */
export function readRestockInput(body: unknown, locale: Locale): number {
  const form = new FormReader(body, locale);
  const amount = form.integer("amount", { min: 1, max: STOCK_MAX });
  form.finish();
  return amount!;
}
