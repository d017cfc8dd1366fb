import type { DashboardQueue } from "../../domain/payment-methods/payment-method.ts";
import { storedPaymentMethods } from "../../domain/payment-methods/payment-method.registry.ts";
import { and, count, eq, exists, gte, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { PaymentMethodTerms } from "../../domain/payment-methods/payment-method.ts";
import { overdueInvoicesWhere } from "./overdue-invoices.ts";
import { orderItemsTable, orderShipmentsTable, ordersTable } from "../db/schema/orders.ts";

/** Bottles of one product (or of one deleted product, by its name at the time) in binding orders. */

/** The stored methods whose orders awaiting payment belong in a dashboard queue (bank: awaiting deposit; cod: to ship). */
function inQueue(queue: DashboardQueue) {
  const codes = storedPaymentMethods()
    .filter((method) => method.dashboardQueue === queue)
    .map((method) => method.stored);
  return codes.length > 0 ? inArray(ordersTable.paymentMethod, codes) : sql`false`;
}

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
        awaitingDeposit: sql<number>`count(*) filter (where ${ordersTable.status} = 'await_payment' and ${inQueue("awaiting_deposit")})`,
        // Ready to ship is a shipment's state (decision 076): paid, or paid on delivery or later.
        toShip: sql<number>`count(*) filter (where ${hasShipmentReady(this.db)})`,
      })
      .from(ordersTable)
      .where(or(eq(ordersTable.status, "await_payment"), eq(ordersTable.status, "deposited")));
    return { awaitingDeposit: Number(row?.awaitingDeposit ?? 0), toShip: Number(row?.toShip ?? 0) };
  }

  /** 後払い invoices overdue (decision 080; the rule is overdue-invoices.ts, which the order list's filter uses too). */
  async overdueInvoices(now: Date, terms: PaymentMethodTerms): Promise<number> {
    const [row] = await this.db
      .select({ count: count() })
      .from(ordersTable)
      .where(overdueInvoicesWhere(this.db, now, terms));
    return Number(row?.count ?? 0);
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

  /** Binding orders placed since `since`: when, the total paid and the method (the dashboard's charts). */
  async saleOrders(since: Date): Promise<{ createdAt: Date; total: number; paymentMethod: string }[]> {
    return this.db
      .select({ createdAt: ordersTable.createdAt, total: ordersTable.price, paymentMethod: ordersTable.paymentMethod })
      .from(ordersTable)
      .where(and(gte(ordersTable.createdAt, since), notInArray(ordersTable.status, [...notBinding])));
  }

  /** The lines of binding orders placed since `since`: when, the product, yen (unit price × bottles) and bottles. */
  async saleLines(since: Date): Promise<{ createdAt: Date; productId: number | null; yen: number; bottles: number }[]> {
    const rows = await this.db
      .select({
        createdAt: ordersTable.createdAt,
        productId: orderItemsTable.productId,
        yen: sql<number>`${orderItemsTable.unitPrice} * ${orderItemsTable.amount}`,
        bottles: orderItemsTable.amount,
      })
      .from(orderItemsTable)
      .innerJoin(ordersTable, eq(ordersTable.id, orderItemsTable.orderId))
      .where(and(gte(ordersTable.createdAt, since), notInArray(ordersTable.status, [...notBinding])));
    return rows.map((row) => ({ ...row, yen: Number(row.yen) }));
  }

  /** The wished delivery date of each parcel ready to ship (paid, or paid on delivery or later — decision 076). */
  async readyToShip(): Promise<{ desiredDeliveryDate: string | null }[]> {
    return this.db
      .select({ desiredDeliveryDate: orderShipmentsTable.desiredDeliveryDate })
      .from(orderShipmentsTable)
      .where(eq(orderShipmentsTable.state, "ready"));
  }
}

/** The order (the outer query's row) has a parcel ready to ship. */
export function hasShipmentReady(db: Database) {
  return exists(
    db
      .select({ id: orderShipmentsTable.id })
      .from(orderShipmentsTable)
      .where(and(eq(orderShipmentsTable.orderId, ordersTable.id), eq(orderShipmentsTable.state, "ready"))),
  );
}
