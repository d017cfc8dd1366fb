import type { ShippingType } from "./admin-catalog.ts";
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  PRICE_MAX,
  SHIPPING_TYPES,
  SORT_ORDER_MAX,
  STOCK_MAX,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  VOLUME_ML_MAX,
  permilleOf,
} from "./admin-catalog.ts";
import { formFields, formObject } from "./field-rules.ts";
import { formBoolean, formChoice, formDecimal, formIds, formInteger, formJapanDate, formJapanDateTime, formOptionalText, formText } from "./form-fields.ts";
import { DETAIL_TEXT_MAX, LIQUOR_CATEGORIES, TASTE_SCALE_STEPS, VINTAGE_MAX, VINTAGE_MIN } from "./product-details.ts";
import type { TaxClass } from "./tax-rates.ts";
import { TAX_CLASSES } from "./tax-rates.ts";
import { z } from "./zod.ts";

// The back office's catalogue forms (products, exhibits, series, liquor types): one schema each,
// the route's declared body (decision 075). A new record's form (POST) reads a body that is not an
// object as an empty form, so it names every required field; a change (PATCH) takes only the
// fields sent, and refuses a body that is not an object on "base". Whether a named series, liquor
// type or product exists is the service's check (it needs the database).

/** A new record: every field read (absent ones blank or their default); anything but an object is an empty form. */
function newRecordForm<S extends z.ZodRawShape, T>(shape: S, toChanges: (fields: Partial<z.output<z.ZodObject<S>>>) => T) {
  return z.preprocess((body) => formFields(body), formObject(shape).transform(toChanges));
}

/** A change: only the fields sent, each "leave as it is" when absent. */
function changeForm<S extends z.ZodRawShape, T>(shape: S, toChanges: (fields: Partial<z.output<z.ZodObject<S>>>) => T) {
  // zod's partial() makes each field optional; its generic output type is that Partial.
  return formObject(shape)
    .partial()
    .transform((fields) => toChanges(fields as Partial<z.output<z.ZodObject<S>>>));
}

const sortOrder = formInteger({ min: -SORT_ORDER_MAX, max: SORT_ORDER_MAX, fallback: 0 });

/** The series form: names, parent (empty for the top level) and sort order. */
const seriesFields = {
  name_ja: formText({ required: true, max: NAME_MAX }),
  name_en: formText({ required: true, max: NAME_MAX }),
  parent_id: formInteger({ min: 1, max: 2 ** 31 - 1, nullable: true }),
  sort_order: sortOrder,
};
export interface SeriesChanges {
  nameJa?: string | undefined;
  nameEn?: string | undefined;
  parentId?: number | null | undefined;
  sortOrder?: number | undefined;
}
const seriesChanges = (fields: Partial<z.output<z.ZodObject<typeof seriesFields>>>): SeriesChanges => ({
  nameJa: fields.name_ja,
  nameEn: fields.name_en,
  parentId: fields.parent_id,
  sortOrder: fields.sort_order,
});
export const seriesCreateSchema = newRecordForm(seriesFields, seriesChanges);
export const seriesChangeSchema = changeForm(seriesFields, seriesChanges);

/** Keys appear in the shop's filter links (?liquor_type=wine): short, lower case, URL-safe. */
const LIQUOR_TYPE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;

const liquorTypeFields = {
  label_ja: formText({ required: true, max: NAME_MAX }),
  label_en: formText({ required: true, max: NAME_MAX }),
  sort_order: sortOrder,
};
export interface LiquorTypeChanges {
  labelJa?: string | undefined;
  labelEn?: string | undefined;
  sortOrder?: number | undefined;
}
const liquorTypeChanges = (fields: Partial<z.output<z.ZodObject<typeof liquorTypeFields>>>): LiquorTypeChanges => ({
  labelJa: fields.label_ja,
  labelEn: fields.label_en,
  sortOrder: fields.sort_order,
});
/** A new liquor type: its key first, then its labels and place. */
export const liquorTypeCreateSchema = newRecordForm(
  { key: formText({ required: true, max: 40, pattern: LIQUOR_TYPE_KEY_PATTERN }), ...liquorTypeFields },
  (fields) => ({ key: fields.key!, changes: liquorTypeChanges(fields) }),
);
/** A liquor type's labels and place; its key never changes (the shop's links name it). */
export const liquorTypeChangeSchema = changeForm(liquorTypeFields, liquorTypeChanges);

/** A product's own point rate at most (the products_point_rate check: 0–100). */
const PRODUCT_POINT_RATE_MAX = 100;

const LIQUOR_CATEGORY_KEYS = Object.keys(LIQUOR_CATEGORIES);

/** The product form (snake_case, as AdminProductFields names it). */
const productFields = {
  alcohol_percent: formDecimal({ min: 0, max: 100, decimals: 1 }),
  name_ja: formText({ required: true, max: NAME_MAX }),
  name_en: formText({ required: true, max: NAME_MAX }),
  description_ja: formText({ max: DESCRIPTION_MAX, multiline: true }),
  description_en: formText({ max: DESCRIPTION_MAX, multiline: true }),
  price: formInteger({ min: 0, max: PRICE_MAX }),
  stock: formInteger({ min: 0, max: STOCK_MAX, fallback: 0 }),
  buyable_limit: formInteger({ min: 1, max: STOCK_MAX, nullable: true }),
  sold_out_flag: formBoolean(false),
  shipping_type: formChoice<ShippingType>(SHIPPING_TYPES, "normal"),
  // An empty liquor type means "none".
  liquor_type: formOptionalText({ max: NAME_MAX }),
  sort_order: sortOrder,
  published: formBoolean(false),
  volume_ml: formInteger({ min: 1, max: VOLUME_ML_MAX, nullable: true }),
  mail_order_allowed: formBoolean(true),
  series_ids: formIds(),
  origin_country_ja: formText({ max: DETAIL_TEXT_MAX }),
  origin_country_en: formText({ max: DETAIL_TEXT_MAX }),
  origin_region_ja: formText({ max: DETAIL_TEXT_MAX }),
  origin_region_en: formText({ max: DETAIL_TEXT_MAX }),
  producer_ja: formText({ max: DETAIL_TEXT_MAX }),
  producer_en: formText({ max: DETAIL_TEXT_MAX }),
  ingredients_ja: formText({ max: DETAIL_TEXT_MAX }),
  ingredients_en: formText({ max: DETAIL_TEXT_MAX }),
  vintage: formInteger({ min: VINTAGE_MIN, max: VINTAGE_MAX, nullable: true }),
  sweetness: formInteger({ min: 1, max: TASTE_SCALE_STEPS, nullable: true }),
  body_level: formInteger({ min: 1, max: TASTE_SCALE_STEPS, nullable: true }),
  storage_ja: formText({ max: DETAIL_TEXT_MAX }),
  storage_en: formText({ max: DETAIL_TEXT_MAX }),
  // An empty category means "none"; a filled-in one is one of the liquor tax law's.
  liquor_category: formOptionalText({ max: NAME_MAX }).refine((value) => value === null || LIQUOR_CATEGORY_KEYS.includes(value), { error: "inclusion" }),
  tax_class: formChoice<TaxClass>(TAX_CLASSES, "standard"),
  // 予約販売 and the sales window (decision 088): typed in Japan time; empty means none.
  sales_start: formJapanDateTime(),
  sales_end: formJapanDateTime(),
  release_date: formJapanDate(),
  preorder_allocation: formInteger({ min: 0, max: STOCK_MAX, fallback: 0 }),
  // The product's own point rate (decision 089), whole percent; empty: the member's rate (their rank's, else the base rate).
  point_rate_percent: formInteger({ min: 0, max: PRODUCT_POINT_RATE_MAX, nullable: true }),
};

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
  salesStart?: Date | null | undefined;
  salesEnd?: Date | null | undefined;
  releaseDate?: string | null | undefined;
  preorderAllocation?: number | undefined;
  pointRatePercent?: number | null | undefined;
}

const productChanges = (fields: Partial<z.output<z.ZodObject<typeof productFields>>>): ProductChanges => ({
  nameJa: fields.name_ja,
  nameEn: fields.name_en,
  descriptionJa: fields.description_ja,
  descriptionEn: fields.description_en,
  price: fields.price,
  stock: fields.stock,
  buyableLimit: fields.buyable_limit,
  soldOutFlag: fields.sold_out_flag,
  shippingType: fields.shipping_type,
  liquorType: fields.liquor_type,
  sortOrder: fields.sort_order,
  published: fields.published,
  volumeMl: fields.volume_ml,
  alcoholPermille: fields.alcohol_percent === undefined || fields.alcohol_percent === null ? fields.alcohol_percent : permilleOf(fields.alcohol_percent),
  mailOrderAllowed: fields.mail_order_allowed,
  seriesIds: fields.series_ids,
  originCountryJa: fields.origin_country_ja,
  originCountryEn: fields.origin_country_en,
  originRegionJa: fields.origin_region_ja,
  originRegionEn: fields.origin_region_en,
  producerJa: fields.producer_ja,
  producerEn: fields.producer_en,
  ingredientsJa: fields.ingredients_ja,
  ingredientsEn: fields.ingredients_en,
  vintage: fields.vintage,
  sweetness: fields.sweetness,
  body: fields.body_level,
  storageJa: fields.storage_ja,
  storageEn: fields.storage_en,
  liquorCategory: fields.liquor_category,
  taxClass: fields.tax_class,
  salesStart: fields.sales_start,
  salesEnd: fields.sales_end,
  releaseDate: fields.release_date,
  preorderAllocation: fields.preorder_allocation,
  pointRatePercent: fields.point_rate_percent,
});
export const productCreateSchema = newRecordForm(productFields, productChanges);
/** The list's quick price edit and the publish switch send one field. */
export const productChangeSchema = changeForm(productFields, productChanges);

/** The quick restock: how many bottles arrived. */
export const restockSchema = z.preprocess((body) => formFields(body), formObject({ amount: formInteger({ min: 1, max: STOCK_MAX }) }));

const exhibitFields = {
  name_ja: formText({ required: true, max: NAME_MAX }),
  name_en: formText({ required: true, max: NAME_MAX }),
  description_ja: formText({ max: DESCRIPTION_MAX, multiline: true }),
  description_en: formText({ max: DESCRIPTION_MAX, multiline: true }),
  top: formBoolean(false),
  published: formBoolean(true),
  sort_order: sortOrder,
  // The products the exhibit is about, in order; links to the shop on the exhibit page.
  product_ids: formIds(),
};
export interface ExhibitChanges {
  nameJa?: string | undefined;
  nameEn?: string | undefined;
  descriptionJa?: string | undefined;
  descriptionEn?: string | undefined;
  top?: boolean | undefined;
  published?: boolean | undefined;
  sortOrder?: number | undefined;
  productIds?: number[] | undefined;
}
const exhibitChanges = (fields: Partial<z.output<z.ZodObject<typeof exhibitFields>>>): ExhibitChanges => ({
  nameJa: fields.name_ja,
  nameEn: fields.name_en,
  descriptionJa: fields.description_ja,
  descriptionEn: fields.description_en,
  top: fields.top,
  published: fields.published,
  sortOrder: fields.sort_order,
  productIds: fields.product_ids,
});
export const exhibitCreateSchema = newRecordForm(exhibitFields, exhibitChanges);
export const exhibitChangeSchema = changeForm(exhibitFields, exhibitChanges);

/** A picture attached to a product or exhibit: the signed id of its upload. */
export const attachImageSchema = z.preprocess((body) => formFields(body), formObject({ signed_id: formText({ required: true, max: 64 }) }));

/**
 * The pictures' order: the ids of the pictures to keep, in the new order (which ids belong is the
 * service's check). The list is required: a body without it would otherwise remove every picture.
 */
export const arrangeImagesSchema = z.preprocess((body) => formFields(body), formObject({ image_ids: formIds({ required: true }) }));

const UPLOAD_FILENAME_MAX = 255;
/** Base64 of 16 bytes. */
const MD5_BASE64 = /^[A-Za-z0-9+/]{22}==$/;

/**
 * The blob record of a direct upload (POST /admin/api/direct_uploads), wrapped in `blob` as Active
 * Storage sends it: the file's name, image type, size and MD5, which its bytes must then match.
 */
export const blobInputSchema = z.preprocess(
  (body) => formFields(body, "blob"),
  formObject({
    filename: formText({ required: true, max: UPLOAD_FILENAME_MAX }),
    content_type: formChoice(UPLOAD_CONTENT_TYPES),
    byte_size: formInteger({ min: 1, max: UPLOAD_MAX_BYTES }),
    checksum: formText({ required: true, max: 24, pattern: MD5_BASE64 }),
  }).transform((blob) => ({ filename: blob.filename, contentType: blob.content_type, byteSize: blob.byte_size, checksum: blob.checksum })),
);
export type BlobInput = z.output<typeof blobInputSchema>;
