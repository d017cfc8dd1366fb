import type { AdminExhibit, AdminLiquorType, AdminProduct, AdminProductRow, AdminSeries, DirectUploadAnswer } from "../admin-catalog.ts";
import { SHIPPING_TYPES } from "../admin-catalog.ts";
import { z } from "../zod.ts";
import { imageDetailsSchema as imageSchema } from "./catalog.ts";
import { dataOf, type SameShape } from "./common.ts";

/** The back office's catalogue: products, exhibits, series, liquor types, direct uploads (admin-catalog.ts's shapes). */

const productRowSchema = z.object({
  id: z.number(),
  name_ja: z.string(),
  name_en: z.string(),
  price: z.number(),
  stock: z.number(),
  sold_out_flag: z.boolean(),
  published: z.boolean(),
  low_stock: z.boolean(),
  sort_order: z.number(),
  image: imageSchema.nullable(),
  point_rate_percent: z.number().nullable(),
});
export const productRowMatches: SameShape<z.output<typeof productRowSchema>, AdminProductRow> = true;

const productSchema = z.object({
  id: z.number(),
  images: z.array(imageSchema),
  updated_at: z.string(),
  name_ja: z.string(),
  name_en: z.string(),
  description_ja: z.string(),
  description_en: z.string(),
  price: z.number(),
  stock: z.number(),
  buyable_limit: z.number().nullable(),
  sold_out_flag: z.boolean(),
  shipping_type: z.enum(SHIPPING_TYPES),
  series_ids: z.array(z.number()),
  liquor_type: z.string().nullable(),
  sort_order: z.number(),
  published: z.boolean(),
  volume_ml: z.number().nullable(),
  alcohol_percent: z.number().nullable(),
  mail_order_allowed: z.boolean(),
  origin_country_ja: z.string(),
  origin_country_en: z.string(),
  origin_region_ja: z.string(),
  origin_region_en: z.string(),
  producer_ja: z.string(),
  producer_en: z.string(),
  ingredients_ja: z.string(),
  ingredients_en: z.string(),
  vintage: z.number().nullable(),
  sweetness: z.number().nullable(),
  body_level: z.number().nullable(),
  storage_ja: z.string(),
  storage_en: z.string(),
  liquor_category: z.string().nullable(),
  tax_class: z.enum(["standard", "reduced"]),
  sales_start: z.string().nullable(),
  sales_end: z.string().nullable(),
  release_date: z.string().nullable(),
  preorder_allocation: z.number(),
  point_rate_percent: z.number().nullable(),
});
export const productMatches: SameShape<z.output<typeof productSchema>, AdminProduct> = true;

/** GET /admin/api/products. */
export const adminProductsAnswer = dataOf(z.array(productRowSchema));
/** GET, POST (201), PATCH /admin/api/products/{id}, its restock and images. */
export const adminProductAnswer = dataOf(productSchema);

const exhibitSchema = z.object({
  id: z.number(),
  images: z.array(imageSchema),
  name_ja: z.string(),
  name_en: z.string(),
  description_ja: z.string(),
  description_en: z.string(),
  top: z.boolean(),
  published: z.boolean(),
  sort_order: z.number(),
  product_ids: z.array(z.number()),
});
export const exhibitMatches: SameShape<z.output<typeof exhibitSchema>, AdminExhibit> = true;
/** GET /admin/api/exhibits. */
export const adminExhibitsAnswer = dataOf(z.array(exhibitSchema));
/** GET, POST (201), PATCH /admin/api/exhibits/{id} and its images. */
export const adminExhibitAnswer = dataOf(exhibitSchema);

const seriesSchema = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name_ja: z.string(),
  name_en: z.string(),
  sort_order: z.number(),
  product_count: z.number(),
  child_count: z.number(),
});
export const seriesMatches: SameShape<z.output<typeof seriesSchema>, AdminSeries> = true;
/** GET /admin/api/series. */
export const adminSeriesListAnswer = dataOf(z.array(seriesSchema));
/** POST (201) and PATCH /admin/api/series/{id}. */
export const adminSeriesAnswer = dataOf(seriesSchema);

const liquorTypeSchema = z.object({ key: z.string(), label_ja: z.string(), label_en: z.string(), sort_order: z.number(), product_count: z.number() });
export const liquorTypeMatches: SameShape<z.output<typeof liquorTypeSchema>, AdminLiquorType> = true;
/** GET /admin/api/liquor_types. */
export const adminLiquorTypesAnswer = dataOf(z.array(liquorTypeSchema));
/** POST (201) and PATCH /admin/api/liquor_types/{key}. */
export const adminLiquorTypeAnswer = dataOf(liquorTypeSchema);

const directUploadSchema = z.object({
  signed_id: z.string(),
  filename: z.string(),
  byte_size: z.number(),
  checksum: z.string(),
  direct_upload: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }),
});
export const directUploadMatches: SameShape<z.output<typeof directUploadSchema>, DirectUploadAnswer> = true;
/** POST /admin/api/direct_uploads (the spec's direct upload): the blob and where to PUT its bytes. */
export const directUploadAnswer = directUploadSchema;
