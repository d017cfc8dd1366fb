import { asc, count, eq, isNotNull } from "drizzle-orm";
import type { AdminLiquorType } from "../../domain/admin-catalog.ts";
import type { LiquorTypeChanges } from "../../domain/catalog-input.ts";
import type { Locale } from "../../domain/locale.ts";
import type { CatalogService } from "./catalog.service.ts";
import type { Database } from "../db/client.ts";
import { liquorTypesTable, productsTable } from "../db/schema/catalog.ts";
import { DomainError } from "../../domain/errors.ts";
import { fieldRefusal } from "../i18n/validation.ts";

/** Kinds of liquor for the shop's filter: add, rename (labels in both languages), reorder. */
export class AdminLiquorTypesService {
  /** Every write through it refreshes the shop's cached catalogue once done (catalog-writes.ts). */
  private readonly db: Database;

  constructor(private readonly deps: { catalog: CatalogService }) {
    this.db = deps.catalog.writeDatabase();
  }

  async list(): Promise<AdminLiquorType[]> {
    const [rows, products] = await Promise.all([
      this.db.select().from(liquorTypesTable).orderBy(asc(liquorTypesTable.sortOrder), asc(liquorTypesTable.key)),
      this.db
        .select({ key: productsTable.liquorType, count: count() })
        .from(productsTable)
        .where(isNotNull(productsTable.liquorType))
        .groupBy(productsTable.liquorType),
    ]);
    const counts = new Map(products.map((row) => [row.key, row.count]));
    return rows.map((row) => ({
      key: row.key,
      label_ja: row.labelJa,
      label_en: row.labelEn,
      sort_order: row.sortOrder,
      product_count: counts.get(row.key) ?? 0,
    }));
  }

  async create(key: string, changes: LiquorTypeChanges, locale: Locale): Promise<AdminLiquorType> {
    const [row] = await this.db
      .insert(liquorTypesTable)
      .values({ key, labelJa: changes.labelJa!, labelEn: changes.labelEn!, sortOrder: changes.sortOrder ?? 0 })
      .onConflictDoNothing()
      .returning({ key: liquorTypesTable.key });
    if (!row) throw fieldRefusal(locale, "key", "taken");
    return this.one(key);
  }

  async update(key: string, changes: LiquorTypeChanges): Promise<AdminLiquorType> {
    // A PATCH without fields changes nothing (an empty SET is not SQL: it was a 500).
    if (Object.values(changes).every((value) => value === undefined)) return this.one(key);
    const [row] = await this.db.update(liquorTypesTable).set(changes).where(eq(liquorTypesTable.key, key)).returning({ key: liquorTypesTable.key });
    if (!row) throw new DomainError("not-found");
    return this.one(key);
  }

  /** Only a type no product uses goes (the shop's filter links would otherwise lose products). */
  async remove(key: string): Promise<void> {
    const found = await this.one(key);
    if (found.product_count > 0) throw new DomainError("conflict", "liquorTypeInUse");
    await this.db.delete(liquorTypesTable).where(eq(liquorTypesTable.key, key));
  }

  private async one(key: string): Promise<AdminLiquorType> {
    const found = (await this.list()).find((type) => type.key === key);
    if (!found) throw new DomainError("not-found");
    return found;
  }
}
