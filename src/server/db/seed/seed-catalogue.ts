import { japanDateString } from "../../../domain/sales-window.ts";
import { sql } from "drizzle-orm";
import { loadSharp } from "../../images/sharp.ts";
import { demoExhibitProducts, demoProductDetails } from "./demo-product-details.ts";
import { ImageService } from "../../images/image.service.ts";
import type { Database } from "../client.ts";
import {
  exhibitImagesTable,
  exhibitProductsTable,
  exhibitsTable,
  imageVariantsTable,
  imagesTable,
  liquorTypesTable,
  productImagesTable,
  productSeriesTable,
  productsTable,
  seriesTable,
} from "../schema/catalog.ts";
import { bottleSvg, sceneSvg } from "./demo-art.ts";
import { recordStockMove } from "../../catalog/catalog.stock.ts";
import { demoExhibits, demoLiquorTypes, demoProducts, demoSeries } from "./demo-catalogue.ts";

/** Renders a generated illustration to the WebP original the image store keeps. */
async function renderSvg(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
}

/**
 * The liquor-law records of a demo bottle, read from the label line of its English description
 * ("… / 43% ABV / 700ml"), so the demo data states them once.
 */
export function labelFactsOf(description: string): { volumeMl: number; alcoholPermille: number } {
  const match = /(\d+(?:\.\d)?)% ABV \/ (\d+)ml/.exec(description);
  if (!match) throw new Error(`demo product without "N% ABV / Nml" in its description: ${description.slice(0, 40)}`);
  return { alcoholPermille: Math.round(Number(match[1]) * 10), volumeMl: Number(match[2]) };
}

/** Replaces the catalogue with the demo one: liquor types, series tree, products, exhibits, images. */
export async function seedDemoCatalogue(db: Database): Promise<void> {
  // Children before parents, links before the rows they point to.
  await db.delete(productSeriesTable);
  await db.delete(exhibitProductsTable);
  await db.delete(productImagesTable);
  await db.delete(exhibitImagesTable);
  await db.delete(productsTable);
  await db.delete(exhibitsTable);
  await db.delete(imageVariantsTable);
  await db.delete(imagesTable);
  for (let depth = 0; depth < 10; depth++) {
    // Leaves first: a series can only go once nothing points to it.
    const remaining = await db.select({ id: seriesTable.id }).from(seriesTable);
    if (remaining.length === 0) break;
    await db.execute(sql`delete from series where id not in (select parent_id from series where parent_id is not null)`);
  }
  await db.delete(liquorTypesTable);

  await db
    .insert(liquorTypesTable)
    .values(demoLiquorTypes.map((type, index) => ({ key: type.key, labelJa: type.label.ja, labelEn: type.label.en, sortOrder: index })));

  const seriesIds = new Map<string, number>();
  for (const [index, series] of demoSeries.entries()) {
    const parentId = series.parentKey ? seriesIds.get(series.parentKey) : undefined;
    if (series.parentKey && parentId === undefined) throw new Error(`series ${series.key}: parent ${series.parentKey} comes later`);
    const [row] = await db
      .insert(seriesTable)
      .values({ nameJa: series.name.ja, nameEn: series.name.en, parentId: parentId ?? null, sortOrder: index })
      .returning({ id: seriesTable.id });
    seriesIds.set(series.key, row!.id);
  }

  const images = new ImageService(db);
  const productIds = new Map<string, number>();
  for (const [index, product] of demoProducts.entries()) {
    const details = demoProductDetails[product.key];
    if (!details) throw new Error(`demo product ${product.key} has no details in demo-product-details.ts`);
    const [row] = await db
      .insert(productsTable)
      .values({
        nameJa: product.name.ja,
        nameEn: product.name.en,
        descriptionJa: product.description.ja,
        descriptionEn: product.description.en,
        price: product.price,
        shippingType: product.shippingType ?? "normal",
        buyableLimit: product.buyableLimit ?? null,
        liquorType: product.liquorType,
        stock: product.stock,
        soldOutFlag: product.soldOut ?? false,
        published: product.published ?? true,
        sortOrder: index,
        // Liquor states its strength and volume on the label; a snack or a non-alcoholic drink need not.
        ...(product.liquorType === null ? { volumeMl: null, alcoholPermille: 0 } : labelFactsOf(product.description.en)),
        taxClass: product.taxClass ?? "standard",
        originCountryJa: details.country.ja,
        originCountryEn: details.country.en,
        originRegionJa: details.region.ja,
        originRegionEn: details.region.en,
        producerJa: details.producer.ja,
        producerEn: details.producer.en,
        ingredientsJa: details.ingredients.ja,
        ingredientsEn: details.ingredients.en,
        vintage: details.vintage ?? null,
        sweetness: details.sweetness ?? null,
        body: details.body ?? null,
        storageJa: details.storage.ja,
        storageEn: details.storage.en,
        liquorCategory: details.category,
        ...(product.preorder ? { releaseDate: nextBeaujolaisRelease(new Date()), preorderAllocation: product.preorder.allocation } : {}),
      })
      .returning({ id: productsTable.id });
    const productId = row!.id;
    productIds.set(product.key, productId);
    // The liquor ledger starts with the demo stock as its opening balance (docs/decisions/038).
    await recordStockMove(db, { productId, kind: "opening", quantity: product.stock, actor: "system", reason: "初期在庫" });
    const stored = await Promise.all([
      ...product.images.map(async (art) => images.store(await renderSvg(bottleSvg(art)))),
      ...(product.sceneImages ?? []).map(async (art) => images.store(await renderSvg(sceneSvg(art)))),
    ]);
    if (stored.length > 0) {
      await db.insert(productImagesTable).values(stored.map((image, position) => ({ productId, imageId: image.id, position })));
    }
    const leafIds = product.seriesKeys.map((key) => {
      const id = seriesIds.get(key);
      if (id === undefined) throw new Error(`product ${product.key}: unknown series ${key}`);
      return id;
    });
    if (leafIds.length > 0) await db.insert(productSeriesTable).values(leafIds.map((seriesId) => ({ productId, seriesId })));
  }

  for (const [index, exhibit] of demoExhibits.entries()) {
    const [row] = await db
      .insert(exhibitsTable)
      .values({
        nameJa: exhibit.name.ja,
        nameEn: exhibit.name.en,
        descriptionJa: exhibit.description.ja,
        descriptionEn: exhibit.description.en,
        top: exhibit.top,
        sortOrder: index,
      })
      .returning({ id: exhibitsTable.id });
    const stored = await Promise.all(exhibit.images.map(async (art) => images.store(await renderSvg(sceneSvg(art)))));
    if (stored.length > 0) {
      await db.insert(exhibitImagesTable).values(stored.map((image, position) => ({ exhibitId: row!.id, imageId: image.id, position })));
    }
    const related = (demoExhibitProducts[exhibit.key] ?? []).map((key) => {
      const id = productIds.get(key);
      if (id === undefined) throw new Error(`exhibit ${exhibit.key}: unknown product ${key}`);
      return id;
    });
    if (related.length > 0) {
      await db.insert(exhibitProductsTable).values(related.map((productId, position) => ({ exhibitId: row!.id, productId, position })));
    }
  }
}

/**
 * The next 解禁日 of Beaujolais Nouveau after `now` (the third Thursday of November) as a Japan
 * date: the demo pre-order's release date (decision 088).
 */
export function nextBeaujolaisRelease(now: Date): string {
  const today = japanDateString(now);
  for (let year = Number(today.slice(0, 4)); ; year++) {
    const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
    const day = 1 + ((4 - first + 7) % 7) + 14;
    const date = `${year}-11-${String(day).padStart(2, "0")}`;
    if (date > today) return date;
  }
}
