import sharp from "sharp";
import type { Database } from "../db/client.ts";
import {
  exhibitImagesTable,
  exhibitsTable,
  liquorTypesTable,
  productImagesTable,
  productSeriesTable,
  productsTable,
  seriesTable,
} from "../db/schema/catalog.ts";
import { ImageService } from "../images/image.service.ts";
import { recordStockMove } from "../catalog/catalog.stock.ts";

/** Builds catalogue rows for tests, with small real images, and returns their ids. */
export class CatalogFactory {
  private readonly images: ImageService;
  private imageCounter = 0;

  constructor(private readonly db: Database) {
    this.images = new ImageService(db);
  }

  async liquorType(key: string, label = { ja: key, en: key }): Promise<string> {
    await this.db.insert(liquorTypesTable).values({ key, labelJa: label.ja, labelEn: label.en }).onConflictDoNothing();
    return key;
  }

  async series(name: { ja: string; en: string }, parentId: number | null = null): Promise<number> {
    const [row] = await this.db.insert(seriesTable).values({ nameJa: name.ja, nameEn: name.en, parentId }).returning({ id: seriesTable.id });
    return row!.id;
  }

  /** A distinct 40×50 PNG each call (distinct bytes, so each is stored as its own image). */
  async image(): Promise<number> {
    this.imageCounter += 1;
    const png = await sharp({
      create: { width: 40, height: 50, channels: 3, background: { r: 100 + this.imageCounter, g: 30, b: 40 } },
    })
      .png()
      .toBuffer();
    return (await this.images.store(png)).id;
  }

  async product(
    fields: {
      name?: { ja: string; en: string };
      description?: { ja: string; en: string };
      price?: number;
      stock?: number;
      soldOut?: boolean;
      published?: boolean;
      buyableLimit?: number | null;
      shippingType?: "normal" | "cool";
      liquorType?: string | null;
      seriesIds?: number[];
      imageCount?: number;
      volumeMl?: number | null;
      alcoholPermille?: number | null;
      mailOrderAllowed?: boolean;
      taxClass?: "standard" | "reduced";
      /** The liquor tax law's 品目 (a key of LIQUOR_CATEGORIES); none by default. */
      liquorCategory?: string | null;
      /** The business date of the opening move in the ledger (today by default). */
      openedOn?: string;
      /** The product's own point rate (decision 089); none by default. */
      pointRatePercent?: number | null;
    } = {},
  ): Promise<number> {
    const name = fields.name ?? { ja: "テストワイン", en: "Test wine" };
    const [row] = await this.db
      .insert(productsTable)
      .values({
        nameJa: name.ja,
        nameEn: name.en,
        descriptionJa: fields.description?.ja ?? "一行目\n二行目",
        descriptionEn: fields.description?.en ?? "Line one\nLine two",
        price: fields.price ?? 3000,
        stock: fields.stock ?? 10,
        soldOutFlag: fields.soldOut ?? false,
        published: fields.published ?? true,
        buyableLimit: fields.buyableLimit ?? null,
        shippingType: fields.shippingType ?? "normal",
        liquorType: fields.liquorType ?? null,
        volumeMl: fields.volumeMl === undefined ? 750 : fields.volumeMl,
        alcoholPermille: fields.alcoholPermille === undefined ? 130 : fields.alcoholPermille,
        mailOrderAllowed: fields.mailOrderAllowed ?? true,
        taxClass: fields.taxClass ?? "standard",
        liquorCategory: fields.liquorCategory ?? null,
        pointRatePercent: fields.pointRatePercent ?? null,
      })
      .returning({ id: productsTable.id });
    const productId = row!.id;
    // Every stock figure is the sum of its ledger moves (docs/decisions/038), in tests too.
    await recordStockMove(this.db, { productId, kind: "opening", quantity: fields.stock ?? 10, actor: "system", movedOn: fields.openedOn });
    for (const seriesId of fields.seriesIds ?? []) await this.db.insert(productSeriesTable).values({ productId, seriesId });
    for (let position = 0; position < (fields.imageCount ?? 1); position++) {
      await this.db.insert(productImagesTable).values({ productId, imageId: await this.image(), position });
    }
    return productId;
  }

  async exhibit(fields: { name?: { ja: string; en: string }; top?: boolean; published?: boolean } = {}): Promise<number> {
    const name = fields.name ?? { ja: "蔵の逸品", en: "Kura selection" };
    const [row] = await this.db
      .insert(exhibitsTable)
      .values({
        nameJa: name.ja,
        nameEn: name.en,
        descriptionJa: "説明\n二行目",
        descriptionEn: "About\nline two",
        top: fields.top ?? false,
        published: fields.published ?? true,
      })
      .returning({ id: exhibitsTable.id });
    await this.db.insert(exhibitImagesTable).values({ exhibitId: row!.id, imageId: await this.image(), position: 0 });
    return row!.id;
  }
}
