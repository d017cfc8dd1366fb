import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, unique } from "drizzle-orm/pg-core";
import type { OrderPaymentMethod } from "../../../domain/checkout.ts";
import type { GiftOptions } from "../../../domain/gift.ts";
import type { PaymentInstructions } from "../../../domain/payment-methods/payment-method.ts";
import type { OrderRecipient } from "../../../domain/recipient.ts";
import { ORDER_STATUSES } from "../../../domain/checkout.ts";
import { ORDER_ACTOR_KINDS } from "../../../domain/order-status.ts";
import { PAYMENT_STATES, SHIPMENT_STATES } from "../../../domain/payments-and-shipments.ts";
import type { ReturnRate } from "../../../domain/order-returns.ts";
import { RETURN_REASONS, RETURN_REMEDIES } from "../../../domain/order-returns.ts";
import { STAFF_ORDER_CHANNELS } from "../../../domain/staff-order.ts";
import { usersTable } from "./accounts.ts";
import { productsTable } from "./catalog.ts";
import { cascadeRef, createdAt, localeColumn, serialId, setNullRef, stampedNow, timestamps, timestamptz } from "../columns.ts";

/**
 * Orders (the API contract's Order). `public_id` is what the shopper and the API see: a random code, so order
 * ids can neither be guessed nor counted. Contact, address, prices and names are copies taken at
 * checkout: an order says what was bought and promised then, whatever the catalogue or the account
 * says later. A cancelled account leaves its orders to the trader (user_id set null).
 */
export const ordersTable = pgTable(
  "orders",
  {
    id: serialId(),
    publicId: text("public_id").notNull().unique(),
    userId: setNullRef("user_id", () => usersTable.id),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    paymentMethod: text("payment_method").$type<OrderPaymentMethod>().notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    country: text("country").notNull(),
    zip: text("zip").notNull(),
    prefecture: smallint("prefecture"),
    address: text("address").notNull(),
    buildingName: text("building_name").notNull().default(""),
    /**
     * お届け先 when the parcel goes to someone else (a gift): name, phone and address; null when it
     * goes to the buyer, whose name, phone and address above are ご依頼主 and the contact.
     */
    recipient: jsonb("recipient").$type<OrderRecipient>(),
    desiredDeliveryDate: date("desired_delivery_date", { mode: "string" }),
    desiredDeliveryTimezone: text("desired_delivery_timezone"),
    memo: text("memo").notNull().default(""),
    /** Gift options chosen at checkout (domain/gift.ts): wrapping, のし, message card, no prices; null for none. */
    gift: jsonb("gift").$type<GiftOptions>(),
    /** The buyer's date of birth as given on the order form (the law's age field, decision 036); null for older orders. */
    birthDate: date("birth_date", { mode: "string" }),
    /**
     * Yen: items before tax, tax, and the total paid (price), as charged at checkout; shipping and
     * fees are the order's charge lines (order_charges). Kept as figures for sums in SQL (sales).
     */
    itemsTotal: integer("items_total").notNull(),
    /** How to pay a method paid elsewhere (a konbini voucher's number, deadline, page); null for the others. */
    paymentInstructions: jsonb("payment_instructions").$type<PaymentInstructions>(),
    taxTotal: integer("tax_total").notNull(),
    price: integer("price").notNull(),
    taxRatePercent: integer("tax_rate_percent").notNull(),
    /** The carrier's tracking number, set by the trader when shipping. */
    slipNumber: text("slip_number"),
    /** The carrier the trader shipped with (domain/carriers.ts code); null until shipped. */
    carrier: text("carrier"),
    /** The card payment at the gateway (pi_…), for card orders. */
    paymentIntentId: text("payment_intent_id").unique(),
    /** When a request began charging the card: one charger at a time (a stale claim may be taken over). */
    chargeStartedAt: timestamptz("charge_started_at"),
    /** Language of the checkout: the order mail is written in it. */
    locale: localeColumn(),
    /** A pending card order holds its stock until then; the sweep cancels it afterwards. */
    reservedUntil: timestamptz("reserved_until"),
    /** When the order became binding (placed for bank/cod, paid for card); null while pending or if never. */
    confirmedAt: timestamptz("confirmed_at"),
    /**
     * An order entered by staff (phone, FAX, in the shop; decision 081): who entered it and how it
     * came in. Both null for an order the shopper placed at checkout.
     */
    enteredByStaffId: integer("entered_by_staff_id"),
    entryChannel: text("entry_channel", { enum: STAFF_ORDER_CHANNELS }),
    /** The staff's note on an order they entered (never shown to the customer). */
    staffMemo: text("staff_memo").notNull().default(""),
    /** The buyer's フリガナ as staff took it down (full-width katakana); "" when not given and for checkout's orders. */
    customerKana: text("customer_kana").notNull().default(""),
    ...timestamps(),
  },
  (table) => [
    index("orders_user_history_idx").on(table.userId, table.confirmedAt),
    index("orders_status_reserved_idx").on(table.status, table.reservedUntil),
    check("orders_entry_channel_known", sql`${table.entryChannel} is null or ${table.entryChannel} in ('phone', 'fax', 'shop')`),
    check("orders_entered_by_staff_with_channel", sql`(${table.enteredByStaffId} is null) = (${table.entryChannel} is null)`),
    check("orders_status_known", sql`${table.status} in ('pending', 'await_payment', 'deposited', 'sent', 'cancelled')`),
    check("orders_money_nonnegative", sql`${table.itemsTotal} >= 0 and ${table.taxTotal} >= 0 and ${table.price} >= 0`),
  ],
);

/** OrderItem: the product's names and price before tax as they were at checkout. */
export const orderItemsTable = pgTable(
  "order_items",
  {
    id: serialId(),
    orderId: cascadeRef("order_id", () => ordersTable.id),
    /** Null once the trader deletes the product; the order keeps its copies. */
    productId: setNullRef("product_id", () => productsTable.id),
    nameJa: text("name_ja").notNull(),
    nameEn: text("name_en").notNull(),
    unitPrice: integer("unit_price").notNull(),
    taxRatePercent: integer("tax_rate_percent").notNull(),
    amount: integer("amount").notNull(),
    position: integer("position").notNull(),
    /** 予約商品 (decision 088): the release date this line ships on, sold against the pre-order allocation; null: sold from stock. */
    preorderShipsOn: date("preorder_ships_on", { mode: "string" }),
  },
  (table) => [
    index("order_items_order_idx").on(table.orderId),
    check("order_items_amount_positive", sql`${table.amount} > 0`),
    check("order_items_unit_price_nonnegative", sql`${table.unitPrice} >= 0`),
  ],
);

/**
 * The order's charges (src/domain/order-charges.ts): shipping, the payment method's fee and any later
 * kind, each a copy of its label and tax flag as they were at checkout, in the order shown.
 */
export const orderChargesTable = pgTable(
  "order_charges",
  {
    id: serialId(),
    orderId: cascadeRef("order_id", () => ordersTable.id),
    kind: text("kind").notNull(),
    labelJa: text("label_ja").notNull(),
    labelEn: text("label_en").notNull(),
    /** Yen before tax; below zero only on a discount or correction line (decision 070). */
    amount: integer("amount").notNull(),
    taxable: boolean("taxable").notNull(),
    /** The rate a discount or correction line is taxed at (percent); null: the order's standard rate. */
    taxRatePercent: integer("tax_rate_percent"),
    position: integer("position").notNull(),
  },
  (table) => [
    index("order_charges_order_idx").on(table.orderId),
    // Only a discount or correction may be negative (issue 32); each of them names its tax rate.
    check("order_charges_amount_nonnegative", sql`${table.amount} >= 0 or ${table.kind} in ('discount', 'correction')`),
    check(
      "order_charges_adjustment_rate",
      sql`${table.kind} not in ('discount', 'correction') or (${table.taxRatePercent} is not null and ${table.taxRatePercent} in (8, 10))`,
    ),
  ],
);

/**
 * One row per Idempotency-Key of POST /api/checkout, scoped to who sent it (a hash of the member or
 * the browser session). The row is inserted first, in the order's transaction, so two requests with
 * one key cannot both place an order; the answer is kept to be replayed.
 */
export const checkoutRequestsTable = pgTable(
  "checkout_requests",
  {
    id: serialId(),
    ownerKey: text("owner_key").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of the payload without the 3-D Secure step's ids. */
    fingerprint: text("fingerprint").notNull(),
    orderId: integer("order_id").references(() => ordersTable.id, { onDelete: "cascade" }),
    /** The answer once final (never a client secret); null while the payment is under way. */
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    unique("checkout_requests_owner_key_unique").on(table.ownerKey, table.idempotencyKey),
    index("checkout_requests_created_idx").on(table.createdAt),
  ],
);

/**
 * Every status an order has been in, one row per move (and one for its creation, `from_status`
 * null), written in the move's transaction by OrderMoves: what moved, when, and by whom — the staff
 * member's id, the member's id, the gateway event's id. Kept with the order (cascade), never edited.
 */
export const orderHistoryTable = pgTable(
  "order_history",
  {
    id: serialId(),
    orderId: cascadeRef("order_id", () => ordersTable.id),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }),
    toStatus: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    actorKind: text("actor_kind", { enum: ORDER_ACTOR_KINDS }).notNull(),
    /** The staff member's or member's id, or the gateway event's id; null for a guest, the sweep and the shop. */
    actorId: text("actor_id"),
    note: text("note"),
    at: stampedNow("at"),
  },
  (table) => [
    index("order_history_order_idx").on(table.orderId, table.at),
    check("order_history_actor_kind_known", sql`${table.actorKind} in ('staff', 'member', 'guest', 'gateway', 'sweep', 'system')`),
  ],
);

/**
 * An order's payments (decision 076, after Vendure's Payment): how much by which method, in which
 * state of src/domain/payments-and-shipments.ts, and the gateway's reference. The order's status is
 * derived from its payments and shipments; `orders.status` is the stored copy every move rewrites.
 * Orders older than migration 0034 got one payment standing for their status.
 */
export const orderPaymentsTable = pgTable(
  "order_payments",
  {
    id: serialId(),
    orderId: cascadeRef("order_id", () => ordersTable.id),
    method: text("method").$type<OrderPaymentMethod>().notNull(),
    /** Yen to be paid (the order's total at checkout). */
    amount: integer("amount").notNull(),
    /** Yen given back so far (partly_refunded, refunded). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    state: text("state", { enum: PAYMENT_STATES }).notNull(),
    /** The gateway's payment (pi_…) for card, konbini and PayPay; null for bank transfer and cash on delivery. */
    paymentIntentId: text("payment_intent_id"),
    ...timestamps(),
  },
  (table) => [
    index("order_payments_order_idx").on(table.orderId),
    index("order_payments_intent_idx").on(table.paymentIntentId),
    check("order_payments_state_known", sql`${table.state} in ('pending', 'authorized', 'paid', 'partly_refunded', 'refunded', 'failed', 'cancelled')`),
    check("order_payments_amounts", sql`${table.amount} >= 0 and ${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.amount}`),
  ],
);

/**
 * An order's parcels (decision 076, after Vendure's Fulfillment), 1..n, in `position` order: who it
 * goes to (a copy, or null for the buyer), the delivery wish, gift options and fee as promised, and
 * once it leaves the carrier and its slip. A parcel is `ready` when it may leave: paid, or paid on
 * delivery or later; the B2 export and the day's delivery notes take those.
 */
export const orderShipmentsTable = pgTable(
  "order_shipments",
  {
    id: serialId(),
    orderId: cascadeRef("order_id", () => ordersTable.id),
    position: integer("position").notNull(),
    /** お届け先 when not the buyer; null: the buyer's address on the order. */
    recipient: jsonb("recipient").$type<OrderRecipient>(),
    desiredDeliveryDate: date("desired_delivery_date", { mode: "string" }),
    desiredDeliveryTimezone: text("desired_delivery_timezone"),
    gift: jsonb("gift").$type<GiftOptions>(),
    /** Yen before tax: this parcel's shipping (its share of the order's shipping charge lines). */
    fee: integer("fee").notNull().default(0),
    carrier: text("carrier"),
    slipNumber: text("slip_number"),
    state: text("state", { enum: SHIPMENT_STATES }).notNull(),
    shippedAt: timestamptz("shipped_at"),
    /** A pre-order's parcel (decision 088): it ships on this Japan date (発売日), not before; null: ships when ready. */
    shipsOn: date("ships_on", { mode: "string" }),
    ...timestamps(),
  },
  (table) => [
    unique("order_shipments_order_position_unique").on(table.orderId, table.position),
    index("order_shipments_state_idx").on(table.state),
    check("order_shipments_state_known", sql`${table.state} in ('waiting', 'ready', 'shipped', 'delivered', 'returned')`),
    check("order_shipments_fee_nonnegative", sql`${table.fee} >= 0`),
  ],
);

/** Which order lines, and how many bottles of each, a parcel carries. */
export const orderShipmentLinesTable = pgTable(
  "order_shipment_lines",
  {
    id: serialId(),
    shipmentId: cascadeRef("shipment_id", () => orderShipmentsTable.id),
    orderItemId: cascadeRef("order_item_id", () => orderItemsTable.id),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    unique("order_shipment_lines_item_unique").on(table.shipmentId, table.orderItemId),
    index("order_shipment_lines_item_idx").on(table.orderItemId),
    check("order_shipment_lines_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

/**
 * Returns after shipping (issue 32 item 6, decision 079): one row per return recorded by staff,
 * numbered per order (its 適格返還請求書 is "{order number}-R{number}"), with the reason, whether the
 * bottles came back broken, the remedy, and the money: what goes back per rate (`amounts`, as the
 * return invoice states it), how (the gateway, or a bank refund the trader makes by hand) and its
 * state. Rows are never changed but for a bank refund marked paid; `request_key` is the back
 * office's Idempotency-Key, which also keys the gateway's refund so a retried request refunds once.
 */
export const orderReturnsTable = pgTable(
  "order_returns",
  {
    id: serialId(),
    orderId: cascadeRef("order_id", () => ordersTable.id),
    number: integer("number").notNull(),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    broken: boolean("broken").notNull(),
    remedy: text("remedy", { enum: RETURN_REMEDIES }).notNull(),
    refundShipping: boolean("refund_shipping").notNull(),
    /** Yen given back, tax included (0 for a replacement). */
    refundAmount: integer("refund_amount").notNull(),
    /** gateway: refunded through the card or PayPay gateway; bank: to be transferred back by the trader; none: a replacement. */
    refundRoute: text("refund_route", { enum: ["gateway", "transfer", "none"] }).notNull(),
    /** done: the money went back (the gateway's refund); due: the trader owes the transfer; none: no money moves. */
    refundState: text("refund_state", { enum: ["done", "due", "none"] }).notNull(),
    gatewayRefundId: text("gateway_refund_id"),
    /** What goes back per rate, highest first (domain/order-returns.ts). */
    amounts: jsonb("amounts").$type<ReturnRate[]>().notNull(),
    /** 返品を受けた日: the business date in Japan the return was recorded. */
    returnedOn: date("returned_on", { mode: "string" }).notNull(),
    staffId: integer("staff_id"),
    requestKey: text("request_key"),
    createdAt: createdAt(),
  },
  (table) => [
    unique("order_returns_number_unique").on(table.orderId, table.number),
    check("order_returns_number_positive", sql`${table.number} > 0`),
    check("order_returns_reason_known", sql`${table.reason} in ('defective', 'damaged_in_transit', 'wrong_item', 'other')`),
    check("order_returns_remedy_known", sql`${table.remedy} in ('refund', 'replacement')`),
    check("order_returns_refund_route_known", sql`${table.refundRoute} in ('gateway', 'transfer', 'none')`),
    check("order_returns_refund_state_known", sql`${table.refundState} in ('done', 'due', 'none')`),
    check("order_returns_refund_amount_nonnegative", sql`${table.refundAmount} >= 0`),
  ],
);

/** The bottles of a return, per order line, with the line's price and rate as sold. */
export const orderReturnLinesTable = pgTable(
  "order_return_lines",
  {
    id: serialId(),
    returnId: cascadeRef("return_id", () => orderReturnsTable.id),
    orderItemId: cascadeRef("order_item_id", () => orderItemsTable.id),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    unique("order_return_lines_item_unique").on(table.returnId, table.orderItemId),
    index("order_return_lines_item_idx").on(table.orderItemId),
    check("order_return_lines_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

export type OrderReturnRow = typeof orderReturnsTable.$inferSelect;
export type OrderPaymentRow = typeof orderPaymentsTable.$inferSelect;
export type OrderShipmentRow = typeof orderShipmentsTable.$inferSelect;
