import { z } from "zod";
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

/** Where the customer pays: the page /pay/{token}, and its API /api/pay/{token}. */
export const PAYMENT_LINK_PATH = "/pay";

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

/**
 * The body of POST /api/pay/{token}: the card the gateway's field tokenised (`payment_method_id`),
 * or, after a 3-D Secure challenge, the payment it settled (`payment_intent_id`). The page and the
 * route read it with this one schema.
 */
export const payByLinkSchema = z
  .object({
    payment_method_id: z.string().trim().min(1).max(255).optional(),
    payment_intent_id: z.string().trim().min(1).max(255).optional(),
  })
  .refine((body) => (body.payment_method_id === undefined) !== (body.payment_intent_id === undefined), { message: "payment_method_id or payment_intent_id" });

export type PayByLinkBody = z.infer<typeof payByLinkSchema>;

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

/** What POST /api/pay/{token} answers: paid, or a 3-D Secure challenge to run before posting again. */
export interface PayByLinkAnswer {
  paid?: boolean;
  require_action?: boolean;
  payment_intent_client_secret?: string;
  errors?: string[];
  code?: string;
}
