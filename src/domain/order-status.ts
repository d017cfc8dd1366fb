import type { OrderPaymentMethod, OrderStatus } from "./checkout.ts";
import { storedPaymentMethod } from "./payment-methods/payment-method.registry.ts";

/**
 * Where an order may go from each status (decision 027: one table, not ifs in services).
 *
 * - pending: a gateway payment being made (a card waiting for 3-D Secure, a voucher being issued);
 *   paid → deposited, failed or abandoned → cancelled, a voucher issued → await_payment.
 * - await_payment: bank transfer until the money arrives (→ deposited), cash on delivery until the
 *   parcel leaves (→ sent, the carrier collects), a voucher until paid at the store (→ deposited by
 *   the gateway's event) or expired (→ cancelled); any may be cancelled.
 * - deposited: paid; → sent when shipped, or cancelled (and refunded) by the trader.
 * - sent and cancelled are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["deposited", "await_payment", "cancelled"],
  await_payment: ["deposited", "sent", "cancelled"],
  deposited: ["sent", "cancelled"],
  sent: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Statuses an order may be in when moved to `to` (for guarded updates: `where status in (…)`). */
export function statusesLeadingTo(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => canTransition(from, to));
}

/** The status an order is written with: its method's (a card order waits for its payment, the others for money or shipping). */
export function initialOrderStatus(method: OrderPaymentMethod): OrderStatus {
  return storedPaymentMethod(method).firstStatus;
}

/** Whether the method lets the parcel leave before the money (cash on delivery: the carrier collects). */
export function shipsUnpaid(method: OrderPaymentMethod): boolean {
  return (storedPaymentMethod(method).staffMovesFromAwaitPayment as readonly OrderStatus[]).includes("sent");
}

/** Whether the order holds stock: everything but a cancelled order. */
export function holdsStock(status: OrderStatus): boolean {
  return status !== "cancelled";
}

/**
 * The moves the back office offers for an order (GET /admin/api/orders/{id} `next`), narrower than
 * the table: from await_payment only the moves the method allows (bank: money received; cod: paid
 * to the carrier, so straight to sent; a gateway-settled method: none but cancel), and a pending card order is left to the gateway and the sweep,
 * which know whether the shopper is still paying.
 */
export function staffMoves(status: OrderStatus, method: OrderPaymentMethod): OrderStatus[] {
  if (status === "pending") return [];
  return ORDER_TRANSITIONS[status].filter((to) => {
    if (status !== "await_payment" || to === "cancelled") return true;
    return (storedPaymentMethod(method).staffMovesFromAwaitPayment as readonly OrderStatus[]).includes(to);
  });
}

/**
 * The back office's names of the status moves — the order page's buttons, `POST
 * /admin/api/orders/{id}/{move}`, the bulk moves — each the status it moves an order to. The one move
 * vocabulary: what staff may press is `staffMoves` above, named by this table (`staffMoveNames`).
 */
export const STAFF_MOVE_TARGETS = { deposit: "deposited", ship: "sent", cancel: "cancelled" } as const satisfies Record<string, OrderStatus>;
export type StaffMove = keyof typeof STAFF_MOVE_TARGETS;
export const STAFF_MOVES = Object.keys(STAFF_MOVE_TARGETS) as StaffMove[];

/** The moves whose target status is among `next` (as GET /admin/api/orders/{id} lists it), in the table's order. */
export function staffMoveNames(next: readonly OrderStatus[]): StaffMove[] {
  return STAFF_MOVES.filter((move) => next.includes(STAFF_MOVE_TARGETS[move]));
}

/**
 * Who moved an order (its history): the trader's staff, the shopper (member or guest), the payment
 * gateway's event, the sweep of expired reservations, or the shop itself (e.g. orders older than
 * the history).
 */
export const ORDER_ACTOR_KINDS = ["staff", "member", "guest", "gateway", "sweep", "system"] as const;
export type OrderActorKind = (typeof ORDER_ACTOR_KINDS)[number];

/** One row of an order's history as the back office shows it; `from` is null for the order's creation. */
export interface OrderHistoryEntry {
  at: string;
  from: OrderStatus | null;
  to: OrderStatus;
  actor_kind: OrderActorKind;
  /** The staff member's or member's id, or the gateway event's id. */
  actor_id: string | null;
  /** Who the staff member is (their sign-in address, looked up), when the actor is staff and still known. */
  actor_name?: string | null;
  note: string | null;
}

/**
 * Whether an order's amount may still change by a discount or correction line (decision 070): it
 * awaits a payment that staff settle by hand — a bank transfer not yet received (→ deposited), cash
 * on delivery not yet shipped (→ sent). A card authorized, or a voucher or PayPay request issued at
 * the gateway, holds the old amount; a paid or shipped order has had its amount taken, and giving
 * money back is a refund (issue 32 item 5), not a correction.
 */
export function amountMayChange(status: OrderStatus, method: OrderPaymentMethod): boolean {
  return status === "await_payment" && storedPaymentMethod(method).staffMovesFromAwaitPayment.length > 0;
}
