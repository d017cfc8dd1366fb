import type { Locale } from "../../domain/locale.ts";
import type { MessageKey } from "../i18n/messages.ts";
import { message } from "../i18n/messages.ts";
import type { OrderRow } from "../orders/orders.service.ts";
import type { PaymentAnswer, PaymentRefusal } from "../payments/order-payments.ts";
import type { CheckoutAnswer } from "./checkout.idempotency.ts";

// The answers of POST /api/checkout (and of a payment link's POST /api/pay/{token}) as HTTP status
// and body. They are HTTP's because the checkout keeps each answer with its request key and sends
// the very same one again to a resent request (checkout.idempotency.ts); the payment lifecycle
// (payments/order-payments.ts) answers in its own terms, turned into these here.

/** The order is placed; a method paid elsewhere later also answers what the shopper needs to pay it. */
export function successAnswer(order: Pick<OrderRow, "publicId" | "paymentInstructions">): CheckoutAnswer {
  const instructions = order.paymentInstructions ? { payment_instructions: order.paymentInstructions } : {};
  return { status: 200, body: { require_action: false, order_id: order.publicId, ...instructions } };
}

export function errorAnswer(status: number, key: MessageKey, locale: Locale): CheckoutAnswer {
  return { status, body: { errors: [message(key, locale)] } };
}

/** A payment that cannot be tried now: another request is charging (409), the gateway is unreachable (503), the order is no longer payable (409), or the request names another order's payment (422). */
const REFUSAL_STATUS: Record<PaymentRefusal, number> = {
  checkoutInProgress: 409,
  paymentUnavailable: 503,
  paymentLinkNotPayable: 409,
  checkoutOrderMismatch: 422,
};

/** A payment's outcome as the checkout (or the payment link) answers it: 200, 402 for a card that did not pay, or the refusal's status. */
export function paymentHttpAnswer(answer: PaymentAnswer, locale: Locale): CheckoutAnswer {
  switch (answer.kind) {
    case "placed":
      return successAnswer(answer.order);
    case "approve_elsewhere":
      return { status: 200, body: { require_action: true, redirect_url: answer.redirectUrl, order_id: answer.orderId } };
    case "challenge":
      return {
        status: 200,
        body: { require_action: true, payment_intent_client_secret: answer.clientSecret, ...(answer.orderId ? { order_id: answer.orderId } : {}) },
      };
    case "declined":
      return {
        status: 402,
        body: { errors: [answer.message], code: answer.code, payment_failed: true, ...(answer.orderId ? { order_id: answer.orderId } : {}) },
      };
    case "refused":
      return errorAnswer(REFUSAL_STATUS[answer.reason], answer.reason, locale);
    case "link_paid":
      return { status: 200, body: { paid: true, require_action: false } };
    case "link_processing":
      return { status: 200, body: { paid: false, processing: true } };
  }
}
