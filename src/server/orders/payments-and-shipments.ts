import { and, asc, eq, inArray } from "drizzle-orm";
import type { OrderStatus } from "../../domain/checkout.ts";
import type { GiftOptions } from "../../domain/gift.ts";
import type { OrderCharge } from "../../domain/order-charges.ts";
import type { OrderRecipient } from "../../domain/recipient.ts";
import type { OrderActorKind } from "../../domain/order-status.ts";
import { shipsUnpaid } from "../../domain/order-status.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { CancelCause, PaymentState, ShipmentState } from "../../domain/payments-and-shipments.ts";
import { deriveOrderStatus, hasLeft, paymentAndShipmentFor, statesForStatus } from "../../domain/payments-and-shipments.ts";
import type { Database } from "../db/client.ts";
import type { OrderPaymentRow, OrderShipmentRow, ordersTable } from "../db/schema/orders.ts";
import { orderItemsTable, orderPaymentsTable, orderShipmentLinesTable, orderShipmentsTable } from "../db/schema/orders.ts";

// An order's payments and shipments (decision 076): written with the order, moved with it, and the
// one place that writes `orders.status`, the stored copy of the status derived from them.

type OrderRow = typeof ordersTable.$inferSelect;

/** A shipment with the order lines it carries. */
export interface ShipmentWithLines extends OrderShipmentRow {
  lines: { orderItemId: number; quantity: number }[];
}

/**
 * The order's one payment (its method, its total) and one shipment (to its recipient, every line)
 * in the states its first status stands for, in the order's transaction (checkout, and the test
 * fixtures that write an order in a given status).
 */
export async function createPaymentAndShipment(
  tx: Database,
  order: OrderRow,
  charges: readonly OrderCharge[],
  destinations?: readonly NewShipment[],
): Promise<void> {
  const states = statesForStatus(order.status, shipsUnpaid(order.paymentMethod));
  await tx.insert(orderPaymentsTable).values({
    orderId: order.id,
    method: order.paymentMethod,
    amount: order.price,
    state: states.payment,
    paymentIntentId: order.paymentIntentId,
  });
  const items = await tx
    .select({ id: orderItemsTable.id, productId: orderItemsTable.productId, amount: orderItemsTable.amount })
    .from(orderItemsTable)
    .where(eq(orderItemsTable.orderId, order.id));
  const fee = charges.filter((charge) => charge.kind === "shipping").reduce((sum, charge) => sum + charge.amount, 0);
  // One parcel with every item, or one per destination with its own bottles and fee (decision 087).
  const itemOf = new Map(items.map((item) => [item.productId, item.id]));
  const parcels: (Omit<NewShipment, "lines"> & { lines: { orderItemId: number; quantity: number }[] })[] = destinations
    ? destinations.map((destination) => ({
        ...destination,
        lines: destination.lines
          .filter((line) => line.quantity > 0 && itemOf.has(line.productId))
          .map((line) => ({ orderItemId: itemOf.get(line.productId)!, quantity: line.quantity })),
      }))
    : [
        {
          recipient: order.recipient,
          desiredDeliveryDate: order.desiredDeliveryDate,
          desiredDeliveryTimezone: order.desiredDeliveryTimezone,
          gift: order.gift,
          fee: Math.max(0, fee),
          lines: items.map((item) => ({ orderItemId: item.id, quantity: item.amount })),
        },
      ];
  for (const [position, parcel] of parcels.entries()) {
    const [shipment] = await tx
      .insert(orderShipmentsTable)
      .values({
        orderId: order.id,
        position,
        recipient: parcel.recipient,
        desiredDeliveryDate: parcel.desiredDeliveryDate,
        desiredDeliveryTimezone: parcel.desiredDeliveryTimezone,
        gift: parcel.gift,
        fee: parcel.fee,
        shipsOn: parcel.shipsOn ?? null,
        carrier: order.carrier,
        slipNumber: order.slipNumber,
        state: states.shipment,
        shippedAt: states.shipment === "shipped" ? new Date() : null,
      })
      .returning();
    if (parcel.lines.length > 0) await tx.insert(orderShipmentLinesTable).values(parcel.lines.map((line) => ({ shipmentId: shipment!.id, ...line })));
  }
}

/** One parcel as an order is placed: its recipient (null: the buyer), wish, gift, fee and bottles by product. */
export interface NewShipment {
  recipient: OrderRecipient | null;
  desiredDeliveryDate: string | null;
  desiredDeliveryTimezone: string | null;
  gift: GiftOptions | null;
  /** Yen before tax. */
  fee: number;
  /** A pre-order's parcel ships on this Japan date (decision 088); null or absent: when ready. */
  shipsOn?: string | null;
  lines: { productId: number; quantity: number }[];
}

/** What a move writes besides the states: the parcel's carrier and slip, the gateway's payment. */
export interface MoveDetails {
  carrier?: string | null | undefined;
  slipNumber?: string | null | undefined;
  paymentIntentId?: string | null | undefined;
}

/** What a move did to the order's parts: the status derived after it, and the parcels that left with it. */
export interface StatesMoved {
  status: OrderStatus;
  /** The parcels that left in this move (ready → shipped), with their lines. */
  leaving: ShipmentWithLines[];
}

/**
 * Moves the order's current payment and its shipments for an order move to `to`, and answers the
 * status derived from all its payments and shipments (the caller writes it to `orders.status`), in
 * the caller's transaction (the order's row locked). Answers undefined, writing nothing, when the
 * states do not allow the move or would derive another status.
 *
 * A ship (`to` sent) moves only the parcels that have not left: the whole-order ship after some
 * parcels went alone ships the rest (decision 091). With `parcel` (a position), only that parcel
 * leaves: while others stay, the order keeps the status its payments derive and its payment is
 * untouched (cash on delivery is paid when the last parcel collects it).
 */
export async function moveOrderStates(
  tx: Database,
  current: OrderRow,
  to: OrderStatus,
  actorKind: OrderActorKind,
  details: MoveDetails = {},
  parcel?: number,
): Promise<StatesMoved | undefined> {
  const payments = await tx
    .select()
    .from(orderPaymentsTable)
    .where(eq(orderPaymentsTable.orderId, current.id))
    .orderBy(asc(orderPaymentsTable.id))
    .for("update");
  const shipments = await tx
    .select()
    .from(orderShipmentsTable)
    .where(eq(orderShipmentsTable.orderId, current.id))
    .orderBy(asc(orderShipmentsTable.position))
    .for("update");
  const payment = payments.at(-1);
  if (!payment || shipments.length === 0) return undefined;
  // Refused at the gateway (the shopper's card, the gateway's event) fails the payment; the sweep and staff call it off.
  const cause: CancelCause = actorKind === "gateway" || actorKind === "member" || actorKind === "guest" ? "refused" : "called_off";
  const options = {
    shipsUnpaid: shipsUnpaid(current.paymentMethod),
    settlesOnShipping: storedPaymentMethod(current.paymentMethod).settlesOnShipping ?? true,
    cause,
  };
  // The parcels this move concerns: for a ship, those not yet gone (or the one asked for).
  const moving = (shipment: OrderShipmentRow) => (to === "sent" ? !hasLeft(shipment.state) && (parcel === undefined || shipment.position === parcel) : true);
  if (parcel !== undefined && (to !== "sent" || !shipments.some((shipment) => shipment.position === parcel && shipment.state === "ready"))) return undefined;
  // The move acts on the order's latest payment and on each parcel it concerns (a parcel already gone stays as it is).
  const nextShipments: ShipmentState[] = [];
  let nextPayment: PaymentState = payment.state;
  let anyMoving = false;
  for (const shipment of shipments) {
    if (!moving(shipment)) {
      nextShipments.push(shipment.state);
      continue;
    }
    anyMoving = true;
    const next = paymentAndShipmentFor(to, { payment: payment.state, shipment: shipment.state }, options);
    if (!next) return undefined;
    nextPayment = next.payment;
    nextShipments.push(next.shipment);
  }
  if (!anyMoving) return undefined;
  const last = nextShipments.every(hasLeft);
  // One parcel of several leaving: the payment waits for the last (cash on delivery collects then).
  if (to === "sent" && !last) nextPayment = payment.state;
  const paymentStates = payments.map((row) => (row.id === payment.id ? nextPayment : row.state));
  const status = deriveOrderStatus(paymentStates, nextShipments);
  if (status !== to && !(parcel !== undefined && !last && status === current.status)) return undefined;

  const now = new Date();
  if (nextPayment !== payment.state || details.paymentIntentId) {
    await tx
      .update(orderPaymentsTable)
      .set({
        state: nextPayment,
        ...(nextPayment === "refunded" ? { refundedAmount: payment.amount } : {}),
        ...(details.paymentIntentId ? { paymentIntentId: details.paymentIntentId } : {}),
        updatedAt: now,
      })
      .where(eq(orderPaymentsTable.id, payment.id));
  }
  const leaving: OrderShipmentRow[] = [];
  for (const [index, shipment] of shipments.entries()) {
    const state = nextShipments[index]!;
    if (state === shipment.state) continue;
    const leaves = state === "shipped";
    const [row] = await tx
      .update(orderShipmentsTable)
      .set({
        state,
        ...(leaves ? { carrier: details.carrier ?? shipment.carrier, slipNumber: details.slipNumber ?? shipment.slipNumber, shippedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(orderShipmentsTable.id, shipment.id))
      .returning();
    if (leaves) leaving.push(row!);
  }
  return { status, leaving: await withLines(tx, leaving) };
}

/** The order's first parcel's carrier and slip: the order's own columns carry them (decision 076). */
export async function firstShipmentSlip(tx: Database, orderId: number): Promise<{ carrier: string | null; slipNumber: string | null } | undefined> {
  const [first] = await tx
    .select({ carrier: orderShipmentsTable.carrier, slipNumber: orderShipmentsTable.slipNumber })
    .from(orderShipmentsTable)
    .where(eq(orderShipmentsTable.orderId, orderId))
    .orderBy(asc(orderShipmentsTable.position))
    .limit(1);
  return first;
}

/**
 * A shipped parcel's carrier and slip corrected: the parcel at `position` (decision 097), the first
 * one when none is named (the order's columns are the first parcel's, decision 076). Answers the
 * parcel as it was (its old slip and carrier, whether it is the order's first), or undefined when the
 * order has no such parcel or it has not left.
 */
export async function correctShipmentSlip(
  tx: Database,
  orderId: number,
  slipNumber: string,
  carrier: string,
  position?: number,
): Promise<{ slipNumber: string | null; carrier: string | null; first: boolean; count: number; shipment: OrderShipmentRow } | undefined> {
  const shipments = await tx.select().from(orderShipmentsTable).where(eq(orderShipmentsTable.orderId, orderId)).orderBy(asc(orderShipmentsTable.position));
  const shipment = position === undefined ? shipments[0] : shipments.find((each) => each.position === position);
  if (!shipment || (position !== undefined && !hasLeft(shipment.state))) return undefined;
  await tx.update(orderShipmentsTable).set({ slipNumber, carrier, updatedAt: new Date() }).where(eq(orderShipmentsTable.id, shipment.id));
  return { slipNumber: shipment.slipNumber, carrier: shipment.carrier, first: shipment.id === shipments[0]!.id, count: shipments.length, shipment };
}

/**
 * The order's delivery wish, recipient or gift changed before shipping (decision 074): the parcels
 * not yet gone carry the order's copy (one destination per order until issue 33).
 */
export async function copyDeliveryToShipments(tx: Database, order: OrderRow, fee?: number): Promise<void> {
  await tx
    .update(orderShipmentsTable)
    .set({
      recipient: order.recipient,
      desiredDeliveryDate: order.desiredDeliveryDate,
      desiredDeliveryTimezone: order.desiredDeliveryTimezone,
      gift: order.gift,
      ...(fee === undefined ? {} : { fee: Math.max(0, fee) }),
      updatedAt: new Date(),
    })
    .where(eq(orderShipmentsTable.orderId, order.id));
}

/** The order's total changed while its payment waits (a discount or correction, a new fee): the payment not yet settled asks the new amount. */
export async function repricePayment(tx: Database, order: OrderRow): Promise<void> {
  const payments = await tx.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, order.id)).orderBy(asc(orderPaymentsTable.id));
  const payment = payments.at(-1);
  if (payment && (payment.state === "pending" || payment.state === "authorized")) {
    await tx.update(orderPaymentsTable).set({ amount: order.price, updatedAt: new Date() }).where(eq(orderPaymentsTable.id, payment.id));
  }
}

/** The gateway's payment recorded on the order's payment still being made (pending), as on the order. */
export async function attachIntentToPayment(db: Database, orderId: number, paymentIntentId: string): Promise<void> {
  const payments = await db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, orderId)).orderBy(asc(orderPaymentsTable.id));
  const payment = payments.at(-1);
  if (payment && payment.paymentIntentId === null)
    await db.update(orderPaymentsTable).set({ paymentIntentId, updatedAt: new Date() }).where(eq(orderPaymentsTable.id, payment.id));
}

/** A payment the card refused taken off the order's payment still open, so another card may pay it (a payment link, decision 082). */
export async function detachIntentFromPayment(db: Database, orderId: number, paymentIntentId: string): Promise<void> {
  await db
    .update(orderPaymentsTable)
    .set({ paymentIntentId: null, updatedAt: new Date() })
    .where(and(eq(orderPaymentsTable.orderId, orderId), eq(orderPaymentsTable.paymentIntentId, paymentIntentId)));
}

/** These parcels, in the order given, each with its lines (one query for all of them). */
async function withLines(db: Database, shipments: OrderShipmentRow[]): Promise<ShipmentWithLines[]> {
  if (shipments.length === 0) return [];
  const lines = await db
    .select()
    .from(orderShipmentLinesTable)
    .where(
      inArray(
        orderShipmentLinesTable.shipmentId,
        shipments.map((shipment) => shipment.id),
      ),
    )
    .orderBy(asc(orderShipmentLinesTable.id));
  return shipments.map((shipment) => ({
    ...shipment,
    lines: lines.filter((line) => line.shipmentId === shipment.id).map((line) => ({ orderItemId: line.orderItemId, quantity: line.quantity })),
  }));
}

/**
 * The parcels of these orders with their lines, by order (two queries): the order views read them
 * to show several destinations (decision 087).
 */
export async function shipmentsOfOrders(db: Database, orderIds: readonly number[]): Promise<Map<number, ShipmentWithLines[]>> {
  const byOrder = new Map<number, ShipmentWithLines[]>();
  if (orderIds.length === 0) return byOrder;
  const shipments = await db
    .select()
    .from(orderShipmentsTable)
    .where(inArray(orderShipmentsTable.orderId, [...orderIds]))
    .orderBy(asc(orderShipmentsTable.orderId), asc(orderShipmentsTable.position));
  for (const shipment of await withLines(db, shipments)) {
    const list = byOrder.get(shipment.orderId) ?? [];
    list.push(shipment);
    byOrder.set(shipment.orderId, list);
  }
  return byOrder;
}

/** An order's payments and shipments (with their lines), for the back office's order page. */
export async function paymentsAndShipmentsOf(db: Database, orderId: number): Promise<{ payments: OrderPaymentRow[]; shipments: ShipmentWithLines[] }> {
  const payments = await db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, orderId)).orderBy(asc(orderPaymentsTable.id));
  const shipments = await db.select().from(orderShipmentsTable).where(eq(orderShipmentsTable.orderId, orderId)).orderBy(asc(orderShipmentsTable.position));
  return { payments, shipments: await withLines(db, shipments) };
}

/**
 * The latest payment of a shipped order, still authorized, turned paid (後払い reported paid after
 * the parcel left, decision 080); the order's derived status stays sent. False when there is none.
 */
export async function settleShippedPayment(tx: Database, orderId: number): Promise<boolean> {
  const payments = await tx.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, orderId)).orderBy(asc(orderPaymentsTable.id)).for("update");
  const payment = payments.at(-1);
  if (!payment || payment.state !== "authorized") return false;
  await tx.update(orderPaymentsTable).set({ state: "paid", updatedAt: new Date() }).where(eq(orderPaymentsTable.id, payment.id));
  return true;
}
