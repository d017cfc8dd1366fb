import crypto from "node:crypto";
import { and, asc, desc, eq, exists, gte, inArray, isNotNull, isNull, like, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { OrderPaymentMethod, OrderStatus, OrdersPage } from "../../domain/checkout.ts";
import { japanMidnight } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { OrderCharge } from "../../domain/order-charges.ts";
import type { OrderView } from "../../domain/order-view.ts";
import { orderResourceOf, orderView } from "../../domain/order-view.ts";
import { buyerOf } from "../../domain/recipient.ts";
import { publicIdFromOrderNumber } from "../../domain/order-number.ts";
import { PARTIAL_CANCEL_NOTE } from "../../domain/partial-cancellation.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { overdueInvoicesWhere } from "./overdue-invoices.ts";
import type { Database } from "../db/client.ts";
import { orderChargesTable, orderHistoryTable, orderItemsTable, ordersTable } from "../db/schema/orders.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { NewShipment, ShipmentWithLines } from "./payments-and-shipments.ts";
import {
  attachIntentToPayment,
  createPaymentAndShipment,
  shipmentsOfOrders,
  detachIntentFromPayment,
  paymentsAndShipmentsOf,
} from "./payments-and-shipments.ts";
import { hasShipmentReady } from "./orders.read-model.ts";
import type { OrderPaymentRow } from "../db/schema/orders.ts";
import { pagination, withPage } from "../db/paging.ts";
import { anyContains } from "../db/search.ts";

export type OrderRow = typeof ordersTable.$inferSelect;
export type OrderItemRow = typeof orderItemsTable.$inferSelect;
export type OrderChargeRow = typeof orderChargesTable.$inferSelect;
export type NewOrder = Omit<typeof ordersTable.$inferInsert, "id" | "publicId" | "createdAt" | "updatedAt">;
export type NewOrderItem = Omit<typeof orderItemsTable.$inferInsert, "id" | "orderId" | "position">;

/** The back office's filters of the order list (and of the CSV exports, which hold what the list shows). */
export interface OrderListFilters {
  status?: OrderStatus | undefined;
  paymentMethod?: OrderPaymentMethod | undefined;
  /** Japan dates, yyyy-mm-dd, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  /** Only these orders (public ids): the selection of the back office's bulk print and export (decision 069). */
  publicIds?: string[] | undefined;
  /** Only 後払い invoices past their days to pay (overdue-invoices.ts), as the dashboard counts them. */
  overdue?: boolean | undefined;
}

function orderListWhere(filters: OrderListFilters, overdue?: SQL): SQL | undefined {
  const conditions: SQL[] = [];
  // A card order still waiting for 3-D Secure is not an order yet; it is shown only when asked for.
  conditions.push(filters.status ? eq(ordersTable.status, filters.status) : ne(ordersTable.status, "pending"));
  if (filters.paymentMethod) conditions.push(eq(ordersTable.paymentMethod, filters.paymentMethod));
  if (overdue) conditions.push(overdue);
  if (filters.publicIds) conditions.push(filters.publicIds.length > 0 ? inArray(ordersTable.publicId, filters.publicIds) : sql`false`);
  if (filters.from) conditions.push(gte(ordersTable.createdAt, japanMidnight(filters.from)));
  if (filters.to) conditions.push(lt(ordersTable.createdAt, japanMidnight(filters.to, 1)));
  const q = filters.q?.trim();
  if (q) {
    // An order number as the shopper reads it out (7K3M-Q9XA-2BCD, full-width, O for 0) finds its order.
    const publicId = publicIdFromOrderNumber(q);
    conditions.push(anyContains(q, [ordersTable.name, ordersTable.email, ordersTable.publicId], publicId ? [eq(ordersTable.publicId, publicId)] : []));
  }
  return and(...conditions);
}

function chargeOfRow(row: OrderChargeRow): OrderCharge {
  // A discount or correction names its rate (decision 070); the others are taxed at the order's standard rate.
  return {
    kind: row.kind,
    label: { ja: row.labelJa, en: row.labelEn },
    amount: row.amount,
    taxable: row.taxable,
    ...(row.taxRatePercent === null ? {} : { taxRatePercent: row.taxRatePercent }),
  };
}

/** The one order view (src/domain/order-view.ts) of an order's rows. */
function viewOfRows(order: OrderRow, items: OrderItemRow[], charges: OrderChargeRow[], shipments?: ShipmentWithLines[]): OrderView {
  return orderView({
    shipments,
    publicId: order.publicId,
    createdAt: order.createdAt,
    status: order.status,
    paymentMethod: order.paymentMethod,
    locale: order.locale,
    ...buyerOf(order),
    email: order.email,
    recipient: order.recipient ?? null,
    desiredDeliveryDate: order.desiredDeliveryDate,
    desiredDeliveryTimezone: order.desiredDeliveryTimezone,
    memo: order.memo,
    gift: order.gift ?? null,
    slipNumber: order.slipNumber,
    carrier: order.carrier,
    paymentInstructions: order.paymentInstructions ?? null,
    taxRatePercent: order.taxRatePercent,
    birthDate: order.birthDate ?? null,
    entry:
      order.enteredByStaffId !== null && order.entryChannel !== null
        ? { channel: order.entryChannel, staffId: order.enteredByStaffId, memo: order.staffMemo, kana: order.customerKana }
        : null,
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: { ja: item.nameJa, en: item.nameEn },
      unitPrice: item.unitPrice,
      taxRatePercent: item.taxRatePercent,
      amount: item.amount,
      shipsOn: item.preorderShipsOn,
    })),
    charges: charges.map(chargeOfRow),
  });
}

function groupByOrder<T extends { orderId: number }>(rows: T[]): Map<number, T[]> {
  const byOrder = new Map<number, T[]>();
  for (const row of rows) (byOrder.get(row.orderId) ?? byOrder.set(row.orderId, []).get(row.orderId)!).push(row);
  return byOrder;
}

/** GET /api/orders answers this many orders a page. */
export const ORDERS_PER_PAGE = 10;

// Crockford's base32: no I, L, O or U, so a code read out on the phone is not mistaken.
const PUBLIC_ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const PUBLIC_ID_LENGTH = 12;

/** A random order code: 12 characters of base32, 60 bits, not guessable and not counting orders. */
export function newOrderPublicId(): string {
  const bytes = crypto.randomBytes(PUBLIC_ID_LENGTH);
  let id = "";
  for (const byte of bytes) id += PUBLIC_ID_ALPHABET[byte & 31];
  return id;
}

export const ORDER_PUBLIC_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/**
 * Orders as the shop keeps them. Writes take the caller's transaction (`executor`), because an order
 * is written together with its stock, its mail and its idempotency record. Its status changes only
 * through OrderMoves (order-moves.ts), never here.
 */
export class OrdersService {
  constructor(
    private readonly db: Database,
    private readonly deps: { catalog: CatalogService; shopProfiles: ShopProfileService },
  ) {}

  /** Writes an order with its items, its charge lines (shipping, fee…, in the order given), its payment and its shipment. */
  async create(
    executor: Database,
    order: NewOrder,
    items: NewOrderItem[],
    charges: readonly OrderCharge[],
    destinations?: readonly NewShipment[],
  ): Promise<OrderRow> {
    const [row] = await executor
      .insert(ordersTable)
      .values({ ...order, publicId: newOrderPublicId() })
      .returning();
    await executor.insert(orderItemsTable).values(items.map((item, position) => ({ ...item, orderId: row!.id, position })));
    if (charges.length > 0) {
      await executor.insert(orderChargesTable).values(
        charges.map((charge, position) => ({
          orderId: row!.id,
          kind: charge.kind,
          labelJa: charge.label.ja,
          labelEn: charge.label.en,
          amount: charge.amount,
          taxable: charge.taxable,
          taxRatePercent: charge.taxRatePercent ?? null,
          position,
        })),
      );
    }
    await createPaymentAndShipment(executor, row!, charges, destinations);
    return row!;
  }

  async byId(id: number, executor: Database = this.db): Promise<OrderRow | undefined> {
    const [row] = await executor.select().from(ordersTable).where(eq(ordersTable.id, id));
    return row;
  }

  async byPublicId(publicId: string, executor: Database = this.db): Promise<OrderRow | undefined> {
    if (!ORDER_PUBLIC_ID_PATTERN.test(publicId)) return undefined;
    const [row] = await executor.select().from(ordersTable).where(eq(ordersTable.publicId, publicId));
    return row;
  }

  async itemsOf(orderId: number, executor: Database = this.db): Promise<OrderItemRow[]> {
    return executor.select().from(orderItemsTable).where(eq(orderItemsTable.orderId, orderId)).orderBy(asc(orderItemsTable.position));
  }

  /** Of these orders (public ids), those with a parcel ready to ship (decision 076): the B2 file's rows when no status is asked for. */
  async withShipmentReady(publicIds: readonly string[]): Promise<Set<string>> {
    if (publicIds.length === 0) return new Set();
    const rows = await this.db
      .select({ publicId: ordersTable.publicId })
      .from(ordersTable)
      .where(and(inArray(ordersTable.publicId, [...publicIds]), hasShipmentReady(this.db)));
    return new Set(rows.map((row) => row.publicId));
  }

  /** When staff last cancelled part of the order (decision 078), or null: a receipt issued before it no longer stands. */
  async lastPartialCancellation(orderId: number, executor: Database = this.db): Promise<Date | null> {
    const [row] = await executor
      .select({ at: orderHistoryTable.at })
      .from(orderHistoryTable)
      .where(and(eq(orderHistoryTable.orderId, orderId), like(orderHistoryTable.note, `${PARTIAL_CANCEL_NOTE}:%`)))
      .orderBy(desc(orderHistoryTable.at))
      .limit(1);
    return row?.at ?? null;
  }

  /** The order's payments and parcels (decision 076), for the back office's order page. */
  async paymentsAndShipmentsOf(orderId: number, executor: Database = this.db): Promise<{ payments: OrderPaymentRow[]; shipments: ShipmentWithLines[] }> {
    return paymentsAndShipmentsOf(executor, orderId);
  }

  async chargesOf(orderId: number, executor: Database = this.db): Promise<OrderChargeRow[]> {
    return executor.select().from(orderChargesTable).where(eq(orderChargesTable.orderId, orderId)).orderBy(asc(orderChargesTable.position));
  }

  /** The one order view of an order: its items, charges, address, payment and figures from its lines. */
  async viewOf(order: OrderRow, executor: Database = this.db): Promise<OrderView> {
    return viewOfRows(
      order,
      await this.itemsOf(order.id, executor),
      await this.chargesOf(order.id, executor),
      await shipmentsOfOrders(executor, [order.id]).then((all) => all.get(order.id)),
    );
  }

  async viewByPublicId(publicId: string, executor: Database = this.db): Promise<OrderView | undefined> {
    const order = await this.byPublicId(publicId, executor);
    return order ? this.viewOf(order, executor) : undefined;
  }

  /** Views of many orders with two more queries, not two per order; in the rows' order. */
  private async viewsOf(orders: OrderRow[]): Promise<OrderView[]> {
    if (orders.length === 0) return [];
    const ids = orders.map((order) => order.id);
    const items = groupByOrder(
      await this.db
        .select()
        .from(orderItemsTable)
        .where(inArray(orderItemsTable.orderId, ids))
        .orderBy(asc(orderItemsTable.orderId), asc(orderItemsTable.position)),
    );
    const charges = groupByOrder(
      await this.db
        .select()
        .from(orderChargesTable)
        .where(inArray(orderChargesTable.orderId, ids))
        .orderBy(asc(orderChargesTable.orderId), asc(orderChargesTable.position)),
    );
    const shipments = await shipmentsOfOrders(this.db, ids);
    return orders.map((order) => viewOfRows(order, items.get(order.id) ?? [], charges.get(order.id) ?? [], shipments.get(order.id)));
  }

  /** The orders matching `where`, newest first, as a query a page is taken of. */
  private newestFirst(where: SQL | undefined) {
    return this.db.select().from(ordersTable).where(where).orderBy(desc(ordersTable.createdAt), desc(ordersTable.id)).$dynamic();
  }

  /** The back office's list: a page of matching orders, newest first, and how many match. */
  async list(filters: OrderListFilters, page: number, perPage: number): Promise<{ views: OrderView[]; totalCount: number }> {
    const where = orderListWhere(filters, await this.overdueWhere(filters));
    const totalCount = await this.db.$count(ordersTable, where);
    const rows = await withPage(this.newestFirst(where), page, perPage);
    return { views: await this.viewsOf(rows), totalCount };
  }

  /** Every matching order, newest first, up to `limit` (the exports ask one more to know there are too many). */
  async listAll(filters: OrderListFilters, limit: number): Promise<OrderView[]> {
    const rows = await this.db
      .select()
      .from(ordersTable)
      .where(orderListWhere(filters, await this.overdueWhere(filters)))
      .orderBy(desc(ordersTable.createdAt), desc(ordersTable.id))
      .limit(limit);
    return this.viewsOf(rows);
  }

  /** The overdue filter's condition, with the days to pay of the trader's terms as they are now. */
  private async overdueWhere(filters: OrderListFilters): Promise<SQL | undefined> {
    if (!filters.overdue) return undefined;
    return overdueInvoicesWhere(this.db, new Date(), (await this.deps.shopProfiles.profile()).terms);
  }

  /**
   * The day's shipments, for the delivery notes printed in bulk (decision 037): every order with a
   * parcel ready to ship now (paid, or cash on delivery waiting for its parcel) and every order moved to sent on
   * `day` (a Japan date), oldest first, up to `limit`.
   */
  async shipmentsOf(day: string, limit: number): Promise<OrderView[]> {
    const shippedThatDay = exists(
      this.db
        .select({ id: orderHistoryTable.id })
        .from(orderHistoryTable)
        .where(
          and(
            eq(orderHistoryTable.orderId, ordersTable.id),
            eq(orderHistoryTable.toStatus, "sent"),
            gte(orderHistoryTable.at, japanMidnight(day)),
            lt(orderHistoryTable.at, japanMidnight(day, 1)),
          ),
        ),
    );
    const rows = await this.db
      .select()
      .from(ordersTable)
      .where(
        or(
          // Ready to ship is a shipment's state (decision 076): paid, or paid on delivery or later.
          hasShipmentReady(this.db),
          and(eq(ordersTable.status, "sent"), shippedThatDay),
        ),
      )
      .orderBy(asc(ordersTable.createdAt), asc(ordersTable.id))
      .limit(limit);
    return this.viewsOf(rows);
  }

  /**
   * Orders still waiting for a gateway's payment after their reservation ran out: a card order
   * pending, or one awaiting a payment made elsewhere past its deadline (only those hold a
   * reservation in await_payment; a bank transfer or cash on delivery never does).
   */
  async pendingPast(now: Date, limit = 100): Promise<OrderRow[]> {
    const rows = await this.db
      .select()
      .from(ordersTable)
      .where(and(inArray(ordersTable.status, ["pending", "await_payment"]), isNotNull(ordersTable.reservedUntil)))
      .orderBy(asc(ordersTable.reservedUntil))
      .limit(limit);
    return rows.filter((row) => row.reservedUntil! < now);
  }

  /**
   * Claims the right to charge a card order that has no payment yet, so concurrent posts never
   * charge it side by side; a claim older than `staleAfterMs` (its request died) may be taken over.
   * False when another request holds it or the payment exists. `status` is the order's status the
   * charge belongs to: `pending` for the checkout, `await_payment` for a payment link (decision 082),
   * whose claim is given back with `releaseCharge` when the card was refused. Half a minute: the
   * shopper whose process died mid-charge is told 処理中 and may press again soon after; a charge
   * still in flight past it is safe, since the gateway's idempotency key is the order's (the gateway
   * answers the first payment, or refuses a concurrent request with the same key).
   */
  async claimCharge(
    orderId: number,
    { status = "pending", now = new Date(), staleAfterMs = 30_000 }: { status?: "pending" | "await_payment"; now?: Date; staleAfterMs?: number } = {},
  ): Promise<boolean> {
    const stale = new Date(now.getTime() - staleAfterMs);
    const claimed = await this.db
      .update(ordersTable)
      .set({ chargeStartedAt: now })
      .where(
        and(
          eq(ordersTable.id, orderId),
          eq(ordersTable.status, status),
          isNull(ordersTable.paymentIntentId),
          or(isNull(ordersTable.chargeStartedAt), lt(ordersTable.chargeStartedAt, stale)),
        ),
      )
      .returning({ id: ordersTable.id });
    return claimed.length === 1;
  }

  /** The claim of `claimCharge` given back: the card was refused and another may be tried. */
  async releaseCharge(orderId: number): Promise<void> {
    await this.db.update(ordersTable).set({ chargeStartedAt: null }).where(eq(ordersTable.id, orderId));
  }

  /**
   * A payment the card refused (declined, 3-D Secure failed) taken off an order still awaiting its
   * payment, with the claim, so the customer may try another card through the same link. Only that
   * payment: one attached meanwhile by another request stays.
   */
  async detachPaymentIntent(orderId: number, paymentIntentId: string): Promise<void> {
    const detached = await this.db
      .update(ordersTable)
      .set({ paymentIntentId: null, chargeStartedAt: null, updatedAt: new Date() })
      .where(and(eq(ordersTable.id, orderId), eq(ordersTable.status, "await_payment"), eq(ordersTable.paymentIntentId, paymentIntentId)))
      .returning({ id: ordersTable.id });
    if (detached.length === 1) await detachIntentFromPayment(this.db, orderId, paymentIntentId);
  }

  /** Records the gateway's payment on the order once; false when it already holds another one. */
  async attachPaymentIntent(orderId: number, paymentIntentId: string): Promise<boolean> {
    const updated = await this.db
      .update(ordersTable)
      .set({ paymentIntentId, updatedAt: new Date() })
      .where(and(eq(ordersTable.id, orderId), isNull(ordersTable.paymentIntentId)))
      .returning({ id: ordersTable.id });
    if (updated.length === 1) {
      await attachIntentToPayment(this.db, orderId, paymentIntentId);
      return true;
    }
    const order = await this.byId(orderId);
    return order?.paymentIntentId === paymentIntentId;
  }

  /**
   * GET /api/orders: the member's orders, newest first. Only confirmed orders are listed (bank and
   * cod at once, card once paid): a card order still pending, or abandoned before it was paid, was
   * never an order for the shopper. One the trader cancelled after confirming stays, as cancelled.
   */
  async history(userId: number, page: number, locale: Locale): Promise<OrdersPage> {
    const mine = and(eq(ordersTable.userId, userId), isNotNull(ordersTable.confirmedAt));
    const totalPage = pagination(page, await this.db.$count(ordersTable, mine), ORDERS_PER_PAGE).total_page;
    const orders = await withPage(this.newestFirst(mine), page, ORDERS_PER_PAGE);
    const views = await this.viewsOf(orders);
    const productIds = [...new Set(views.flatMap((view) => view.items.flatMap((item) => (item.productId === null ? [] : [item.productId]))))];
    const products = await this.deps.catalog.purchasable(productIds, locale);
    const { deliveryTimeBands } = await this.deps.shopProfiles.profile();
    return {
      data: views.map((view) =>
        orderResourceOf(view, locale, {
          imagesOf: (productId) => (productId === null ? [] : (products.get(productId)?.product.images ?? [])),
          bandLabel: (code) => deliveryTimeBands[code]?.[locale] ?? null,
        }),
      ),
      meta: { pagination: { current_page: page, total_page: totalPage } },
    };
  }
}
