import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { TaxClass } from "../../domain/tax-rates.ts";
import type { Database } from "../db/client.ts";
import { productsTable } from "../db/schema/catalog.ts";

/** A product as order placement needs it, read under a row lock. */
export interface LockedProduct {
  id: number;
  nameJa: string;
  nameEn: string;
  price: number;
  shippingType: "normal" | "cool";
  /** Box places it takes (shipping-table.ts); null when not stated. */
  volumeMl: number | null;
  buyableLimit: number | null;
  stock: number;
  /** Published and not marked sold out (stock is checked apart). */
  onSale: boolean;
  /** Covered by the shop's mail-order licence (liquor law); others are refused at checkout. */
  mailOrderAllowed: boolean;
  /** Consumption tax class (decision 036). */
  taxClass: TaxClass;
}

/**
 * Stock changes of order placement, run inside the order's transaction (pass it as `tx`). Rows are
 * locked in id order, so two checkouts sharing bottles queue up instead of deadlocking; after the
 * transaction the caller tells the catalogue which products sold out (CatalogService.availabilityChanged).
 */
export async function lockProductsForOrder(tx: Database, ids: number[]): Promise<Map<number, LockedProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: productsTable.id,
      nameJa: productsTable.nameJa,
      nameEn: productsTable.nameEn,
      price: productsTable.price,
      shippingType: productsTable.shippingType,
      volumeMl: productsTable.volumeMl,
      buyableLimit: productsTable.buyableLimit,
      stock: productsTable.stock,
      published: productsTable.published,
      soldOutFlag: productsTable.soldOutFlag,
      mailOrderAllowed: productsTable.mailOrderAllowed,
      taxClass: productsTable.taxClass,
    })
    .from(productsTable)
    .where(inArray(productsTable.id, ids))
    .orderBy(asc(productsTable.id))
    .for("update");
  return new Map(rows.map(({ published, soldOutFlag, ...row }) => [row.id, { ...row, onSale: published && !soldOutFlag }]));
}

/** Takes `amount` bottles off the stock unless fewer are left; true when taken. Stock never goes below zero. */
export async function takeStock(tx: Database, productId: number, amount: number): Promise<boolean> {
  const taken = await tx
    .update(productsTable)
    .set({ stock: sql`${productsTable.stock} - ${amount}`, updatedAt: new Date() })
    .where(and(eq(productsTable.id, productId), gte(productsTable.stock, amount)))
    .returning({ id: productsTable.id });
  return taken.length === 1;
}

/**
 * Whether taking `amount` bottles of a product on sale sells it out: only then does the shop's
 * cached catalogue have to change (CatalogService.availabilityChanged).
 */
export function sellsOut(product: LockedProduct, amount: number): boolean {
  return product.onSale && product.stock > 0 && product.stock - amount <= 0;
}

/**
 * Puts bottles of a cancelled order back (a product deleted since is skipped). True when the
 * product was sold out by its stock and is back in it (see `sellsOut`).
 */
export async function returnStock(tx: Database, productId: number, amount: number): Promise<boolean> {
  const [row] = await tx
    .update(productsTable)
    .set({ stock: sql`${productsTable.stock} + ${amount}`, updatedAt: new Date() })
    .where(eq(productsTable.id, productId))
    .returning({ stock: productsTable.stock });
  return row !== undefined && amount > 0 && row.stock > 0 && row.stock - amount <= 0;
}
