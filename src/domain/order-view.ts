import { addressLine, type AddressInput } from "./address.ts";
import type { OrderPaymentMethod, OrderResource, OrderStatus } from "./checkout.ts";
import { carrierLabel, trackingUrl } from "./carriers.ts";
import type { GiftAnswer, GiftOptions } from "./gift.ts";
import { giftAnswerOf } from "./gift.ts";
import type { Locale } from "./locale.ts";
import type { ChargeLabel, OrderCharge } from "./order-charges.ts";
import type { OrderHistoryEntry } from "./order-status.ts";
import { amountMayChange } from "./order-status.ts";
import { orderChangeRefusal } from "./order-changes.ts";
import type { PaymentInstructions } from "./payment-methods/payment-method.ts";
import type { StaffOrderChannel } from "./staff-order.ts";
import type { PaymentState, ShipmentState } from "./payments-and-shipments.ts";
import { PAYMENT_STATE_LABELS, SHIPMENT_STATE_LABELS, SHIPMENT_STATE_SHOPPER_LABELS } from "./payments-and-shipments.ts";
import type { OrderRecipient, RecipientInput } from "./recipient.ts";
import { chargeAmount } from "./order-charges.ts";
import type { OrderTotals } from "./order-totals.ts";
import { orderTotals } from "./order-totals.ts";

/**
 * One order view: an order with its items, charges, address and payment, and its figures derived
 * from the lines (order-totals.ts). The API answer, the order mails, the back office and both CSV
 * exports are shaped from it, so a new charge kind or field reaches all of them from here. The
 * back office's answers (AdminOrderSummary, AdminOrderDetail) are declared here for the server and
 * the browser alike.
 */

export interface OrderViewItem {
  id: number;
  /** Null once the trader deleted the product; name and price are the order's copies. */
  productId: number | null;
  name: ChargeLabel;
  unitPrice: number;
  taxRatePercent: number;
  amount: number;
  lineTotal: number;
  /** Taxed at the reduced rate (軽減税率): marked ※ on mails, summaries and receipts. */
  reduced: boolean;
  /** 予約商品 (decision 088): the release date (yyyy-mm-dd, Japan) it ships on; absent or null: from stock. */
  shipsOn?: string | null;
}

/**
 * An order as its module stores it, in plain data: what orderView is built from. Its own name,
 * phone and address columns are the buyer's (ご依頼主), in the recipient's shape.
 */
export interface OrderRecord extends OrderRecipient {
  publicId: string;
  createdAt: Date;
  status: OrderStatus;
  paymentMethod: OrderPaymentMethod;
  locale: Locale;
  email: string;
  /** お届け先 when the parcel goes to someone else; null when it goes to the buyer. */
  recipient: OrderRecipient | null;
  desiredDeliveryDate: string | null;
  desiredDeliveryTimezone: string | null;
  memo: string;
  /**
   * Gift options chosen at checkout (gift.ts), null for none. `gift.hidePrices`: the delivery note in
   * the parcel shows no amounts (金額を記載しない).
   */
  gift: GiftOptions | null;
  slipNumber: string | null;
  /** The carrier's code (carriers.ts); null until shipped. */
  carrier: string | null;
  /** How to pay a method paid elsewhere (a konbini voucher), kept while its order awaits payment; null otherwise. */
  paymentInstructions: PaymentInstructions | null;
  taxRatePercent: number;
  /** yyyy-MM-dd the buyer gave at checkout (age on the order form, decision 036); null for older orders. */
  birthDate: string | null;
  items: Omit<OrderViewItem, "lineTotal" | "reduced">[];
  charges: OrderCharge[];
  /** Entered by staff (phone, FAX, in the shop; decision 081); null or absent: placed by the shopper. */
  entry?: OrderEntry | null;
  /** Its parcels (decision 076), when read with them; several make `destinations` (decision 087). */
  shipments?: ShipmentRecord[] | undefined;
}

/**
 * One destination of an order sent to several (decision 087): its recipient (the buyer when it goes
 * to them), its wish, gift, fee and bottles, as the mails, documents, B2 file and answers show it.
 */
export interface DestinationView extends Pick<
  ShipmentRecord,
  "position" | "desiredDeliveryDate" | "desiredDeliveryTimezone" | "gift" | "fee" | "carrier" | "slipNumber" | "state"
> {
  /** Its recipient, or the buyer when the parcel goes to them. */
  recipient: OrderParty;
  sendsToOther: boolean;
  /** The order's items this parcel carries, `amount` its bottles of each. */
  items: OrderViewItem[];
}

/** How staff entered an order (decision 081): the channel, who, their note, the buyer's フリガナ. */
export interface OrderEntry {
  channel: StaffOrderChannel;
  staffId: number;
  memo: string;
  kana: string;
}

/** An order entered by staff as the back office answers it; the staff member named by their sign-in address when still known. */
export interface OrderEntryAnswer {
  channel: StaffOrderChannel;
  staff_id: number;
  staff_name: string | null;
}

/**
 * A person of the order with their address: the buyer (ご依頼主) or the recipient (お届け先). The
 * buyer's columns have the recipient's shape, so both are an OrderRecipient with the one line.
 */
export type OrderParty = OrderRecipient & {
  /** The address as one line, prefecture first (see addressLine). */
  addressLine: string;
};

export interface OrderView extends Omit<OrderRecord, "items" | "recipient"> {
  items: OrderViewItem[];
  /** ご依頼主: who ordered, the contact (the order's name, phone and address). */
  buyer: OrderParty;
  /** お届け先: where the parcel goes — the buyer again unless `sendsToOther`. */
  recipient: OrderParty;
  /** The parcel goes to someone other than the buyer (a gift). */
  sendsToOther: boolean;
  /** The address as one line, prefecture first (see addressLine). */
  addressLine: string;
  /** The carrier's tracking page for the slip number (carriers.ts), null until shipped. */
  trackingUrl: string | null;
  /** From the lines; `shipping` and `paymentFee` are the contract's two figures, derived from the charges. `totals.taxes` is the tax per rate. */
  totals: OrderTotals & { shipping: number; paymentFee: number };
  /** Several destinations (decision 087), in position order; empty for an order with one parcel (its fields above say it all). */
  destinations: DestinationView[];
}

/** The person's fields alone (an order record carries many more), with the address as one line. */
function partyOf(person: OrderRecipient): OrderParty {
  const { name, phone, country, zip, prefecture, address, buildingName, kana } = person;
  return { name, phone, country, zip, prefecture, address, buildingName, ...(kana ? { kana } : {}), addressLine: addressLine(person) };
}

/** The one order view. */
export function orderView(record: OrderRecord): OrderView {
  const totals = orderTotals(record.items, record.charges, record.taxRatePercent);
  const buyer = partyOf(record);
  const recipient = record.recipient ? partyOf(record.recipient) : buyer;
  const view: OrderView = {
    ...record,
    buyer,
    recipient,
    sendsToOther: record.recipient !== null,
    items: record.items.map((item, index) => ({ ...item, lineTotal: totals.lineTotals[index]!, reduced: item.taxRatePercent < record.taxRatePercent })),
    addressLine: addressLine(record),
    trackingUrl: record.slipNumber ? trackingUrl(record.carrier, record.slipNumber, record.locale) : null,
    totals: { ...totals, shipping: chargeAmount(record.charges, "shipping"), paymentFee: chargeAmount(record.charges, "payment_fee") },
    destinations: [],
  };
  if (record.shipments && record.shipments.length > 1) {
    view.destinations = record.shipments.map((shipment) => ({
      position: shipment.position,
      recipient: shipment.recipient ? partyOf(shipment.recipient) : buyer,
      sendsToOther: shipment.recipient !== null,
      desiredDeliveryDate: shipment.desiredDeliveryDate,
      desiredDeliveryTimezone: shipment.desiredDeliveryTimezone,
      gift: shipment.gift,
      fee: shipment.fee,
      carrier: shipment.carrier,
      slipNumber: shipment.slipNumber,
      state: shipment.state,
      items: shipment.lines.flatMap((line) => {
        const item = view.items.find((each) => each.id === line.orderItemId);
        return item ? [{ ...item, amount: line.quantity, lineTotal: item.unitPrice * line.quantity }] : [];
      }),
    }));
  }
  return view;
}

/** A charge as the answers show it: its label in the asked language. */
export interface ChargeAnswer {
  kind: string;
  label: string;
  amount: number;
  taxable: boolean;
  /** A discount or correction line's rate (decision 070); absent on the others, so older answers are unchanged. */
  tax_rate?: number;
}

export function chargeAnswers(view: Pick<OrderView, "charges">, locale: Locale): ChargeAnswer[] {
  return view.charges.map((charge) => ({
    kind: charge.kind,
    label: charge.label[locale],
    amount: charge.amount,
    taxable: charge.taxable,
    ...(charge.taxRatePercent === undefined ? {} : { tax_rate: charge.taxRatePercent }),
  }));
}

/** The carrier and tracking page of a shipped order, in the asked language; nulls before. */
export function shipmentAnswer(
  view: Pick<OrderView, "slipNumber" | "carrier">,
  locale: Locale,
): { carrier: string | null; carrier_label: string | null; tracking_url: string | null } {
  if (!view.slipNumber) return { carrier: null, carrier_label: null, tracking_url: null };
  return { carrier: view.carrier, carrier_label: carrierLabel(view.carrier, locale), tracking_url: trackingUrl(view.carrier, view.slipNumber, locale) };
}

/** お届け先 as the answers carry it: the checkout's shape, with the address one line, prefecture first. */
export type RecipientAnswer = RecipientInput;

export function recipientAnswer(party: OrderParty): RecipientAnswer {
  return {
    name: party.name,
    phone: party.phone,
    country: party.country,
    zip: party.zip,
    prefecture: party.prefecture,
    address: party.addressLine,
    building_name: party.buildingName,
    ...(party.kana ? { kana: party.kana } : {}),
  };
}

/** GET /api/orders' order (the API contract's Order): product images and the time band's label come from other modules. */
export function orderResourceOf(
  view: OrderView,
  locale: Locale,
  lookups: { imagesOf: (productId: number | null) => string[]; bandLabel: (code: string) => string | null },
): OrderResource {
  return {
    id: view.publicId,
    attributes: {
      created_at: view.createdAt.toISOString(),
      status: view.status,
      payment_method: view.paymentMethod,
      price: view.totals.total,
      shipping_fee: view.totals.shipping,
      payment_method_fee: view.totals.paymentFee,
      charges: chargeAnswers(view, locale),
      // What a payment made elsewhere needs (a voucher's number and deadline), only while it may still be paid.
      ...(view.status === "await_payment" && view.paymentInstructions ? { payment_instructions: view.paymentInstructions } : {}),
      tax_total: view.totals.tax,
      taxes: view.totals.taxes,
      slip_number: view.slipNumber,
      ...shipmentAnswer(view, locale),
      gift: giftAnswerOf(view.gift),
      desired_delivery_date: view.desiredDeliveryDate,
      desired_delivery_timezone: view.desiredDeliveryTimezone,
      desired_delivery_timezone_label: view.desiredDeliveryTimezone ? lookups.bandLabel(view.desiredDeliveryTimezone) : null,
      memo: view.memo,
      name: view.buyer.name,
      address: { country: view.country, zip: view.zip, address: view.addressLine, building_name: view.buildingName },
      recipient: view.sendsToOther ? recipientAnswer(view.recipient) : null,
      order_items: view.items.map((item) => ({
        id: item.id,
        product_id: item.productId,
        tax: item.taxRatePercent,
        reduced: item.reduced,
        unit_price: item.unitPrice,
        amount: item.amount,
        product: { name: item.name[locale], images: lookups.imagesOf(item.productId) },
        ...(item.shipsOn ? { ships_on: item.shipsOn } : {}),
      })),
      ...(view.destinations.length > 0
        ? {
            shipments: view.destinations.map((destination) => ({
              position: destination.position,
              recipient: destination.sendsToOther ? recipientAnswer(destination.recipient) : null,
              desired_delivery_date: destination.desiredDeliveryDate,
              desired_delivery_timezone: destination.desiredDeliveryTimezone,
              desired_delivery_timezone_label: destination.desiredDeliveryTimezone ? lookups.bandLabel(destination.desiredDeliveryTimezone) : null,
              gift: giftAnswerOf(destination.gift),
              fee: destination.fee,
              slip_number: destination.slipNumber,
              state: destination.state,
              state_label: SHIPMENT_STATE_SHOPPER_LABELS[destination.state][locale],
              carrier_label: destination.slipNumber ? carrierLabel(destination.carrier, locale) : null,
              tracking_url: destination.slipNumber ? trackingUrl(destination.carrier, destination.slipNumber, locale) : null,
              lines: destination.items.map((item) => ({ order_item_id: item.id, name: item.name[locale], amount: item.amount })),
            })),
          }
        : {}),
    },
  };
}

/** A row of the back office's order list. */
export interface AdminOrderSummary {
  id: string;
  created_at: string;
  status: OrderStatus;
  payment_method: OrderPaymentMethod;
  name: string;
  email: string;
  price: number;
  /** Entered by staff (decision 081); null: placed by the shopper at checkout. */
  entered_by: OrderEntryAnswer | null;
}

export interface AdminOrdersPage {
  data: AdminOrderSummary[];
  meta: { pagination: { current_page: number; total_page: number; total_count: number } };
}

export interface AdminOrderLine {
  product_id: number | null;
  name: string;
  unit_price: number;
  amount: number;
  line_total: number;
  tax_rate: number;
  reduced: boolean;
  /** The order line's id: what a partial cancellation names (decision 078). */
  line_id: number;
}

/** The back office's order page. */
export interface AdminOrderDetail extends AdminOrderSummary, AddressInput {
  phone: string;
  /** お届け先 when the parcel goes to someone else; null when it goes to the buyer (ご依頼主). */
  recipient: RecipientAnswer | null;
  desired_delivery_date: string | null;
  desired_delivery_timezone: string | null;
  memo: string;
  items: AdminOrderLine[];
  items_total: number;
  shipping_fee: number;
  payment_method_fee: number;
  /** Every charge line in order (shipping, the payment fee, any other kind). */
  charges: ChargeAnswer[];
  tax_total: number;
  /** Tax per rate (decision 036). */
  taxes: { rate: number; base: number; tax: number }[];
  /** yyyy-MM-dd the buyer gave at checkout (age on the order form); null for orders placed before it was asked. */
  birth_date: string | null;
  /** The buyer's フリガナ as staff took it down (decision 081); "" when none. */
  customer_kana: string;
  /** Staff's note on an order they entered, for staff only; "" when none. */
  staff_memo: string;
  slip_number: string | null;
  carrier: string | null;
  carrier_label: string | null;
  tracking_url: string | null;
  /** The gift options chosen, or null (gift.ts). */
  gift: GiftAnswer | null;
  locale: Locale;
  next: OrderStatus[];
  /** Whether staff may still add a discount or correction line (order-status.ts amountMayChange, decision 070). */
  adjustable: boolean;
  /** Whether staff may still lower or remove a line (linesCancellable, decision 078). */
  lines_cancellable: boolean;
  /** Every move of the order, oldest first (its creation included). */
  history: OrderHistoryEntry[];
  /** The order's payments, oldest first (decision 076). */
  payments: AdminPaymentAnswer[];
  /** The order's parcels, in position order (decision 076). */
  shipments: AdminShipmentAnswer[];
}

/** A payment as the order module keeps it, in plain data (decision 076). */
export interface PaymentRecord {
  method: OrderPaymentMethod;
  amount: number;
  refundedAmount: number;
  state: PaymentState;
  paymentIntentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A parcel as the order module keeps it, in plain data, with the lines it carries (decision 076). */
export interface ShipmentRecord {
  position: number;
  recipient: OrderRecipient | null;
  desiredDeliveryDate: string | null;
  desiredDeliveryTimezone: string | null;
  gift: GiftOptions | null;
  /** Yen before tax. */
  fee: number;
  carrier: string | null;
  slipNumber: string | null;
  state: ShipmentState;
  shippedAt: Date | null;
  lines: { orderItemId: number; quantity: number }[];
  /** A pre-order's parcel ships on this Japan date (decision 088). */
  shipsOn?: string | null;
}

export interface AdminPaymentAnswer {
  method: OrderPaymentMethod;
  amount: number;
  refunded_amount: number;
  state: PaymentState;
  /** The state in the back office's language. */
  state_label: string;
  payment_intent_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminShipmentAnswer {
  position: number;
  /** お届け先 when not the buyer; null: the buyer's address (ご依頼主). */
  recipient: RecipientAnswer | null;
  desired_delivery_date: string | null;
  desired_delivery_timezone: string | null;
  gift: GiftAnswer | null;
  /** Yen before tax. */
  fee: number;
  carrier: string | null;
  carrier_label: string | null;
  slip_number: string | null;
  state: ShipmentState;
  state_label: string;
  shipped_at: string | null;
  /** The order lines it carries: the line's id and name (as on the order), and how many bottles. */
  lines: { order_item_id: number; name: string; quantity: number }[];
  /** A pre-order's parcel (decision 088): the release date it ships on; absent for the others. */
  ships_on?: string;
}

export function adminPaymentAnswer(payment: PaymentRecord, locale: Locale): AdminPaymentAnswer {
  return {
    method: payment.method,
    amount: payment.amount,
    refunded_amount: payment.refundedAmount,
    state: payment.state,
    state_label: PAYMENT_STATE_LABELS[payment.state][locale],
    payment_intent_id: payment.paymentIntentId,
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
  };
}

export function adminShipmentAnswer(shipment: ShipmentRecord, items: readonly OrderViewItem[], locale: Locale): AdminShipmentAnswer {
  return {
    position: shipment.position,
    recipient: shipment.recipient ? recipientAnswer(partyOf(shipment.recipient)) : null,
    desired_delivery_date: shipment.desiredDeliveryDate,
    desired_delivery_timezone: shipment.desiredDeliveryTimezone,
    gift: giftAnswerOf(shipment.gift),
    fee: shipment.fee,
    carrier: shipment.carrier,
    carrier_label: shipment.carrier ? carrierLabel(shipment.carrier, locale) : null,
    slip_number: shipment.slipNumber,
    state: shipment.state,
    state_label: SHIPMENT_STATE_LABELS[shipment.state][locale],
    shipped_at: shipment.shippedAt?.toISOString() ?? null,
    lines: shipment.lines.map((line) => ({
      order_item_id: line.orderItemId,
      name: items.find((item) => item.id === line.orderItemId)?.name[locale] ?? "",
      quantity: line.quantity,
    })),
    ...(shipment.shipsOn ? { ships_on: shipment.shipsOn } : {}),
  };
}

export function adminOrderSummaryOf(view: OrderView, staffNames: ReadonlyMap<number, string> = new Map()): AdminOrderSummary {
  const entry = view.entry ?? null;
  return {
    id: view.publicId,
    created_at: view.createdAt.toISOString(),
    status: view.status,
    payment_method: view.paymentMethod,
    name: view.name,
    email: view.email,
    price: view.totals.total,
    entered_by: entry ? { channel: entry.channel, staff_id: entry.staffId, staff_name: staffNames.get(entry.staffId) ?? null } : null,
  };
}

/**
 * Whether staff may lower or remove a line (decision 078): the order may still change (not
 * cancelled, not sent, no slip, no payment under way) and its money can follow — paid (refunded) or
 * still changeable (a bank transfer not yet in, cash on delivery). A konbini voucher is fixed.
 */
export function linesCancellable(view: Pick<OrderView, "status" | "slipNumber" | "paymentMethod">, payments: readonly Pick<PaymentRecord, "state">[]): boolean {
  const last = payments.at(-1);
  const paid = last?.state === "paid" || last?.state === "partly_refunded";
  return orderChangeRefusal(view) === null && (paid || amountMayChange(view.status, view.paymentMethod));
}

/** The order page in the staff member's language; `next` are the moves staff may make (order-status.ts). */
export function adminOrderDetailOf(
  view: OrderView,
  locale: Locale,
  next: OrderStatus[],
  history: OrderHistoryEntry[],
  parts: { payments: readonly PaymentRecord[]; shipments: readonly ShipmentRecord[] },
  staffNames: ReadonlyMap<number, string> = new Map(),
): AdminOrderDetail {
  return {
    ...adminOrderSummaryOf(view, staffNames),
    customer_kana: view.entry?.kana ?? "",
    staff_memo: view.entry?.memo ?? "",
    phone: view.phone,
    country: view.country,
    zip: view.zip,
    prefecture: view.prefecture,
    address: view.address,
    building_name: view.buildingName,
    recipient: view.sendsToOther ? recipientAnswer(view.recipient) : null,
    desired_delivery_date: view.desiredDeliveryDate,
    desired_delivery_timezone: view.desiredDeliveryTimezone,
    memo: view.memo,
    items: view.items.map((item) => ({
      line_id: item.id,
      product_id: item.productId,
      name: item.name[locale],
      unit_price: item.unitPrice,
      amount: item.amount,
      line_total: item.lineTotal,
      tax_rate: item.taxRatePercent,
      reduced: item.reduced,
    })),
    items_total: view.totals.items,
    shipping_fee: view.totals.shipping,
    payment_method_fee: view.totals.paymentFee,
    charges: chargeAnswers(view, locale),
    tax_total: view.totals.tax,
    taxes: view.totals.taxes,
    birth_date: view.birthDate,
    slip_number: view.slipNumber,
    ...shipmentAnswer(view, locale),
    gift: giftAnswerOf(view.gift),
    locale: view.locale,
    next,
    adjustable: amountMayChange(view.status, view.paymentMethod),
    lines_cancellable: linesCancellable(view, parts.payments),
    history,
    payments: parts.payments.map((payment) => adminPaymentAnswer(payment, locale)),
    shipments: parts.shipments.map((shipment) => adminShipmentAnswer(shipment, view.items, locale)),
  };
}

/** One parcel of an order as its documents and the carrier's file see it: the order, or one of its destinations. */
export interface ParcelView {
  /** The order as this parcel's view: recipient, items, wish and gift are the destination's. */
  view: OrderView;
  /** The destination (decision 087); null for an order with one parcel, whose view is the order itself. */
  destination: DestinationView | null;
  /** How many parcels the order has. */
  count: number;
}

/** Each parcel of an order: the order itself when it has one, else one view per destination. */
export function parcelViews(view: OrderView): ParcelView[] {
  if (view.destinations.length === 0) return [{ view, destination: null, count: 1 }];
  return view.destinations.map((destination) => ({
    view: {
      ...view,
      recipient: destination.recipient,
      sendsToOther: destination.sendsToOther,
      items: destination.items,
      desiredDeliveryDate: destination.desiredDeliveryDate,
      desiredDeliveryTimezone: destination.desiredDeliveryTimezone,
      gift: destination.gift,
      slipNumber: destination.slipNumber,
      carrier: destination.carrier,
    },
    destination,
    count: view.destinations.length,
  }));
}
