// The back office's catalogue: limits shared by the server's checks and the browser's forms, and the
// shapes /admin/api answers with. Pure data, no I/O.

/** Files are hashed in chunks of this many bytes, so big files never sit whole in a string. */
export const UPLOAD_CHUNK_BYTES = 2_097_152;
/** The largest image the back office accepts: phone photos fit, anything bigger is not a product photo. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Types the browser may announce; the server still decodes the bytes to be sure. */
export const UPLOAD_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 5000;
export const PRICE_MAX = 10_000_000;
export const STOCK_MAX = 1_000_000;
export const SORT_ORDER_MAX = 1_000_000;
export const VOLUME_ML_MAX = 100_000;
/** The dashboard's threshold too: at or below this many bottles a product is low on stock. */
export const LOW_STOCK_AT = 3;

export const SHIPPING_TYPES = ["normal", "cool"] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

export interface AdminImage {
  id: number;
  width: number;
  height: number;
}

/** One row of the product list. */
export interface AdminProductRow {
  id: number;
  name_ja: string;
  name_en: string;
  price: number;
  stock: number;
  sold_out_flag: boolean;
  published: boolean;
  low_stock: boolean;
  sort_order: number;
  image: AdminImage | null;
  /** The product's own point rate in percent (decision 089); null: the member's rate. */
  point_rate_percent: number | null;
}

/** Every field the trader edits, as the form sends it and the product page reads it. */
export interface AdminProductFields {
  name_ja: string;
  name_en: string;
  description_ja: string;
  description_en: string;
  price: number;
  stock: number;
  buyable_limit: number | null;
  sold_out_flag: boolean;
  shipping_type: ShippingType;
  series_ids: number[];
  liquor_type: string | null;
  sort_order: number;
  published: boolean;
  volume_ml: number | null;
  /** Percent with one decimal (14.5); stored as tenths of a percent. */
  alcohol_percent: number | null;
  mail_order_allowed: boolean;
  // The specification (docs/decisions/030): empty text and null mean "not stated".
  origin_country_ja: string;
  origin_country_en: string;
  origin_region_ja: string;
  origin_region_en: string;
  producer_ja: string;
  producer_en: string;
  ingredients_ja: string;
  ingredients_en: string;
  vintage: number | null;
  /** 1 辛口 … 5 甘口. */
  sweetness: number | null;
  /** 1 ライト … 5 フル. */
  body_level: number | null;
  storage_ja: string;
  storage_en: string;
  liquor_category: string | null;
  /** Consumption tax class (decision 036): standard 10% or reduced 8%; liquor is always standard. */
  tax_class: "standard" | "reduced";
  /** The sales window (decision 088): instants as ISO strings, null for none; the form shows them in Japan time. */
  sales_start: string | null;
  sales_end: string | null;
  /** 発売日 (yyyy-mm-dd, Japan); a pre-order until it. */
  release_date: string | null;
  /** Bottles set aside for pre-orders, still to sell. */
  preorder_allocation: number;
  /** The product's own point rate in percent (decision 089); null: the member's rate. */
  point_rate_percent: number | null;
}

export interface AdminProduct extends AdminProductFields {
  id: number;
  images: AdminImage[];
  updated_at: string;
}

export interface AdminExhibitFields {
  name_ja: string;
  name_en: string;
  description_ja: string;
  description_en: string;
  top: boolean;
  published: boolean;
  sort_order: number;
  /** Ids of the products the exhibit is about, in order. */
  product_ids: number[];
}

export interface AdminExhibit extends AdminExhibitFields {
  id: number;
  images: AdminImage[];
}

export interface AdminSeries {
  id: number;
  parent_id: number | null;
  name_ja: string;
  name_en: string;
  sort_order: number;
  product_count: number;
  child_count: number;
}

export interface AdminLiquorType {
  key: string;
  label_ja: string;
  label_en: string;
  sort_order: number;
  product_count: number;
}

/** What POST /admin/api/direct_uploads answers (Active Storage's shape). */
export interface DirectUploadAnswer {
  signed_id: string;
  filename: string;
  byte_size: number;
  checksum: string;
  direct_upload: { url: string; headers: Record<string, string> };
}

/** Tenths of a percent (stored) from a percent with at most one decimal; exact, no float drift. */
export function permilleOf(percent: number): number {
  return Math.round(percent * 10);
}

export function percentOf(permille: number): number {
  return permille / 10;
}

/**
 * The series ids below `id` (its descendants), for refusing a move that would make a cycle: a
 * series may not go under itself or under one of its own sub-series.
 */
export function descendantsOf(id: number, parents: ReadonlyMap<number, number | null>): Set<number> {
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents) {
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found = new Set<number>();
  const queue = [...(children.get(id) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (found.has(next)) continue;
    found.add(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}
