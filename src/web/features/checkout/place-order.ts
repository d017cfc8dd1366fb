import type { PaymentInstructions } from "../../../domain/payment-methods/payment-method.ts";
import { paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { BillingDetails, CardInputField } from "../../../domain/card.ts";
import type { CheckoutItemError, CheckoutPayload, CheckoutResponse } from "../../../domain/checkout.ts";
import type { Locale } from "../../../domain/locale.ts";
import { translate } from "../../i18n/i18n.tsx";
import type { CardSource, PaymentProvider } from "../../shared/payments/payment-provider.ts";
import type { ApiResult } from "../../shared/site/api.ts";
import { callApi } from "../../shared/site/api.ts";
import type { CheckoutAttempt } from "./idempotency-key.ts";
import { orderFingerprint } from "./checkout-order.ts";
import "../../i18n/payment-forms-texts.ts";

/** How one press of 購入 ended. */
export type PlaceOrderOutcome =
  | { kind: "completed"; orderId: string; instructions?: PaymentInstructions | undefined }
  /** The shopper approves the payment on the gateway's page (a wallet), which sends them back to the shop. */
  | { kind: "redirect"; url: string }
  /** The card (or saved card) could not pay: the gateway's message, shown under the card field. */
  | { kind: "card-error"; message: string; field?: CardInputField | undefined }
  /** Checkout 422: one entry per item of the payload. */
  | { kind: "items-rejected"; errors: CheckoutItemError[] }
  /** Any other 422: messages by field (`fields`), and the whole list. */
  | { kind: "invalid"; fields: Record<string, string[]>; errors: string[] }
  | { kind: "failed"; errors: string[] };

interface PlaceOrderInput {
  locale: Locale;
  /** The order without the card's part (orderPayload). */
  payload: CheckoutPayload;
  attempt: CheckoutAttempt;
  /** Needed for credit (the card is turned into a payment method) and for any 3-D Secure challenge. */
  provider: PaymentProvider | null;
  /** The typed card, for credit. */
  card: CardSource | null;
  billing: BillingDetails;
}

type CheckoutAnswer = Partial<CheckoutResponse> & {
  errors?: unknown;
  items_rejected?: boolean;
  fields?: Record<string, string[]>;
};

function messagesOf(body: CheckoutAnswer | undefined): string[] {
  return Array.isArray(body?.errors) ? body.errors.filter((each): each is string => typeof each === "string") : [];
}

function post(locale: Locale, payload: CheckoutPayload, key: string): Promise<ApiResult<CheckoutAnswer>> {
  return callApi<CheckoutAnswer>(locale, "/checkout", { method: "POST", body: payload, headers: { "idempotency-key": key } });
}

/**
 * Checkout submission: for a card, createPaymentMethod with the contact as billing
 * details, then POST /api/checkout under the attempt's Idempotency-Key; when the gateway asks for
 * 3-D Secure, the challenge runs and the same payload is posted again with payment_intent_id and
 * order_id. A failed challenge or a refused card starts a new attempt (new key) for the next press.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  const { locale, attempt, provider } = input;
  const key = attempt.keyFor(orderFingerprint(input.payload));
  let payload = input.payload;

  if (paymentMethodChoice(payload.payment_method).checkoutInput === "card") {
    if (!provider || !input.card) return { kind: "card-error", message: translate(locale, "payments.unavailable") };
    if (!attempt.paymentMethodId) {
      const method = await provider.createPaymentMethod(input.card, input.billing);
      if (!method.ok) return { kind: "card-error", message: method.message, field: method.field };
      attempt.paymentMethodId = method.paymentMethodId;
    }
    payload = { ...payload, payment: { payment_method_id: attempt.paymentMethodId } };
  }

  const first = await post(locale, payload, key);
  if (!first.ok || !first.body?.require_action) return outcomeOf(first, attempt, locale);
  if (first.body.redirect_url) return { kind: "redirect", url: first.body.redirect_url };

  const secret = first.body.payment_intent_client_secret;
  const orderId = first.body.order_id;
  if (!provider || !secret || !orderId) return { kind: "failed", errors: [] };
  const action = await provider.handleCardAction(secret);
  if (!action.ok) {
    attempt.renew();
    return { kind: "card-error", message: action.message || translate(locale, "payments.authenticationFailed") };
  }
  const second = await post(locale, { ...payload, payment_intent_id: action.paymentIntentId, order_id: orderId }, key);
  if (second.ok && second.body?.require_action) {
    // Still not paid after the challenge: the next press starts over.
    attempt.renew();
    return { kind: "card-error", message: translate(locale, "payments.authenticationFailed") };
  }
  return outcomeOf(second, attempt, locale);
}

function outcomeOf(result: ApiResult<CheckoutAnswer>, attempt: CheckoutAttempt, locale: Locale): PlaceOrderOutcome {
  const body = result.body;
  if (result.ok && body?.order_id) return { kind: "completed", orderId: body.order_id, instructions: body.payment_instructions };
  if (result.status === 402) {
    // The card was refused; the next press is a new attempt (the shopper may change the card).
    attempt.renew();
    return { kind: "card-error", message: messagesOf(body)[0] ?? translate(locale, "payments.unavailable") };
  }
  if (result.status === 422 && body?.items_rejected && Array.isArray(body.errors)) {
    return { kind: "items-rejected", errors: body.errors as CheckoutItemError[] };
  }
  if (result.status === 422) return { kind: "invalid", fields: body?.fields ?? {}, errors: messagesOf(body) };
  console.warn("checkout answered", result.status);
  return { kind: "failed", errors: messagesOf(body) };
}
