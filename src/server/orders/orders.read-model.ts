import { and, count, eq, gte, lt, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orderItemsTable, ordersTable } from "../db/schema/orders.ts";

/** Bottles of one product (or of one deleted product, by its name at the time) in binding orders. */
export interface BottlesSold {
  /** Null when the product has been deleted since. */
  productId: number | null;
  /** The item's name when it was ordered. */
  nameJa: string;
  nameEn: string;
  bottles: number;
}

// Binding orders: not a card order still pending, not a cancelled one.
const notBinding = ["pending", "cancelled"] as const;

/**
 * What the orders module publishes for the back office's figures and reports (the dashboard, the
 * liquor-sales report): counts and sums read from its tables, so no other module queries them.
 */
export class OrdersReadModel {
  constructor(private readonly db: Database) {}

  /** Binding orders created from `since` until before `until`, and their total. */
  async sales(since: Date, until: Date): Promise<{ orders: number; sales: number }> {
    const [row] = await this.db
      .select({ orders: count(), sales: sql<number>`coalesce(sum(${ordersTable.price}), 0)` })
      .from(ordersTable)
      .where(and(gte(ordersTable.createdAt, since), lt(ordersTable.createdAt, until), notInArray(ordersTable.status, [...notBinding])));
    return { orders: Number(row?.orders ?? 0), sales: Number(row?.sales ?? 0) };
  }

  /** Orders waiting for the trader: bank transfers not yet paid, and orders ready to ship. */
  async waiting(): Promise<{ awaitingDeposit: number; toShip: number }> {
    const [row] = await this.db
      .select({
        awaitingDeposit: sql<number>`count(*) filter (where ${ordersTable.status} = 'await_payment' and ${ordersTable.paymentMethod} = 'bank')`,
        toShip: sql<number>`count(*) filter (where ${ordersTable.status} = 'deposited' or (${ordersTable.status} = 'await_payment' and ${ordersTable.paymentMethod} = 'cod'))`,
      })
      .from(ordersTable)
      .where(or(eq(ordersTable.status, "await_payment"), eq(ordersTable.status, "deposited")));
    return { awaitingDeposit: Number(row?.awaitingDeposit ?? 0), toShip: Number(row?.toShip ?? 0) };
  }

  /** Bottles sold in binding orders placed from `since` until before `until`, per product and item name. */
  async bottlesSold(since: Date, until: Date): Promise<BottlesSold[]> {
    const rows = await this.db
      .select({
        productId: orderItemsTable.productId,
        nameJa: orderItemsTable.nameJa,
        nameEn: orderItemsTable.nameEn,
        bottles: sql<number>`sum(${orderItemsTable.amount})`,
      })
      .from(orderItemsTable)
      .innerJoin(ordersTable, eq(ordersTable.id, orderItemsTable.orderId))
      .where(and(gte(ordersTable.createdAt, since), lt(ordersTable.createdAt, until), notInArray(ordersTable.status, [...notBinding])))
      .groupBy(orderItemsTable.productId, orderItemsTable.nameJa, orderItemsTable.nameEn);
    return rows.map((row) => ({ ...row, bottles: Number(row.bottles) }));
  }
}
