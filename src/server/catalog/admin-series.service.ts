import { asc, count, eq } from "drizzle-orm";
import type { AdminSeries } from "../../domain/admin-catalog.ts";
import { descendantsOf } from "../../domain/admin-catalog.ts";
import type { SeriesChanges } from "../../domain/catalog-input.ts";
import type { Locale } from "../../domain/locale.ts";
import type { CatalogService } from "./catalog.service.ts";
import type { Database } from "../db/client.ts";
import { productSeriesTable, seriesTable } from "../db/schema/catalog.ts";
import { DomainError } from "../../domain/errors.ts";
import { fieldRefusal } from "../i18n/validation.ts";

/**
 * The series tree (ワイン › 赤 …): add, rename, move under another parent (never under itself or
 * its own sub-series: that would cut the branch off the tree), and delete only an empty series.
 */
export class AdminSeriesService {
  /** Every write through it refreshes the shop's cached catalogue once done (catalog-writes.ts). */
  private readonly db: Database;

  constructor(private readonly deps: { catalog: CatalogService }) {
    this.db = deps.catalog.writeDatabase();
  }

  async list(): Promise<AdminSeries[]> {
    const [rows, products] = await Promise.all([
      this.db.select().from(seriesTable).orderBy(asc(seriesTable.sortOrder), asc(seriesTable.id)),
      this.db.select({ seriesId: productSeriesTable.seriesId, count: count() }).from(productSeriesTable).groupBy(productSeriesTable.seriesId),
    ]);
    const productCounts = new Map(products.map((row) => [row.seriesId, row.count]));
    return rows.map((row) => ({
      id: row.id,
      parent_id: row.parentId,
      name_ja: row.nameJa,
      name_en: row.nameEn,
      sort_order: row.sortOrder,
      product_count: productCounts.get(row.id) ?? 0,
      child_count: rows.filter((other) => other.parentId === row.id).length,
    }));
  }

  async create(changes: SeriesChanges, locale: Locale): Promise<AdminSeries> {
    await this.checkParent(null, changes.parentId, locale);
    const [row] = await this.db
      .insert(seriesTable)
      .values({ nameJa: changes.nameJa!, nameEn: changes.nameEn!, parentId: changes.parentId ?? null, sortOrder: changes.sortOrder ?? 0 })
      .returning({ id: seriesTable.id });
    return this.one(row!.id);
  }

  async update(id: number, changes: SeriesChanges, locale: Locale): Promise<AdminSeries> {
    await this.one(id);
    await this.checkParent(id, changes.parentId, locale);
    // A PATCH without fields changes nothing (an empty SET is not SQL: it was a 500).
    if (Object.values(changes).every((value) => value === undefined)) return this.one(id);
    await this.db.update(seriesTable).set(changes).where(eq(seriesTable.id, id));
    return this.one(id);
  }

  /** Only a series without products and sub-series goes; otherwise a 409 saying why. */
  async remove(id: number): Promise<void> {
    const series = await this.one(id);
    if (series.product_count > 0 || series.child_count > 0) throw new DomainError("conflict", "seriesNotEmpty");
    await this.db.delete(seriesTable).where(eq(seriesTable.id, id));
  }

  private async one(id: number): Promise<AdminSeries> {
    const found = (await this.list()).find((series) => series.id === id);
    if (!found) throw new DomainError("not-found");
    return found;
  }

  /** The parent must exist and, for a move, must not be the series itself or below it. */
  private async checkParent(id: number | null, parentId: number | null | undefined, locale: Locale): Promise<void> {
    if (parentId === undefined || parentId === null) return;
    const rows = await this.db.select({ id: seriesTable.id, parentId: seriesTable.parentId }).from(seriesTable);
    if (!rows.some((row) => row.id === parentId)) throw fieldRefusal(locale, "parent_id", "inclusion");
    if (id !== null && (parentId === id || descendantsOf(id, new Map(rows.map((row) => [row.id, row.parentId]))).has(parentId))) {
      throw new DomainError("invalid", "seriesCycle");
    }
  }
}
