import type { OrderStatus } from "./checkout.ts";

/**
 * An order's payments and shipments, each with a state machine of its own (decision 076, after
 * Vendure's Payment and Fulfillment): the order's status is derived from them, never set by hand.
 *
 * Payment states:
 * - pending: the shopper is still paying at the gateway (a card waiting for 3-D Secure, a voucher
 *   or PayPay request being issued);
 * - authorized: the payment is promised and the money not yet here (a bank transfer expected, cash
 *   on delivery to collect, a konbini voucher issued);
 * - paid, partly_refunded, refunded: the money arrived, and some or all of it went back;
 * - failed: the gateway refused it (declined card, 3-D Secure failed); cancelled: given up before
 *   any money moved (the trader cancelled, the reservation ran out).
 */
export const PAYMENT_STATES = ["pending", "authorized", "paid", "partly_refunded", "refunded", "failed", "cancelled"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  pending: ["authorized", "paid", "failed", "cancelled"],
  authorized: ["paid", "failed", "cancelled"],
  paid: ["partly_refunded", "refunded"],
  partly_refunded: ["partly_refunded", "refunded"],
  refunded: [],
  failed: [],
  cancelled: [],
};

/**
 * Shipment states:
 * - waiting: not to be packed yet (its payment is not settled, or the order was called off);
 * - ready: may leave — paid, or paid on delivery or later (cash on delivery, 後払い);
 * - shipped: handed to the carrier with a slip; delivered: the carrier says it arrived;
 * - returned: came back (refused, undeliverable, or sent back by the customer).
 */
export const SHIPMENT_STATES = ["waiting", "ready", "shipped", "delivered", "returned"] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

export const SHIPMENT_TRANSITIONS: Readonly<Record<ShipmentState, readonly ShipmentState[]>> = {
  // ready → waiting: a parcel held back again (its order cancelled before it left).
  waiting: ["ready"],
  ready: ["waiting", "shipped"],
  shipped: ["delivered", "returned"],
  delivered: ["returned"],
  returned: [],
};

export function canMovePayment(from: PaymentState, to: PaymentState): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

export function canMoveShipment(from: ShipmentState, to: ShipmentState): boolean {
  return SHIPMENT_TRANSITIONS[from].includes(to);
}

/** A payment that holds or may still bring money (not refused, given up or fully given back). */
function isLive(state: PaymentState): boolean {
  return state !== "failed" && state !== "cancelled" && state !== "refunded";
}

export function hasLeft(state: ShipmentState): boolean {
  return state === "shipped" || state === "delivered" || state === "returned";
}

/**
 * The order's status as the contract answers it, from its payments' and shipments' states:
 * - sent: every shipment has left the shop (whatever its payment: cash on delivery and 後払い ship unpaid);
 * - cancelled: called off as a whole (`cancelled`), or no payment is live and nothing has left;
 * - pending: a payment is still being made at the gateway;
 * - deposited: every live payment is paid (or partly refunded);
 * - await_payment: otherwise — a payment promised, the money not yet here.
 * An order without payments owes nothing: deposited until it ships.
 */
export function deriveOrderStatus(payments: readonly PaymentState[], shipments: readonly ShipmentState[], cancelled = false): OrderStatus {
  const anyLeft = shipments.some(hasLeft);
  if (cancelled && !anyLeft) return "cancelled";
  if (shipments.length > 0 && shipments.every(hasLeft)) return "sent";
  const live = payments.filter(isLive);
  if (payments.length > 0 && live.length === 0 && !anyLeft) return "cancelled";
  if (live.includes("pending")) return "pending";
  if (live.every((state) => state === "paid" || state === "partly_refunded")) return "deposited";
  return "await_payment";
}

/**
 * How far an order's parcels have gone (decision 091): none has left, some have (一部発送済み), or
 * every one. The spec's order status has no partial value: an order partly shipped keeps the status
 * its payments derive (deposited, or await_payment for cash on delivery) and shows this beside it.
 */
export type ShippingProgress = "none" | "partial" | "all";

export function shippingProgress(shipments: readonly ShipmentState[]): ShippingProgress {
  const left = shipments.filter(hasLeft).length;
  if (left === 0 || shipments.length === 0) return "none";
  return left === shipments.length ? "all" : "partial";
}

export const SHIPPING_PROGRESS_LABELS: Readonly<Record<ShippingProgress, { ja: string; en: string }>> = {
  none: { ja: "未発送", en: "Not shipped" },
  partial: { ja: "一部発送済み", en: "Partly shipped" },
  all: { ja: "発送済み", en: "Shipped" },
};

/**
 * The states an order's one payment and one shipment are written with for a stored status: at
 * checkout (its method's first status) and when migrating orders older than payments and
 * shipments (migration 0034 writes the same table in SQL). `shipsUnpaid`: the method lets the
 * parcel leave before the money (cash on delivery), so its shipment is ready at once.
 */
export function statesForStatus(status: OrderStatus, shipsUnpaid: boolean): { payment: PaymentState; shipment: ShipmentState } {
  switch (status) {
    case "pending":
      return { payment: "pending", shipment: "waiting" };
    case "await_payment":
      return { payment: "authorized", shipment: shipsUnpaid ? "ready" : "waiting" };
    case "deposited":
      return { payment: "paid", shipment: "ready" };
    case "sent":
      return { payment: "paid", shipment: "shipped" };
    case "cancelled":
      return { payment: "cancelled", shipment: "waiting" };
  }
}

/** Who asked for a cancellation, as far as the payment's new state cares. */
export type CancelCause = "refused" | "called_off";

/**
 * What an order move (decision 027's table, still the guard for the back office and the gateway)
 * does to a payment and a shipment:
 * - → deposited: the money arrived (pending or authorized → paid); a waiting parcel may leave;
 * - → await_payment: a voucher issued (pending → authorized); the parcel waits for the money,
 *   unless the method ships unpaid;
 * - → sent: the parcel leaves (ready → shipped); cash on delivery is paid to the carrier, so its
 *   authorized payment is paid (the trader has no other move for it); 後払い's stays authorized;
 * - → cancelled: a paid payment is refunded, an unpaid one failed (the gateway refused it) or
 *   cancelled; a parcel not yet gone is held back.
 * Answers null when a state does not allow it (the order's row was moved by someone else).
 */
export function paymentAndShipmentFor(
  to: OrderStatus,
  current: { payment: PaymentState; shipment: ShipmentState },
  options: { shipsUnpaid: boolean; settlesOnShipping?: boolean; cause?: CancelCause },
): { payment: PaymentState; shipment: ShipmentState } | null {
  const { payment, shipment } = current;
  let next: { payment: PaymentState; shipment: ShipmentState };
  switch (to) {
    case "deposited":
      next = { payment: "paid", shipment: shipment === "waiting" ? "ready" : shipment };
      break;
    case "await_payment":
      next = { payment: "authorized", shipment: options.shipsUnpaid && shipment === "waiting" ? "ready" : shipment };
      break;
    case "sent":
      // 後払い (settlesOnShipping false) leaves unpaid: its service reports the payment later.
      next = { payment: payment === "authorized" && options.shipsUnpaid && options.settlesOnShipping !== false ? "paid" : payment, shipment: "shipped" };
      break;
    case "cancelled":
      next = {
        payment:
          payment === "paid" || payment === "partly_refunded" ? "refunded" : options.cause === "refused" && payment === "pending" ? "failed" : "cancelled",
        shipment: shipment === "ready" ? "waiting" : shipment,
      };
      break;
    case "pending":
      return null;
  }
  const paymentOk = next.payment === payment || canMovePayment(payment, next.payment);
  const shipmentOk = next.shipment === shipment || canMoveShipment(shipment, next.shipment);
  const moves = next.payment !== payment || next.shipment !== shipment;
  // A move that leaves both where they were, or lands on another status, is not this move.
  return paymentOk && shipmentOk && moves && deriveOrderStatus([next.payment], [next.shipment]) === to ? next : null;
}

/** Labels the back office shows for each state (the shop's words, ja and en). */
export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, { ja: string; en: string }>> = {
  pending: { ja: "決済処理中", en: "Processing" },
  authorized: { ja: "入金待ち", en: "Awaiting payment" },
  paid: { ja: "入金済み", en: "Paid" },
  partly_refunded: { ja: "一部返金済み", en: "Partly refunded" },
  refunded: { ja: "返金済み", en: "Refunded" },
  failed: { ja: "決済失敗", en: "Failed" },
  cancelled: { ja: "取消", en: "Cancelled" },
};

export const SHIPMENT_STATE_LABELS: Readonly<Record<ShipmentState, { ja: string; en: string }>> = {
  waiting: { ja: "出荷待ち", en: "Waiting to ship" },
  ready: { ja: "出荷可能", en: "Ready to ship" },
  shipped: { ja: "発送済み", en: "Shipped" },
  delivered: { ja: "配達済み", en: "Delivered" },
  returned: { ja: "返品", en: "Returned" },
};

const PREPARING = { ja: "発送準備中", en: "Preparing" };

/** A parcel's state as the shopper reads it (My Page, decision 091): the shop's words, but not gone yet is 発送準備中 whatever the shop's reason. */
export const SHIPMENT_STATE_SHOPPER_LABELS: Readonly<Record<ShipmentState, { ja: string; en: string }>> = {
  ...SHIPMENT_STATE_LABELS,
  waiting: PREPARING,
  ready: PREPARING,
};
