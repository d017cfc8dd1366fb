import type { OrderPaymentMethod, OrderStatus } from "./checkout.ts";

/**
 * Where an order may go from each status (DESIGN.md: one table, not ifs in services).
 *
 * - pending: a card payment waiting for 3-D Secure; paid → deposited, failed or abandoned → cancelled.
 * - await_payment: bank transfer until the money arrives (→ deposited), cash on delivery until the
 *   parcel leaves (→ sent, the carrier collects); either may be cancelled.
 * - deposited: paid; → sent when shipped, or cancelled (and refunded) by the trader.
 * - sent and cancelled are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["deposited", "cancelled"],
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

/** The status an order is written with: a card order waits for its payment, the others for money or shipping. */
export function initialOrderStatus(method: OrderPaymentMethod): OrderStatus {
  return method === "credit" ? "pending" : "await_payment";
}

/** Whether the order holds stock: everything but a cancelled order. */
export function holdsStock(status: OrderStatus): boolean {
  return status !== "cancelled";
}

/**
 * The moves the back office offers for an order (GET /admin/api/orders/{id} `next`), narrower than
 * the table: money is received for bank transfers only (cash on delivery is paid to the carrier,
 * so it goes straight to sent), and a pending card order is left to the gateway and the sweep,
 * which know whether the shopper is still paying.
 */
export function staffMoves(status: OrderStatus, method: OrderPaymentMethod): OrderStatus[] {
  if (status === "pending") return [];
  return ORDER_TRANSITIONS[status].filter((to) => {
    if (status !== "await_payment") return true;
    if (to === "deposited") return method === "bank";
    if (to === "sent") return method === "cod";
    return true;
  });
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
  note: string | null;
}
