import { and, asc, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { AdminProduct, AdminProductRow } from "../../domain/admin-catalog.ts";
import { LOW_STOCK_AT, STOCK_MAX, percentOf } from "../../domain/admin-catalog.ts";
import type { Locale } from "../../domain/locale.ts";
import type { CatalogService } from "./catalog.service.ts";
import type { Database } from "../db/client.ts";
import { imagesTable, liquorTypesTable, productImagesTable, productSeriesTable, productsTable, seriesTable } from "../db/schema/catalog.ts";
import type { TaxClass } from "../../domain/tax-rates.ts";
import { LIQUOR_REDUCED_REFUSAL, isLiquorProduct } from "../../domain/tax-rates.ts";
import { DomainError, validationFailed } from "../../domain/errors.ts";
import { FieldErrors, fieldRefusal } from "../i18n/validation.ts";
import { message } from "../i18n/messages.ts";
import type { AdminUploadsService } from "../images/admin-uploads.service.ts";
import type { ProductChanges } from "../../domain/catalog-input.ts";
import type { ImageActions } from "./attached-images.ts";
import { imageActions, imagesOf } from "./attached-images.ts";
import { recordStockMove } from "./catalog.stock.ts";
import { moveStock, setCountedStock } from "./stock-ledger.service.ts";
import { anyContains } from "../db/search.ts";

/** The reason booked when the product form's stock field changes the figure (a count by hand). */
const STOCK_FIELD_REASON = "在庫数の直接修正";

export interface AdminProductFilters {
  q?: string | undefined;
  published?: boolean | undefined;
  lowStock?: boolean | undefined;
}

/**
 * The trader's products: every product, published or not, with every field in both languages.
 * Each write ends with `catalog.changed()`, so the shop shows it at once (in every process).
 */
export class AdminProductsService {
  /** Every write through it refreshes the shop's cached catalogue once done (catalog-writes.ts). */
  private readonly db: Database;

  /** Its pictures: attach an upload, or keep some in a new order (attached-images.ts). */
  readonly images: ImageActions<AdminProduct>;

  constructor(private readonly deps: { catalog: CatalogService; uploads: AdminUploadsService }) {
    this.db = deps.catalog.writeDatabase();
    this.images = imageActions(this.db, "product", { detail: (id) => this.detail(id), uploads: deps.uploads });
  }

  async list(filters: AdminProductFilters): Promise<AdminProductRow[]> {
    const conditions: SQL[] = [];
    if (filters.q) {
      const byId = /^\d{1,9}$/.test(filters.q) ? [eq(productsTable.id, Number(filters.q))] : [];
      conditions.push(anyContains(filters.q, [productsTable.nameJa, productsTable.nameEn], byId));
    }
    if (filters.published !== undefined) conditions.push(eq(productsTable.published, filters.published));
    if (filters.lowStock) conditions.push(lte(productsTable.stock, LOW_STOCK_AT));
    // The first picture of each product, for the list's thumbnail.
    const firstImage = this.db
      .select({ productId: productImagesTable.productId, imageId: sql<number>`min(${productImagesTable.imageId})`.as("image_id") })
      .from(productImagesTable)
      .where(eq(productImagesTable.position, 0))
      .groupBy(productImagesTable.productId)
      .as("first_image");
    const rows = await this.db
      .select({ product: productsTable, image: { id: imagesTable.id, width: imagesTable.width, height: imagesTable.height } })
      .from(productsTable)
      .leftJoin(firstImage, eq(firstImage.productId, productsTable.id))
      .leftJoin(imagesTable, eq(imagesTable.id, firstImage.imageId))
      .where(and(...conditions))
      .orderBy(asc(productsTable.sortOrder), desc(productsTable.id));
    return rows.map(({ product, image }) => ({
      id: product.id,
      name_ja: product.nameJa,
      name_en: product.nameEn,
      price: product.price,
      stock: product.stock,
      sold_out_flag: product.soldOutFlag,
      published: product.published,
      low_stock: product.stock <= LOW_STOCK_AT,
      sort_order: product.sortOrder,
      image: image?.id ? image : null,
      point_rate_percent: product.pointRatePercent,
    }));
  }

  async detail(id: number): Promise<AdminProduct> {
    const [product] = await this.db.select().from(productsTable).where(eq(productsTable.id, id));
    if (!product) throw new DomainError("not-found");
    const series = await this.db.select({ id: productSeriesTable.seriesId }).from(productSeriesTable).where(eq(productSeriesTable.productId, id));
    return {
      id: product.id,
      name_ja: product.nameJa,
      name_en: product.nameEn,
      description_ja: product.descriptionJa,
      description_en: product.descriptionEn,
      price: product.price,
      stock: product.stock,
      buyable_limit: product.buyableLimit,
      sold_out_flag: product.soldOutFlag,
      shipping_type: product.shippingType,
      series_ids: series.map((row) => row.id).sort((a, b) => a - b),
      liquor_type: product.liquorType,
      sort_order: product.sortOrder,
      published: product.published,
      volume_ml: product.volumeMl,
      alcohol_percent: product.alcoholPermille === null ? null : percentOf(product.alcoholPermille),
      mail_order_allowed: product.mailOrderAllowed,
      origin_country_ja: product.originCountryJa,
      origin_country_en: product.originCountryEn,
      origin_region_ja: product.originRegionJa,
      origin_region_en: product.originRegionEn,
      producer_ja: product.producerJa,
      producer_en: product.producerEn,
      ingredients_ja: product.ingredientsJa,
      ingredients_en: product.ingredientsEn,
      vintage: product.vintage,
      sweetness: product.sweetness,
      body_level: product.body,
      storage_ja: product.storageJa,
      storage_en: product.storageEn,
      liquor_category: product.liquorCategory,
      tax_class: product.taxClass,
      sales_start: product.salesStart?.toISOString() ?? null,
      sales_end: product.salesEnd?.toISOString() ?? null,
      release_date: product.releaseDate,
      preorder_allocation: product.preorderAllocation,
      point_rate_percent: product.pointRatePercent,
      images: await imagesOf(this.db, "product", id),
      updated_at: product.updatedAt.toISOString(),
    };
  }

  /** A new product; the stock it starts with is booked as its opening balance. */
  async create(changes: ProductChanges, locale: Locale, staffId: number): Promise<AdminProduct> {
    await this.checkReferences(changes, locale);
    checkTaxClass(changes, undefined, locale);
    checkSalesWindow(changes, undefined, locale);
    const { seriesIds, ...columns } = changes;
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(productsTable)
        .values({ ...columns, nameJa: columns.nameJa!, nameEn: columns.nameEn!, price: columns.price! })
        .returning({ id: productsTable.id, stock: productsTable.stock });
      await recordStockMove(tx, { productId: row!.id, kind: "opening", quantity: row!.stock, actor: "staff", actorId: String(staffId) });
      if (seriesIds && seriesIds.length > 0) await tx.insert(productSeriesTable).values(seriesIds.map((seriesId) => ({ productId: row!.id, seriesId })));
      return row!.id;
    });
    return this.detail(id);
  }

  /**
   * Changes the fields sent. A stock figure sent is a count by hand: the difference is booked as a
   * stock-take correction (the ledger's adjustments are the way with a reason of the trader's own).
   */
  async update(id: number, changes: ProductChanges, locale: Locale, staffId: number): Promise<AdminProduct> {
    await this.checkReferences(changes, locale);
    const { seriesIds, stock, ...columns } = changes;
    const found = await this.db.transaction(async (tx) => {
      // The tax class rule is judged on the row as it is, locked: a concurrent change of the liquor
      // fields or the class waits for this one and is judged after it (issue 28; the database's
      // products_liquor_standard_rate backs it, decision 050).
      const [stored] = await tx
        .select({
          liquorType: productsTable.liquorType,
          liquorCategory: productsTable.liquorCategory,
          alcoholPermille: productsTable.alcoholPermille,
          taxClass: productsTable.taxClass,
          salesStart: productsTable.salesStart,
          salesEnd: productsTable.salesEnd,
        })
        .from(productsTable)
        .where(eq(productsTable.id, id))
        .for("update");
      if (!stored) return false;
      checkTaxClass(changes, stored, locale);
      checkSalesWindow(changes, stored, locale);
      const [row] = await tx
        .update(productsTable)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(productsTable.id, id))
        .returning({ id: productsTable.id });
      if (!row) return false;
      if (stock !== undefined) await setCountedStock(tx, id, stock, { actor: "staff", actorId: String(staffId), reason: STOCK_FIELD_REASON });
      if (seriesIds) {
        await tx.delete(productSeriesTable).where(eq(productSeriesTable.productId, id));
        if (seriesIds.length > 0) await tx.insert(productSeriesTable).values(seriesIds.map((seriesId) => ({ productId: id, seriesId })));
      }
      return true;
    });
    if (!found) throw new DomainError("not-found");
    return this.detail(id);
  }

  /**
   * Bottles arrived (the quick restock): added under the row lock, so an order placed meanwhile is
   * not lost, and booked as a receiving whose supplier is not stated (the 仕入帳 shows it so; the
   * ledger's receiving form is the way to state one).
   */
  async restock(id: number, amount: number, locale: Locale, staffId: number): Promise<AdminProduct> {
    const moved = await this.db.transaction((tx) =>
      moveStock(tx, { productId: id, kind: "receiving", quantity: amount, actor: "staff", actorId: String(staffId) }),
    );
    if (!moved) throw new DomainError("not-found");
    if (moved.refused) throw fieldRefusal(locale, "stock", "less_than_or_equal_to", { count: STOCK_MAX });
    return this.detail(id);
  }

  /** The liquor type and series the form names must exist; a 422 on the field otherwise. */
  private async checkReferences(changes: ProductChanges, locale: Locale): Promise<void> {
    const errors = new FieldErrors(locale);
    if (changes.liquorType) {
      const [known] = await this.db.select({ key: liquorTypesTable.key }).from(liquorTypesTable).where(eq(liquorTypesTable.key, changes.liquorType));
      if (!known) errors.add("liquor_type", "inclusion");
    }
    if (changes.seriesIds && changes.seriesIds.length > 0) {
      const known = await this.db.select({ id: seriesTable.id }).from(seriesTable).where(inArray(seriesTable.id, changes.seriesIds));
      if (known.length !== changes.seriesIds.length) errors.add("series_ids", "inclusion");
    }
    if (!errors.empty) throw validationFailed(errors);
  }
}

/**
 * Liquor is always taxed at the standard rate (decision 036): the reduced class is refused for a
 * product that is liquor after this change (a partial change is judged with what is stored).
 */
function checkTaxClass(
  changes: ProductChanges,
  stored: { liquorType: string | null; liquorCategory: string | null; alcoholPermille: number | null; taxClass: TaxClass } | undefined,
  locale: Locale,
): void {
  const after = {
    liquorType: changes.liquorType !== undefined ? changes.liquorType : (stored?.liquorType ?? null),
    liquorCategory: changes.liquorCategory !== undefined ? changes.liquorCategory : (stored?.liquorCategory ?? null),
    alcoholPermille: changes.alcoholPermille !== undefined ? changes.alcoholPermille : (stored?.alcoholPermille ?? null),
  };
  const taxClass = changes.taxClass ?? stored?.taxClass ?? "standard";
  if (taxClass === "reduced" && isLiquorProduct(after)) {
    const errors = new FieldErrors(locale);
    errors.addText("tax_class", LIQUOR_REDUCED_REFUSAL[locale]);
    throw validationFailed(errors);
  }
}

/** The end of a sales window comes after its start (decision 088; products_sales_window_order backs it). */
function checkSalesWindow(changes: ProductChanges, stored: { salesStart: Date | null; salesEnd: Date | null } | undefined, locale: Locale): void {
  const start = changes.salesStart !== undefined ? changes.salesStart : (stored?.salesStart ?? null);
  const end = changes.salesEnd !== undefined ? changes.salesEnd : (stored?.salesEnd ?? null);
  if (start !== null && end !== null && end.getTime() <= start.getTime()) {
    const errors = new FieldErrors(locale);
    errors.addText("sales_end", message("salesWindowOrder", locale));
    throw validationFailed(errors);
  }
}
