import type { StripeCardElement } from "@stripe/stripe-js";
import type { BillingDetails, CardInputField, PaymentBrowserConfig } from "../../../domain/card.ts";

/**
 * The browser's side of the payment gateway, one small interface for Stripe.js and the built-in
 * test gateway. The card number goes from the card field to the gateway only (Stripe, or
 * /test-gateway); the shop's own API only ever sees the payment method id it gets back.
 *
 * Checkout, card payment:   createPaymentMethod → POST /api/checkout with the id →
 *                           on require_action: handleCardAction(payment_intent_client_secret) → post again.
 * Saved card (/mypage/credit): GET /api/cards/edit → createPaymentMethod → confirmCardSetup → PUT /api/cards.
 */
export interface PaymentProviderCalls {
  readonly kind: PaymentBrowserConfig["kind"];
  /** Turns the card in the field into a payment method id (stripe.createPaymentMethod). */
  createPaymentMethod(card: CardSource, billing_details: BillingDetails): Promise<ProviderResult<{ paymentMethodId: string }>>;
  /**
   * Runs the 3-D Secure challenge of a payment that answered requires_action. Succeeds once the
   * intent is paid; a failed or abandoned challenge gives the gateway's message.
   */
  handleCardAction(clientSecret: string): Promise<ProviderResult<{ paymentIntentId: string }>>;
  /** Saves the card through the SetupIntent of `clientSecret`, with a 3-D Secure challenge when the card asks for one. */
  confirmCardSetup(clientSecret: string, paymentMethodId: string): Promise<ProviderResult<{ setupIntentId: string }>>;
}

export interface StripeProvider extends PaymentProviderCalls {
  readonly kind: "stripe";
  /** Mounts Stripe's card element (postal code hidden) and reports its validation message. */
  mountCard(container: HTMLElement, onMessage: (message: string | null) => void): MountedStripeCard;
}

export interface TestProvider extends PaymentProviderCalls {
  readonly kind: "test";
}

export type PaymentProvider = StripeProvider | TestProvider;

export interface MountedStripeCard {
  element: StripeCardElement;
  focus(): void;
  destroy(): void;
}

/** The typed card as the test card field holds it (only ever sent to /test-gateway). */
export interface TestCardValues {
  number: string;
  expiry: string;
  cvc: string;
}

/** Where createPaymentMethod reads the card from: Stripe's element, or the test card field. */
export type CardSource = { kind: "stripe"; element: StripeCardElement } | { kind: "test"; values: TestCardValues };

/** A card problem is a result with the gateway's message, never an exception; `field` says where to put the focus. */
export type ProviderResult<T> = ({ ok: true } & T) | { ok: false; message: string; field?: CardInputField | undefined };

/** The text shown when Stripe.js cannot be loaded. */
export const STRIPE_LOAD_FAILED = "Failed to load Stripe.js";

export class PaymentProviderLoadError extends Error {
  constructor() {
    super(STRIPE_LOAD_FAILED);
    this.name = "PaymentProviderLoadError";
  }
}
