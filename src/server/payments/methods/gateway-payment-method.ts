import type { Locale } from "../../../domain/locale.ts";
import type { PaymentInstructions } from "../../../domain/payment-methods/payment-method.ts";
import type { PaymentGateway, PaymentIntentResult } from "../payment-gateway.ts";

/** What a method's gateway call needs to know of the order (written, still pending). */
export interface GatewayPaymentOrder {
  publicId: string;
  /** Yen, tax and fees included. */
  price: number;
  locale: Locale;
  name: string;
  email: string;
}

export interface GatewayPaymentContext {
  /** The shop's public address, for absolute links and return addresses. */
  publicUrl: string;
  /** Calendar days a payment made elsewhere (a voucher) may take before the order is cancelled. */
  voucherDays: number;
  /** One key per order: the same order never starts two payments. */
  idempotencyKey: string;
  /** Where a gateway's approval page sends the shopper back to (the shop's /checkout/return for this order). */
  returnUrl: string;
}

/**
 * The server side of a payment method the gateway settles and that is not a card (the card's is
 * payments/order-payments.ts): how its payment starts, and what the shopper is shown to pay it
 * elsewhere. Everything after the start — paid, failed, expired — arrives as the gateway's events
 * and is handled the same for every method.
 */
export interface GatewayPaymentMethod {
  /** The stored code of the method (a handler in domain/payment-methods/). */
  readonly code: string;
  start(gateway: PaymentGateway, order: GatewayPaymentOrder, context: GatewayPaymentContext): Promise<PaymentIntentResult>;
  /** The instructions to pay elsewhere, from a waiting payment; null when the shopper is redirected instead. */
  instructions(intent: PaymentIntentResult, publicUrl: string): PaymentInstructions | null;
}

/** A gateway's address for the shopper: the test gateway answers paths on the shop's own origin. */
export function absoluteUrl(url: string, publicUrl: string): string {
  return new URL(url, publicUrl.endsWith("/") ? publicUrl : `${publicUrl}/`).toString();
}

/** What every payment a method starts for an order carries: the order's total, the one key per order, the order's id and its language. */
export function orderPaymentBasics(order: GatewayPaymentOrder, context: GatewayPaymentContext) {
  return { amount: order.price, idempotencyKey: context.idempotencyKey, metadata: { orderId: order.publicId }, locale: order.locale };
}
