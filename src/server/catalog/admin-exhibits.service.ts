import { asc, desc, eq } from "drizzle-orm";
import type { AdminExhibit } from "../../domain/admin-catalog.ts";
import { DESCRIPTION_MAX, NAME_MAX, SORT_ORDER_MAX } from "../../domain/admin-catalog.ts";
import type { Locale } from "../../domain/locale.ts";
import type { CatalogService } from "./catalog.service.ts";
import type { Database } from "../db/client.ts";
import { exhibitsTable } from "../db/schema/catalog.ts";
import { AppError } from "../http/errors.ts";
import { FormReader } from "../http/form-reader.ts";
import type { AdminUploadsService } from "../admin/admin-uploads.service.ts";
import { imagesOf, readImageOrder, replaceImages } from "./attached-images.ts";

interface ExhibitChanges {
  nameJa?: string | undefined;
  nameEn?: string | undefined;
  descriptionJa?: string | undefined;
  descriptionEn?: string | undefined;
  top?: boolean | undefined;
  published?: boolean | undefined;
  sortOrder?: number | undefined;
}

export function readExhibitInput(body: unknown, locale: Locale, partial: boolean): ExhibitChanges {
  const form = new FormReader(body, locale, partial);
  const changes: ExhibitChanges = {
    nameJa: form.text("name_ja", { required: true, max: NAME_MAX }),
    nameEn: form.text("name_en", { required: true, max: NAME_MAX }),
    descriptionJa: form.text("description_ja", { max: DESCRIPTION_MAX, multiline: true }),
    descriptionEn: form.text("description_en", { max: DESCRIPTION_MAX, multiline: true }),
    top: form.boolean("top", false),
    published: form.boolean("published", true),
    sortOrder: form.integer("sort_order", { min: -SORT_ORDER_MAX, max: SORT_ORDER_MAX, fallback: 0 }) ?? undefined,
  };
  form.finish();
  return changes;
}

type ExhibitRow = typeof exhibitsTable.$inferSelect;

/** Showcase items ("Our Products"): every field in both languages, the top flag, and their pictures. */
export class AdminExhibitsService {
  /** Every write through it refreshes the shop's cached catalogue once done (catalog-writes.ts). */
  private readonly db: Database;

  constructor(private readonly deps: { catalog: CatalogService; uploads: AdminUploadsService }) {
    this.db = deps.catalog.writeDatabase();
  }

  async list(): Promise<AdminExhibit[]> {
    const rows = await this.db.select().from(exhibitsTable).orderBy(asc(exhibitsTable.sortOrder), desc(exhibitsTable.id));
    return Promise.all(rows.map((row) => this.resource(row)));
  }

  async detail(id: number): Promise<AdminExhibit> {
    const [row] = await this.db.select().from(exhibitsTable).where(eq(exhibitsTable.id, id));
    if (!row) throw new AppError("not-found");
    return this.resource(row);
  }

  async create(changes: ExhibitChanges): Promise<AdminExhibit> {
    const [row] = await this.db
      .insert(exhibitsTable)
      .values({ ...changes, nameJa: changes.nameJa!, nameEn: changes.nameEn! })
      .returning({ id: exhibitsTable.id });
    return this.detail(row!.id);
  }

  async update(id: number, changes: ExhibitChanges): Promise<AdminExhibit> {
    const [row] = await this.db
      .update(exhibitsTable)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(exhibitsTable.id, id))
      .returning({ id: exhibitsTable.id });
    if (!row) throw new AppError("not-found");
    return this.detail(id);
  }

  /** The exhibit and its picture links go; the pictures themselves stay (others may use them). */
  async remove(id: number): Promise<void> {
    const [row] = await this.db.delete(exhibitsTable).where(eq(exhibitsTable.id, id)).returning({ id: exhibitsTable.id });
    if (!row) throw new AppError("not-found");
  }

  async attachImage(id: number, signedId: unknown, locale: Locale): Promise<AdminExhibit> {
    const current = await this.detail(id);
    const imageId = await this.deps.uploads.imageOf(signedId, locale);
    const ids = current.images.map((image) => image.id);
    if (!ids.includes(imageId)) await replaceImages(this.db, "exhibit", id, [...ids, imageId]);
    return this.detail(id);
  }

  async arrangeImages(id: number, body: unknown, locale: Locale): Promise<AdminExhibit> {
    await this.detail(id);
    await replaceImages(this.db, "exhibit", id, await readImageOrder(this.db, "exhibit", id, body, locale));
    return this.detail(id);
  }

  private async resource(row: ExhibitRow): Promise<AdminExhibit> {
    return {
      id: row.id,
      name_ja: row.nameJa,
      name_en: row.nameEn,
      description_ja: row.descriptionJa,
      description_en: row.descriptionEn,
      top: row.top,
      published: row.published,
      sort_order: row.sortOrder,
      images: await imagesOf(this.db, "exhibit", row.id),
    };
  }
}
