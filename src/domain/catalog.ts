import type { LocalizedText } from "./shop-profile.ts";
import { matchesSearch, searchTerms } from "./search-text.ts";

/** The catalogue filters of /shop and GET /api/products. */
export interface ProductFilter {
  /** "1" in stock only, "0" sold out only, undefined for all. */
  unsold?: "0" | "1";
  liquorType?: string;
  /** Hashids of chosen series; a parent matches its descendants. */
  series: string[];
  /** Also (or only) products in no series: the 未分類 checkbox. */
  unselectSeries: boolean;
  /** Words searched in name, producer, origin, grapes, kinds and series (folded: search-text.ts). */
  q?: string;
}

/** Longer queries are cut: no bottle's name and details are longer than this. */
export const SEARCH_QUERY_MAX = 100;

const TRUE_VALUES = new Set(["1", "true", "on"]);
const MAX_SERIES_IN_FILTER = 50;

type QueryValue = string | string[] | undefined;

function firstOf(value: QueryValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function listOf(value: QueryValue): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Reads the filter from a query. Values that mean nothing (unsold=abc, an empty type, a malformed
 * hashid) are ignored rather than refused, the same way in the page and the API.
 */
export function parseProductFilter(query: Record<string, QueryValue>): ProductFilter {
  const unsold = firstOf(query.unsold);
  const liquorType = firstOf(query.liquor_type)?.trim();
  const q = firstOf(query.q)
    ?.normalize("NFKC")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/gu, " ")
    .trim()
    .slice(0, SEARCH_QUERY_MAX);
  const series = [...listOf(query["series[]"]), ...listOf(query.series)]
    .map((hashid) => hashid.trim())
    .filter((hashid) => /^[A-Za-z0-9]{1,32}$/.test(hashid))
    .slice(0, MAX_SERIES_IN_FILTER);
  return {
    ...(unsold === "0" || unsold === "1" ? { unsold } : {}),
    ...(liquorType && /^[a-z0-9_-]{1,40}$/.test(liquorType) ? { liquorType } : {}),
    series: [...new Set(series)],
    unselectSeries: TRUE_VALUES.has(firstOf(query.unselect_series) ?? ""),
    ...(q ? { q } : {}),
  };
}

/** The filter as query parameters, in a stable order (for the address bar and cache keys). */
export function filterToSearchParams(filter: ProductFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.unsold) params.set("unsold", filter.unsold);
  if (filter.liquorType) params.set("liquor_type", filter.liquorType);
  for (const hashid of [...filter.series].sort()) params.append("series[]", hashid);
  if (filter.unselectSeries) params.set("unselect_series", "1");
  return params;
}

export interface FilterableProduct {
  soldOut: boolean;
  liquorType: string | null;
  seriesIds: number[];
  /** The product's folded search text (foldForSearch); a query matches nothing without it. */
  searchText?: string;
}

export interface SeriesNode {
  id: number;
  hashid: string;
  name: LocalizedText;
  parentId: number | null;
  children: SeriesNode[];
}

/** Ids of the given series and all their descendants. */
export function seriesWithDescendants(roots: SeriesNode[], chosenHashids: string[]): Set<number> {
  const chosen = new Set(chosenHashids);
  const result = new Set<number>();
  const visit = (node: SeriesNode, inside: boolean) => {
    const included = inside || chosen.has(node.hashid);
    if (included) result.add(node.id);
    for (const child of node.children) visit(child, included);
  };
  for (const root of roots) visit(root, false);
  return result;
}

/**
 * Applies the filter. The series checkboxes (series[] and 未分類) are one group: a product passes
 * when it is in a chosen series (or a descendant) or, with 未分類, in no series at all.
 */
export function filterProducts<P extends FilterableProduct>(products: P[], filter: ProductFilter, seriesTree: SeriesNode[]): P[] {
  const seriesGroupActive = filter.series.length > 0 || filter.unselectSeries;
  const allowedSeries = seriesWithDescendants(seriesTree, filter.series);
  const terms = filter.q ? searchTerms(filter.q) : [];
  return products.filter((product) => {
    if (terms.length > 0 && !matchesSearch(product.searchText ?? "", terms)) return false;
    if (filter.unsold === "1" && product.soldOut) return false;
    if (filter.unsold === "0" && !product.soldOut) return false;
    if (filter.liquorType && product.liquorType !== filter.liquorType) return false;
    if (!seriesGroupActive) return true;
    if (filter.unselectSeries && product.seriesIds.length === 0) return true;
    return product.seriesIds.some((id) => allowedSeries.has(id));
  });
}

/** The path from a top-level series down to the given one, for breadcrumbs. */
export function seriesPath(roots: SeriesNode[], seriesId: number): SeriesNode[] {
  for (const root of roots) {
    if (root.id === seriesId) return [root];
    const below = seriesPath(root.children, seriesId);
    if (below.length > 0) return [root, ...below];
  }
  return [];
}

/**
 * Products and exhibits per page of the list API. The contract gives pages (from 1) but no size: 48
 * fills 2, 3 and 4 columns evenly and holds the whole demo catalogue on page 1 (docs/decisions/030).
 */
export const CATALOG_PER_PAGE = 48;
const PAGE_MAX = 100_000;

/** The requested page: a whole number from 1; anything else reads as page 1. */
export function parsePage(value: QueryValue): number {
  const text = firstOf(value);
  return text !== undefined && /^[1-9]\d{0,5}$/.test(text) ? Math.min(Number(text), PAGE_MAX) : 1;
}

/** One page of a list and its meta.pagination; a page past the end is empty. */
export function pageOf<T>(
  items: T[],
  page: number,
  perPage = CATALOG_PER_PAGE,
): { data: T[]; meta: { pagination: { current_page: number; total_page: number } } } {
  const totalPage = Math.max(1, Math.ceil(items.length / perPage));
  return { data: items.slice((page - 1) * perPage, page * perPage), meta: { pagination: { current_page: page, total_page: totalPage } } };
}
