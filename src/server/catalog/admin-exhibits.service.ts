import { asc, desc, eq, inArray } from "drizzle-orm";
import type { AdminExhibit } from "../../domain/admin-catalog.ts";
import type { ExhibitChanges } from "../../domain/catalog-input.ts";
import type { Locale } from "../../domain/locale.ts";
import type { CatalogService } from "./catalog.service.ts";
import type { Database } from "../db/client.ts";
import { exhibitProductsTable, exhibitsTable, productsTable } from "../db/schema/catalog.ts";
import { DomainError } from "../../domain/errors.ts";
import { fieldRefusal } from "../i18n/validation.ts";
import type { AdminUploadsService } from "../images/admin-uploads.service.ts";
import type { ImageActions } from "./attached-images.ts";
import { imageActions, imagesOf } from "./attached-images.ts";

type ExhibitRow = typeof exhibitsTable.$inferSelect;

/** Showcase items ("Our Products"): every field in both languages, the top flag, and their pictures. */
export class AdminExhibitsService {
  /** Every write through it refreshes the shop's cached catalogue once done (catalog-writes.ts). */
  private readonly db: Database;

  /** Its pictures: attach an upload, or keep some in a new order (attached-images.ts). */
  readonly images: ImageActions<AdminExhibit>;

  constructor(private readonly deps: { catalog: CatalogService; uploads: AdminUploadsService }) {
    this.db = deps.catalog.writeDatabase();
    this.images = imageActions(this.db, "exhibit", { detail: (id) => this.detail(id), uploads: deps.uploads });
  }

  async list(): Promise<AdminExhibit[]> {
    const rows = await this.db.select().from(exhibitsTable).orderBy(asc(exhibitsTable.sortOrder), desc(exhibitsTable.id));
    return Promise.all(rows.map((row) => this.resource(row)));
  }

  async detail(id: number): Promise<AdminExhibit> {
    const [row] = await this.db.select().from(exhibitsTable).where(eq(exhibitsTable.id, id));
    if (!row) throw new DomainError("not-found");
    return this.resource(row);
  }

  async create(changes: ExhibitChanges, locale: Locale): Promise<AdminExhibit> {
    const { productIds, ...columns } = changes;
    await this.checkProducts(productIds, locale);
    const [row] = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(exhibitsTable)
        .values({ ...columns, nameJa: columns.nameJa!, nameEn: columns.nameEn! })
        .returning({ id: exhibitsTable.id });
      if (productIds && productIds.length > 0) {
        await tx.insert(exhibitProductsTable).values(productIds.map((productId, position) => ({ exhibitId: inserted[0]!.id, productId, position })));
      }
      return inserted;
    });
    return this.detail(row!.id);
  }

  async update(id: number, changes: ExhibitChanges, locale: Locale): Promise<AdminExhibit> {
    const { productIds, ...columns } = changes;
    await this.checkProducts(productIds, locale);
    const [row] = await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(exhibitsTable)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(exhibitsTable.id, id))
        .returning({ id: exhibitsTable.id });
      if (updated.length > 0 && productIds) {
        await tx.delete(exhibitProductsTable).where(eq(exhibitProductsTable.exhibitId, id));
        if (productIds.length > 0)
          await tx.insert(exhibitProductsTable).values(productIds.map((productId, position) => ({ exhibitId: id, productId, position })));
      }
      return updated;
    });
    if (!row) throw new DomainError("not-found");
    return this.detail(id);
  }

  /** The exhibit and its picture links go; the pictures themselves stay (others may use them). */
  async remove(id: number): Promise<void> {
    const [row] = await this.db.delete(exhibitsTable).where(eq(exhibitsTable.id, id)).returning({ id: exhibitsTable.id });
    if (!row) throw new DomainError("not-found");
  }

  /** Every linked product must exist (published or not: the shop shows only published ones). */
  private async checkProducts(productIds: number[] | undefined, locale: Locale): Promise<void> {
    if (!productIds || productIds.length === 0) return;
    const known = await this.db.select({ id: productsTable.id }).from(productsTable).where(inArray(productsTable.id, productIds));
    if (known.length === productIds.length) return;
    throw fieldRefusal(locale, "product_ids", "inclusion");
  }

  private async resource(row: ExhibitRow): Promise<AdminExhibit> {
    const linked = await this.db
      .select({ productId: exhibitProductsTable.productId })
      .from(exhibitProductsTable)
      .where(eq(exhibitProductsTable.exhibitId, row.id))
      .orderBy(asc(exhibitProductsTable.position));
    return {
      id: row.id,
      name_ja: row.nameJa,
      name_en: row.nameEn,
      description_ja: row.descriptionJa,
      description_en: row.descriptionEn,
      top: row.top,
      published: row.published,
      sort_order: row.sortOrder,
      product_ids: linked.map((link) => link.productId),
      images: await imagesOf(this.db, "exhibit", row.id),
    };
  }
}
