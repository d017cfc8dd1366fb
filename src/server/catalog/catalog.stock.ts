import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { TaxClass } from "../../domain/tax-rates.ts";
import type { Database } from "../db/client.ts";
import { productsTable, stockMovesTable } from "../db/schema/catalog.ts";
import type { StockMoveActor, StockMoveKind } from "../../domain/stock-ledger.ts";
import { japanDateOf } from "../../domain/japan-time.ts";

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
  /** Consumption tax class (decision 036) and what makes the product liquor (taxRateOf, decision 050). */
  taxClass: TaxClass;
  liquorType: string | null;
  liquorCategory: string | null;
  alcoholPermille: number | null;
  /** The sales window and release date (decision 088): salesPhase decides what the product may sell. */
  salesStart: Date | null;
  salesEnd: Date | null;
  releaseDate: string | null;
  /** Bottles still set aside for pre-orders. */
  preorderAllocation: number;
  /** Bottles sold as pre-orders not yet shipped: in stock once arrived, but not for sale (decision 092). */
  preorderOwed: number;
  /** Points earned on it, percent (decision 089); null: the member's rate. */
  pointRatePercent: number | null;
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
      liquorType: productsTable.liquorType,
      liquorCategory: productsTable.liquorCategory,
      alcoholPermille: productsTable.alcoholPermille,
      salesStart: productsTable.salesStart,
      salesEnd: productsTable.salesEnd,
      releaseDate: productsTable.releaseDate,
      preorderAllocation: productsTable.preorderAllocation,
      preorderOwed: productsTable.preorderOwed,
      pointRatePercent: productsTable.pointRatePercent,
    })
    .from(productsTable)
    .where(inArray(productsTable.id, ids))
    .orderBy(asc(productsTable.id))
    .for("update");
  return new Map(rows.map(({ published, soldOutFlag, ...row }) => [row.id, { ...row, onSale: published && !soldOutFlag }]));
}

/** One line of the liquor ledger as the writers of stock describe it (docs/decisions/038). */
export interface StockMoveRecord {
  productId: number;
  kind: StockMoveKind;
  quantity: number;
  actor: StockMoveActor;
  actorId?: string | null;
  orderId?: number | null;
  /** yyyy-mm-dd in Japan; today's Japan date when left out. */
  movedOn?: string;
  unitYen?: number | null;
  supplierName?: string | null;
  supplierAddress?: string | null;
  supplierId?: number | null;
  supplierInvoiceNumber?: string | null;
  reason?: string | null;
}

/** Today in Japan as yyyy-mm-dd. */
export function japanToday(now = new Date()): string {
  const { year, month, day } = japanDateOf(now);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Writes a move; call it in the transaction that changed the stock by `quantity`. */
export async function recordStockMove(tx: Database, move: StockMoveRecord): Promise<void> {
  await tx.insert(stockMovesTable).values({
    productId: move.productId,
    kind: move.kind,
    quantity: move.quantity,
    movedOn: move.movedOn ?? japanToday(),
    unitYen: move.unitYen ?? null,
    supplierName: move.supplierName ?? null,
    supplierAddress: move.supplierAddress ?? null,
    supplierId: move.supplierId ?? null,
    supplierInvoiceNumber: move.supplierInvoiceNumber ?? null,
    reason: move.reason ?? null,
    actorKind: move.actor,
    actorId: move.actorId ?? null,
    orderId: move.orderId ?? null,
  });
}

/**
 * Takes `amount` bottles of an order off the stock unless fewer are left for sale, and books the
 * sale; true when taken. Stock never goes below zero, nor below the bottles owed to unshipped
 * pre-orders (decision 092).
 */
export async function takeStock(tx: Database, sale: { productId: number; amount: number; orderId: number; unitPrice: number }): Promise<boolean> {
  const { productId, amount } = sale;
  const taken = await tx
    .update(productsTable)
    .set({ stock: sql`${productsTable.stock} - ${amount}`, updatedAt: new Date() })
    .where(and(eq(productsTable.id, productId), sql`${productsTable.stock} - ${productsTable.preorderOwed} >= ${amount}`))
    .returning({ id: productsTable.id });
  if (taken.length !== 1) return false;
  await recordStockMove(tx, { productId, kind: "sale", quantity: -amount, actor: "order", orderId: sale.orderId, unitYen: sale.unitPrice });
  return true;
}

/**
 * Takes `amount` bottles of a pre-order off the allocation the trader set aside (decision 088),
 * unless fewer are left; true when taken. The bottles have not arrived: stock and the liquor ledger
 * are untouched until they are received and shipped; they are owed to the order until then
 * (`preorder_owed`, decision 092).
 */
export async function takePreorderAllocation(tx: Database, productId: number, amount: number): Promise<boolean> {
  const taken = await tx
    .update(productsTable)
    .set({
      preorderAllocation: sql`${productsTable.preorderAllocation} - ${amount}`,
      preorderOwed: sql`${productsTable.preorderOwed} + ${amount}`,
      updatedAt: new Date(),
    })
    .where(and(eq(productsTable.id, productId), gte(productsTable.preorderAllocation, amount)))
    .returning({ id: productsTable.id });
  return taken.length === 1;
}

/**
 * Gives an unshipped pre-order's cancelled bottles back: to the allocation (sold again as pre-orders
 * before the release date) and off what is owed (for sale from stock after it, decision 092). True
 * when the product's availability may have changed (the catalogue reads it again).
 */
export async function returnPreorderAllocation(tx: Database, productId: number, amount: number): Promise<boolean> {
  const [row] = await tx
    .update(productsTable)
    .set({
      preorderAllocation: sql`${productsTable.preorderAllocation} + ${amount}`,
      preorderOwed: sql`greatest(${productsTable.preorderOwed} - ${amount}, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(productsTable.id, productId))
    .returning({ id: productsTable.id });
  return row !== undefined && amount > 0;
}

/**
 * Ships pre-ordered bottles: takes them off the stock (they have arrived) and off what is owed to
 * pre-orders, and books the sale; false when fewer are in stock (their arrival not recorded).
 */
export async function shipPreorderStock(tx: Database, sale: { productId: number; amount: number; orderId: number; unitPrice: number }): Promise<boolean> {
  const { productId, amount } = sale;
  const taken = await tx
    .update(productsTable)
    .set({ stock: sql`${productsTable.stock} - ${amount}`, preorderOwed: sql`greatest(${productsTable.preorderOwed} - ${amount}, 0)`, updatedAt: new Date() })
    .where(and(eq(productsTable.id, productId), gte(productsTable.stock, amount)))
    .returning({ id: productsTable.id });
  if (taken.length !== 1) return false;
  await recordStockMove(tx, { productId, kind: "sale", quantity: -amount, actor: "order", orderId: sale.orderId, unitYen: sale.unitPrice });
  return true;
}

/**
 * Whether taking `amount` bottles of a product on sale sells it out: only then does the shop's
 * cached catalogue have to change (CatalogService.availabilityChanged). Bottles owed to pre-orders
 * are not for sale (decision 092).
 */
export function sellsOut(product: LockedProduct, amount: number): boolean {
  const forSale = product.stock - product.preorderOwed;
  return product.onSale && forSale > 0 && forSale - amount <= 0;
}

/**
 * Puts bottles of a cancelled order back and books the cancellation (a product deleted since is
 * skipped). True when the product was sold out by its stock and is back in it (see `sellsOut`).
 */
export async function returnStock(tx: Database, cancelled: { productId: number; amount: number; orderId: number; unitPrice: number }): Promise<boolean> {
  const { productId, amount } = cancelled;
  const [row] = await tx
    .update(productsTable)
    .set({ stock: sql`${productsTable.stock} + ${amount}`, updatedAt: new Date() })
    .where(eq(productsTable.id, productId))
    .returning({ stock: productsTable.stock });
  if (row === undefined) return false;
  if (amount !== 0) {
    await recordStockMove(tx, { productId, kind: "cancellation", quantity: amount, actor: "order", orderId: cancelled.orderId, unitYen: cancelled.unitPrice });
  }
  return amount > 0 && row.stock > 0 && row.stock - amount <= 0;
}
