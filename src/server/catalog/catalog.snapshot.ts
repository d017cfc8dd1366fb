import { asc, desc, eq, inArray } from "drizzle-orm";
import type Hashids from "hashids";
import type { SeriesNode } from "../../domain/catalog.ts";
import { seriesPath } from "../../domain/catalog.ts";
import type { LiquorCategory, ProductDetails } from "../../domain/product-details.ts";
import { LIQUOR_CATEGORIES, isLiquorCategory } from "../../domain/product-details.ts";
import { foldForSearch } from "../../domain/search-text.ts";
import { priceIncludingTax } from "../../domain/money.ts";
import { taxRateOf } from "../../domain/tax-rates.ts";
import type { SalesWindow } from "../../domain/sales-window.ts";
import { bottlesForSale, salesPhase } from "../../domain/sales-window.ts";
import { japanMidnight } from "../../domain/japan-time.ts";
import type { LocalizedText } from "../../domain/shop-profile.ts";
import type { Database } from "../db/client.ts";
import {
  exhibitImagesTable,
  exhibitProductsTable,
  exhibitsTable,
  imagesTable,
  liquorTypesTable,
  productImagesTable,
  productSeriesTable,
  productsTable,
  seriesTable,
} from "../db/schema/catalog.ts";
import type { StoredImage } from "../images/image.service.ts";

export interface CatalogProduct {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  price: number;
  priceIncludingTax: number;
  /** The product's tax rate (its tax class's, decision 036). */
  taxRatePercent: number;
  shippingType: "normal" | "cool";
  buyableLimit: number | null;
  liquorType: string | null;
  /**
   * Kept current on every sell-out and return (stock itself is not kept: carts read it fresh); a
   * pre-order is sold out when its allocation is, and a product outside its sales window has nothing for sale.
   */
  soldOut: boolean;
  /** The sales window and release date (decision 088); the phase is decided when a page or answer is drawn. */
  sales: SalesWindow;
  seriesIds: number[];
  images: StoredImage[];
  details: ProductDetails;
  /** Name, producer, origin, grapes, kinds and series in both languages, folded once (search-text.ts). */
  searchText: string;
  /** The product's own point rate (decision 089); null: the member's rate. */
  pointRatePercent: number | null;
}

export interface CatalogExhibit {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  top: boolean;
  images: StoredImage[];
  /** Published products the exhibit is about, in the trader's order. */
  productIds: number[];
}

export interface LiquorType {
  key: string;
  label: LocalizedText;
}

/** The whole published catalogue in memory: small, read on every page, changed rarely. */
export interface CatalogSnapshot {
  products: CatalogProduct[];
  productsById: Map<number, CatalogProduct>;
  seriesTree: SeriesNode[];
  seriesById: Map<number, SeriesNode>;
  liquorTypes: LiquorType[];
  exhibits: CatalogExhibit[];
  exhibitsById: Map<number, CatalogExhibit>;
  /** Images attached to a published product or exhibit: the only ones shown to anybody but staff (decision 050). */
  publicImageIds: Set<number>;
  /** The next instant (ms) a product's sales phase changes (decision 088): the snapshot and kept answers are dropped then; null: none. */
  nextPhaseChange: number | null;
}

/** Whether a product has nothing for sale at `now`: marked sold out, outside its window, or out of what its phase sells. */
export function soldOutAt(row: { soldOutFlag: boolean; stock: number; preorderAllocation: number; preorderOwed: number } & SalesWindow, now: Date): boolean {
  return row.soldOutFlag || bottlesForSale(salesPhase(row, now), row.stock, row.preorderAllocation, row.preorderOwed) <= 0;
}

/** The first instant after `now` at which one of these windows changes phase. */
export function nextPhaseChange(windows: readonly SalesWindow[], now: Date): number | null {
  const edges = windows.flatMap((window) => [
    window.salesStart?.getTime(),
    window.salesEnd?.getTime(),
    window.releaseDate ? japanMidnight(window.releaseDate).getTime() : undefined,
  ]);
  const future = edges.filter((edge): edge is number => edge !== undefined && edge > now.getTime());
  return future.length === 0 ? null : Math.min(...future);
}

function groupImages(rows: { ownerId: number; id: number; width: number; height: number }[]): Map<number, StoredImage[]> {
  const byOwner = new Map<number, StoredImage[]>();
  for (const { ownerId, ...image } of rows) {
    const list = byOwner.get(ownerId) ?? [];
    list.push(image);
    byOwner.set(ownerId, list);
  }
  return byOwner;
}

function detailsOf(row: typeof productsTable.$inferSelect): ProductDetails {
  const pair = (ja: string, en: string) => ({ ja, en });
  const category: LiquorCategory | null = row.liquorCategory !== null && isLiquorCategory(row.liquorCategory) ? row.liquorCategory : null;
  return {
    originCountry: pair(row.originCountryJa, row.originCountryEn),
    originRegion: pair(row.originRegionJa, row.originRegionEn),
    producer: pair(row.producerJa, row.producerEn),
    ingredients: pair(row.ingredientsJa, row.ingredientsEn),
    vintage: row.vintage,
    volumeMl: row.volumeMl,
    alcoholPermille: row.alcoholPermille,
    sweetness: row.sweetness,
    body: row.body,
    storage: pair(row.storageJa, row.storageEn),
    liquorCategory: category,
  };
}

/** Reads the published catalogue in a handful of queries (no per-row queries). */
export async function loadCatalogSnapshot(db: Database, hashids: Hashids, taxRatePercent: number, now: Date = new Date()): Promise<CatalogSnapshot> {
  const [productRows, productImageRows, productSeriesRows, seriesRows, liquorTypeRows, exhibitRows, exhibitImageRows, exhibitProductRows] = await Promise.all([
    db.select().from(productsTable).where(eq(productsTable.published, true)).orderBy(asc(productsTable.sortOrder), desc(productsTable.id)),
    db
      .select({ ownerId: productImagesTable.productId, id: imagesTable.id, width: imagesTable.width, height: imagesTable.height })
      .from(productImagesTable)
      .innerJoin(imagesTable, eq(imagesTable.id, productImagesTable.imageId))
      .orderBy(asc(productImagesTable.productId), asc(productImagesTable.position)),
    db.select().from(productSeriesTable),
    db.select().from(seriesTable).orderBy(asc(seriesTable.sortOrder), asc(seriesTable.id)),
    db.select().from(liquorTypesTable).orderBy(asc(liquorTypesTable.sortOrder), asc(liquorTypesTable.key)),
    db.select().from(exhibitsTable).where(eq(exhibitsTable.published, true)).orderBy(asc(exhibitsTable.sortOrder), desc(exhibitsTable.id)),
    db
      .select({ ownerId: exhibitImagesTable.exhibitId, id: imagesTable.id, width: imagesTable.width, height: imagesTable.height })
      .from(exhibitImagesTable)
      .innerJoin(imagesTable, eq(imagesTable.id, exhibitImagesTable.imageId))
      .orderBy(asc(exhibitImagesTable.exhibitId), asc(exhibitImagesTable.position)),
    db.select().from(exhibitProductsTable).orderBy(asc(exhibitProductsTable.exhibitId), asc(exhibitProductsTable.position)),
  ]);

  const seriesById = new Map<number, SeriesNode>();
  for (const row of seriesRows) {
    seriesById.set(row.id, {
      id: row.id,
      hashid: hashids.encode(row.id),
      name: { ja: row.nameJa, en: row.nameEn },
      parentId: row.parentId,
      children: [],
    });
  }
  const seriesTree: SeriesNode[] = [];
  for (const node of seriesById.values()) {
    const parent = node.parentId === null ? undefined : seriesById.get(node.parentId);
    (parent ? parent.children : seriesTree).push(node);
  }

  const seriesOfProduct = new Map<number, number[]>();
  for (const row of productSeriesRows) {
    seriesOfProduct.set(row.productId, [...(seriesOfProduct.get(row.productId) ?? []), row.seriesId]);
  }
  const productImages = groupImages(productImageRows);
  const liquorTypeLabels = new Map(liquorTypeRows.map((row) => [row.key, `${row.labelJa} ${row.labelEn}`]));
  const products: CatalogProduct[] = productRows.map((row) => {
    const seriesIds = (seriesOfProduct.get(row.id) ?? []).sort((a, b) => a - b);
    const details = detailsOf(row);
    const seriesNames = seriesIds.flatMap((id) => seriesPath(seriesTree, id)).map((node) => `${node.name.ja} ${node.name.en}`);
    const searchText = foldForSearch(
      [
        row.nameJa,
        row.nameEn,
        ...[details.producer, details.originCountry, details.originRegion, details.ingredients].flatMap((text) => [text.ja, text.en]),
        details.liquorCategory ? `${LIQUOR_CATEGORIES[details.liquorCategory].ja} ${LIQUOR_CATEGORIES[details.liquorCategory].en}` : "",
        row.liquorType ? (liquorTypeLabels.get(row.liquorType) ?? "") : "",
        ...seriesNames,
      ].join("\n"),
    );
    return {
      id: row.id,
      name: { ja: row.nameJa, en: row.nameEn },
      description: { ja: row.descriptionJa, en: row.descriptionEn },
      price: row.price,
      priceIncludingTax: priceIncludingTax(row.price, taxRateOf(row, taxRatePercent)),
      taxRatePercent: taxRateOf(row, taxRatePercent),
      shippingType: row.shippingType,
      buyableLimit: row.buyableLimit,
      liquorType: row.liquorType,
      soldOut: soldOutAt(row, now),
      sales: { salesStart: row.salesStart, salesEnd: row.salesEnd, releaseDate: row.releaseDate },
      seriesIds,
      images: productImages.get(row.id) ?? [],
      details,
      searchText,
      pointRatePercent: row.pointRatePercent,
    };
  });
  const publishedIds = new Set(products.map((product) => product.id));
  const productsOfExhibit = new Map<number, number[]>();
  for (const row of exhibitProductRows) {
    if (publishedIds.has(row.productId)) productsOfExhibit.set(row.exhibitId, [...(productsOfExhibit.get(row.exhibitId) ?? []), row.productId]);
  }

  const exhibitImages = groupImages(exhibitImageRows);
  const exhibits: CatalogExhibit[] = exhibitRows.map((row) => ({
    id: row.id,
    name: { ja: row.nameJa, en: row.nameEn },
    description: { ja: row.descriptionJa, en: row.descriptionEn },
    top: row.top,
    images: exhibitImages.get(row.id) ?? [],
    productIds: productsOfExhibit.get(row.id) ?? [],
  }));

  return {
    products,
    productsById: new Map(products.map((product) => [product.id, product])),
    seriesTree,
    seriesById,
    liquorTypes: liquorTypeRows.map((row) => ({ key: row.key, label: { ja: row.labelJa, en: row.labelEn } })),
    exhibits,
    exhibitsById: new Map(exhibits.map((exhibit) => [exhibit.id, exhibit])),
    publicImageIds: new Set([...products, ...exhibits].flatMap((owner) => owner.images.map((image) => image.id))),
    nextPhaseChange: nextPhaseChange(
      products.map((product) => product.sales),
      now,
    ),
  };
}

/**
 * The snapshot with these products' stock and sold-out state read again, the rest kept as it is:
 * what a checkout or a cancelled order changes, without reading the whole catalogue again.
 */
export async function withFreshAvailability(db: Database, snapshot: CatalogSnapshot, productIds: number[]): Promise<CatalogSnapshot> {
  const rows = await db
    .select({
      id: productsTable.id,
      stock: productsTable.stock,
      soldOutFlag: productsTable.soldOutFlag,
      preorderAllocation: productsTable.preorderAllocation,
      preorderOwed: productsTable.preorderOwed,
    })
    .from(productsTable)
    .where(inArray(productsTable.id, productIds));
  const fresh = new Map(rows.map((row) => [row.id, row]));
  const now = new Date();
  const products = snapshot.products.map((product) => {
    const row = fresh.get(product.id);
    return row ? { ...product, soldOut: soldOutAt({ ...row, ...product.sales }, now) } : product;
  });
  return { ...snapshot, products, productsById: new Map(products.map((product) => [product.id, product])) };
}
