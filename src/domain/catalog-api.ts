import type { SalesPhase } from "./sales-window.ts";
// Shapes of the catalogue API: JSON:API-like resources that the browser flattens to
// attributes plus id.

import type { ProductSpecification } from "./product-details.ts";

export interface Resource<A, T extends string = string> {
  id: string;
  type: T;
  attributes: A;
}

export type Flat<A> = A & { id: string };

export function flatten<A>(resource: Resource<A>): Flat<A> {
  return { ...resource.attributes, id: resource.id };
}

export interface ImageDetails {
  id: number;
  width: number;
  height: number;
}

export interface SeriesRefAttributes {
  hashid: string;
  name: string;
}

export interface ProductAttributes {
  name: string;
  description: string;
  /** URLs of the images in order (a 720 px JPEG each); the first is shown on tiles. */
  images: string[];
  /** The same images with their sizes, for srcset and width/height. */
  image_details: ImageDetails[];
  price: number;
  price_include_tax: number;
  /** Consumption tax rate in percent: the standard rate, or 8 for a reduced-rate item (decision 036). */
  tax_rate: number;
  shipping_type: "normal" | "cool";
  buyable_limit: number | null;
  liquor_type: string | null;
  sold_out: boolean;
  leaf_series: Resource<SeriesRefAttributes, "series">[];
  /** The bottle's specification (added to the API contract's fields; docs/decisions/030). */
  specification: ProductSpecification;
  /** 予約販売 and the sales window (added to the API contract's fields; decision 088). */
  sales: ProductSales;
}

/** Where a product stands when the answer was drawn, and its window: instants as ISO strings, the release date as yyyy-mm-dd (Japan). */
export interface ProductSales {
  phase: SalesPhase;
  sales_start: string | null;
  sales_end: string | null;
  release_date: string | null;
}

export interface ExhibitAttributes {
  name: string;
  description: string;
  images: string[];
  image_details: ImageDetails[];
  top: boolean;
  /** Ids of the published products the exhibit is about (added to the API contract's fields). */
  product_ids: string[];
}

/** A node of the series tree given to every page as global data. */
export interface SeriesTreeNode {
  id: string;
  hashid: string;
  name: string;
  children: SeriesTreeNode[];
}

export interface LiquorTypeOption {
  key: string;
  label: string;
}

/** meta.pagination of a list answer: pages count from 1. */
export interface Pagination {
  current_page: number;
  total_page: number;
}

export type ProductResource = Resource<ProductAttributes, "product">;
export type ExhibitResource = Resource<ExhibitAttributes, "exhibit_product">;
export type Product = Flat<ProductAttributes>;
export type Exhibit = Flat<ExhibitAttributes>;

/**
 * What a product tile shows (name, price, sold out, the first image): all a grid's loader hands the
 * page. The whole resource (description, specification, series) is ~1 kB per bottle in the page's
 * data and its hydration script, for nothing a tile draws (docs/decisions/039).
 */
export type ProductTile = Pick<Product, "id" | "name" | "price_include_tax" | "sold_out" | "image_details" | "sales">;

export function tileOf(resource: ProductResource): ProductTile {
  const { name, price_include_tax, sold_out, image_details, sales } = resource.attributes;
  return { id: resource.id, name, price_include_tax, sold_out, image_details: image_details.slice(0, 1), sales };
}

/** The URL of an image variant (the server's image routes serve exactly these). */
export function imageVariantUrl(imageId: number, width: number, format: "avif" | "webp" | "jpg"): string {
  return `/images/${imageId}/${width}w.${format}`;
}

/** A resource id from a URL: a positive integer that fits a PostgreSQL integer, else undefined. */
export function parseResourceId(text: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
}
