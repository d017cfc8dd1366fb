import type { OrderStatus } from "./checkout.ts";
import type { ChargeAnswer } from "./order-view.ts";
import { storedPaymentMethod } from "./payment-methods/payment-method.registry.ts";

/**
 * A card payment link (decision 082): staff mail it for a card order that waits for its payment (an
 * order taken by phone or FAX), the customer opens /pay/{token} and pays by card on the shop's own
 * page. The link is signed, not stored, and works this many days after it was sent; staff may send a
 * new one at any time.
 */
export const PAYMENT_LINK_DAYS = 7;

/**
 * Whether an order may be paid through a link: it awaits its payment and its method is a card typed
 * by the customer (not a bank transfer, cash on delivery or a voucher, which are paid elsewhere).
 */
export function payableByLink(order: { status: OrderStatus; paymentMethod: string }): boolean {
  return order.status === "await_payment" && paidByTypedCard(order.paymentMethod);
}

/** The order's method is a card the customer types (the method a payment link pays). */
export function paidByTypedCard(paymentMethod: string): boolean {
  return storedPaymentMethod(paymentMethod).checkoutInput === "card";
}

/** Where the order stands for its link: payable now, already paid, cancelled, or the link ran out. */
export type PaymentLinkState = "payable" | "paid" | "cancelled" | "expired";

/** What GET /api/pay/{token} answers, and the page shows: the order as the customer may see it. */
export interface PaymentLinkView {
  state: PaymentLinkState;
  order_number: string;
  name: string;
  items: { name: string; unit_price: number; amount: number; line_total: number; reduced: boolean }[];
  charges: ChargeAnswer[];
  /** Tax included, what the card is charged. */
  total: number;
  tax: number;
  /** ISO time the link stops working. */
  expires_at: string;
}

/** What POST /api/pay/{token} takes: the card the gateway made, or after 3-D Secure the payment it settled (payment-link-input.ts checks it). */
export interface PayByLinkBody {
  payment_method_id?: string | undefined;
  payment_intent_id?: string | undefined;
}

/** What POST /api/pay/{token} answers: paid, or a 3-D Secure challenge to run before posting again. */
export interface PayByLinkAnswer {
  paid?: boolean;
  require_action?: boolean;
  payment_intent_client_secret?: string;
  errors?: string[];
  code?: string;
}
