import { and, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { ADJUSTMENT_KINDS } from "../../domain/order-totals.ts";
import type { PurchaseOrder } from "../../domain/member-ranks.ts";
import type { Database } from "../db/client.ts";
import { orderChargesTable, orderItemsTable, ordersTable } from "../db/schema/orders.ts";

/** Orders that count as a member's purchases (decision 090): paid, or shipped (cash on delivery, 後払い). */
export const PURCHASE_STATUSES = ["deposited", "sent"] as const;

/**
 * What the orders module publishes for member ranks: each member's counted orders placed from `since`
 * on, as goods (with the bottles returned), and 値引き/訂正 lines. Read with the caller's executor, so a
 * move's transaction sees the order as it moved it. `userIds` null: every member.
 */
export async function memberPurchaseOrders(executor: Database, userIds: readonly number[] | null, since: Date): Promise<Map<number, PurchaseOrder[]>> {
  const byMember = new Map<number, PurchaseOrder[]>();
  if (userIds !== null && userIds.length === 0) return byMember;
  const orders = await executor
    .select({ id: ordersTable.id, userId: ordersTable.userId })
    .from(ordersTable)
    .where(
      and(
        userIds === null ? isNotNull(ordersTable.userId) : inArray(ordersTable.userId, [...userIds]),
        inArray(ordersTable.status, [...PURCHASE_STATUSES]),
        gte(ordersTable.createdAt, since),
      ),
    );
  if (orders.length === 0) return byMember;
  const orderIds = orders.map((order) => order.id);
  const items = await executor
    .select({
      orderId: orderItemsTable.orderId,
      unitPrice: orderItemsTable.unitPrice,
      amount: orderItemsTable.amount,
      taxRatePercent: orderItemsTable.taxRatePercent,
      // Bottles refunded (a replacement's bottles were sent again: the purchase stands).
      returned: sql<number>`coalesce((select sum(rl.quantity) from order_return_lines rl join order_returns r on r.id = rl.return_id where rl.order_item_id = "order_items"."id" and r.remedy = 'refund'), 0)::int`,
    })
    .from(orderItemsTable)
    .where(inArray(orderItemsTable.orderId, orderIds));
  const adjustments = await executor
    .select({ orderId: orderChargesTable.orderId, amount: orderChargesTable.amount, taxRatePercent: orderChargesTable.taxRatePercent })
    .from(orderChargesTable)
    .where(
      and(inArray(orderChargesTable.orderId, orderIds), inArray(orderChargesTable.kind, [...ADJUSTMENT_KINDS]), isNotNull(orderChargesTable.taxRatePercent)),
    );
  const byOrder = new Map<number, { items: PurchaseOrder["items"][number][]; adjustments: PurchaseOrder["adjustments"][number][] }>();
  for (const order of orders) {
    const entry = { items: [], adjustments: [] };
    byOrder.set(order.id, entry);
    const list = byMember.get(order.userId!) ?? [];
    list.push(entry);
    byMember.set(order.userId!, list);
  }
  for (const item of items)
    byOrder
      .get(item.orderId)
      ?.items.push({ unitPrice: item.unitPrice, amount: item.amount, returned: Number(item.returned), taxRatePercent: item.taxRatePercent });
  for (const line of adjustments) byOrder.get(line.orderId)?.adjustments.push({ amount: line.amount, taxRatePercent: line.taxRatePercent! });
  return byMember;
}

/** Members with a counted order placed from `since` on (the sweep's members without a stored rank yet). */
export async function membersWithPurchasesSince(executor: Database, since: Date): Promise<number[]> {
  const rows = await executor
    .selectDistinct({ userId: ordersTable.userId })
    .from(ordersTable)
    .where(and(isNotNull(ordersTable.userId), inArray(ordersTable.status, [...PURCHASE_STATUSES]), gte(ordersTable.createdAt, since)));
  return rows.map((row) => row.userId!);
}
