import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { liquorTypesTable, productSeriesTable, productsTable } from "../db/schema/catalog.ts";
import type { SelectedFields } from "drizzle-orm/pg-core";

/** How the figures and reports name a product: its id and both names. */
const productNames = { id: productsTable.id, nameJa: productsTable.nameJa, nameEn: productsTable.nameEn };

/** A product's liquor-law records as the sales report needs them (today's records). */
export interface ProductLiquorRecord {
  id: number;
  nameJa: string;
  nameEn: string;
  volumeMl: number | null;
  alcoholPermille: number | null;
  liquorType: string | null;
}

export interface LiquorTypeLabel {
  key: string;
  labelJa: string;
  labelEn: string;
  sortOrder: number;
}

/**
 * What the catalogue publishes for the back office's figures and reports, read from its tables
 * (including what is not published, which the shop's cached catalogue leaves out).
 */
export class CatalogReadModel {
  constructor(private readonly db: Database) {}

  /** Published products on sale with `atOrBelow` bottles or fewer, fewest first. */
  async lowStock(atOrBelow: number): Promise<{ id: number; nameJa: string; nameEn: string; stock: number }[]> {
    return this.db
      .select({ ...productNames, stock: productsTable.stock })
      .from(productsTable)
      .where(and(eq(productsTable.published, true), eq(productsTable.soldOutFlag, false), lte(productsTable.stock, atOrBelow)))
      .orderBy(asc(productsTable.stock), asc(productsTable.id));
  }

  /** Published products with their stock and liquor type, for the dashboard's pace of sales. */
  async stockedProducts(): Promise<{ id: number; nameJa: string; nameEn: string; stock: number; liquorType: string | null }[]> {
    return this.db
      .select({ ...productNames, stock: productsTable.stock, liquorType: productsTable.liquorType })
      .from(productsTable)
      .where(eq(productsTable.published, true))
      .orderBy(asc(productsTable.id));
  }

  /**
   * Whether each product is on sale and how many bottles it has for sale, published or not
   * (再入荷のお知らせ and お気に入り, decision 083): bottles owed to unshipped pre-orders are in stock
   * but not for sale, so their arrival is no restock (decision 092).
   */
  async saleStates(ids: number[]): Promise<{ id: number; nameJa: string; nameEn: string; published: boolean; soldOutFlag: boolean; stock: number }[]> {
    return this.productsWithIds(ids, {
      ...productNames,
      published: productsTable.published,
      soldOutFlag: productsTable.soldOutFlag,
      stock: sql<number>`greatest(${productsTable.stock} - ${productsTable.preorderOwed}, 0)`.mapWith(Number),
    });
  }

  async liquorRecords(ids: number[]): Promise<ProductLiquorRecord[]> {
    return this.productsWithIds(ids, {
      ...productNames,
      volumeMl: productsTable.volumeMl,
      alcoholPermille: productsTable.alcoholPermille,
      liquorType: productsTable.liquorType,
    });
  }

  async liquorTypes(): Promise<LiquorTypeLabel[]> {
    return this.db.select().from(liquorTypesTable);
  }

  /** The series each product is in (a coupon limited to series reads it); `tx` inside an order's transaction. */
  async seriesOf(productIds: readonly number[], tx: Database = this.db): Promise<Map<number, number[]>> {
    const series = new Map<number, number[]>();
    if (productIds.length === 0) return series;
    const rows = await tx
      .select({ productId: productSeriesTable.productId, seriesId: productSeriesTable.seriesId })
      .from(productSeriesTable)
      .where(inArray(productSeriesTable.productId, [...productIds]));
    for (const row of rows) series.set(row.productId, [...(series.get(row.productId) ?? []), row.seriesId]);
    return series;
  }

  /** What a coupon's preview needs of products: price before tax, tax class and what makes them liquor (taxRateOf). */
  async couponFacts(productIds: readonly number[]) {
    return this.productsWithIds(productIds, {
      id: productsTable.id,
      price: productsTable.price,
      taxClass: productsTable.taxClass,
      liquorType: productsTable.liquorType,
      liquorCategory: productsTable.liquorCategory,
      alcoholPermille: productsTable.alcoholPermille,
    });
  }

  /** A product's own point rate (decision 089): null when it has none (the member's rate applies); undefined when there is no such product. */
  async pointRateOf(productId: number): Promise<number | null | undefined> {
    const [row] = await this.db.select({ rate: productsTable.pointRatePercent }).from(productsTable).where(eq(productsTable.id, productId));
    return row ? row.rate : undefined;
  }

  /** `fields` of the products with these ids, published or not; no ids, no query. */
  private async productsWithIds<F extends SelectedFields>(ids: readonly number[], fields: F) {
    if (ids.length === 0) return [];
    return this.db
      .select(fields)
      .from(productsTable)
      .where(inArray(productsTable.id, [...ids]));
  }
}
