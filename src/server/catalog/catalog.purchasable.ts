import { and, eq, inArray } from "drizzle-orm";
import type { CartProduct } from "../../domain/cart.ts";
import { imageVariantUrl } from "../../domain/catalog-api.ts";
import type { Locale } from "../../domain/locale.ts";
import { priceIncludingTax } from "../../domain/money.ts";
import { taxRateOf } from "../../domain/tax-rates.ts";
import { bottlesForSale, salesPhase } from "../../domain/sales-window.ts";
import type { Database } from "../db/client.ts";
import { productImagesTable, productsTable } from "../db/schema/catalog.ts";

export interface PurchasableProduct {
  product: CartProduct;
  /** Bottles that may be bought now: 0 when withdrawn or sold out, else stock capped by the limit. */
  available: number;
  /** Cool bottles make the whole parcel go refrigerated (checkout's shipping fee). */
  shippingType: "normal" | "cool";
  /** Box places it takes (shipping-table.ts); null when not stated. */
  volumeMl: number | null;
  /** Unpublished (never or no longer): the shop shows it to nobody, so carts treat it as unknown. */
  published: boolean;
}

/**
 * Products as carts and checkout need them, read fresh from the database (stock changes with every
 * order, so the cached catalogue is not used) and including withdrawn ones, which carts still show.
 */
export async function loadPurchasable(db: Database, ids: number[], locale: Locale, taxRatePercent: number): Promise<Map<number, PurchasableProduct>> {
  if (ids.length === 0) return new Map();
  const [rows, images] = await Promise.all([
    db.select().from(productsTable).where(inArray(productsTable.id, ids)),
    db
      .select({ productId: productImagesTable.productId, imageId: productImagesTable.imageId })
      .from(productImagesTable)
      .where(and(inArray(productImagesTable.productId, ids), eq(productImagesTable.position, 0))),
  ]);
  const firstImage = new Map(images.map((image) => [image.productId, image.imageId]));
  return new Map(
    rows.map((row) => {
      const imageId = firstImage.get(row.id);
      // Outside its sales window nothing may be bought; a pre-order sells against its allocation (decision 088).
      const phase = salesPhase(row, new Date());
      const left = bottlesForSale(phase, row.stock, row.preorderAllocation, row.preorderOwed);
      const soldOut = !row.published || row.soldOutFlag || left <= 0;
      const available = soldOut ? 0 : Math.min(left, row.buyableLimit ?? Number.POSITIVE_INFINITY);
      return [
        row.id,
        {
          product: {
            id: String(row.id),
            name: locale === "ja" ? row.nameJa : row.nameEn,
            // A withdrawn product's picture is no longer public (decision 050): carts and order history show none.
            images: imageId === undefined || !row.published ? [] : [imageVariantUrl(imageId, 240, "jpg")],
            price: row.price,
            price_include_tax: priceIncludingTax(row.price, taxRateOf(row, taxRatePercent)),
            tax_rate: taxRateOf(row, taxRatePercent),
            buyable_limit: row.buyableLimit,
            shipping_type: row.shippingType,
            volume_ml: row.volumeMl,
            ships_on: phase === "preorder" ? row.releaseDate : null,
            point_rate: row.pointRatePercent,
          },
          available,
          shippingType: row.shippingType,
          volumeMl: row.volumeMl,
          published: row.published,
        },
      ];
    }),
  );
}

/** Bottles of one product that may be bought now: 0 when unknown, withdrawn, marked sold out or outside its sales window. */
export async function readStockLeft(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({
      stock: productsTable.stock,
      published: productsTable.published,
      soldOutFlag: productsTable.soldOutFlag,
      salesStart: productsTable.salesStart,
      salesEnd: productsTable.salesEnd,
      releaseDate: productsTable.releaseDate,
      preorderAllocation: productsTable.preorderAllocation,
      preorderOwed: productsTable.preorderOwed,
    })
    .from(productsTable)
    .where(eq(productsTable.id, id));
  return row && row.published && !row.soldOutFlag ? bottlesForSale(salesPhase(row, new Date()), row.stock, row.preorderAllocation, row.preorderOwed) : 0;
}
