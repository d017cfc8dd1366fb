import type { PaymentBrowserConfig, SavedCard } from "../../domain/card.ts";
import type { Locale } from "../../domain/locale.ts";

/**
 * The one way the shop takes payments by card, at a convenience store (konbini) and by PayPay (decisions 008, 025): Stripe when its keys are set, otherwise the
 * built-in test gateway, which behaves like Stripe's test mode. Both follow Stripe's model — the
 * browser turns the card into a payment method id with the gateway's own script, the server creates
 * and confirms a PaymentIntent with that id, a 3-D Secure challenge makes the intent
 * `requires_action` until the browser completes it — so the checkout is written once.
 *
 * Card problems (declines, failed authentication) are results, never exceptions: they come back as
 * `lastError` with the gateway's message for the shopper. Only requests that cannot work at all
 * throw a `PaymentGatewayError`.
 */
export interface PaymentGateway {
  /** What the pages get to load the right card field (never the secret key). */
  readonly browserConfig: PaymentBrowserConfig;

  /** A customer to keep saved cards under; `idempotencyKey` makes a retried call return the same one. */
  createCustomer(input: { email: string; metadata?: Record<string, string> }, options?: { idempotencyKey?: string }): Promise<{ id: string }>;

  /**
   * Creates and at once confirms a payment of `amount` yen (automatic confirmation): `succeeded`,
   * `requires_action` (3-D Secure: the browser calls handleCardAction with `clientSecret`, then the
   * intent becomes `succeeded` or `requires_payment_method` on its own), or `requires_payment_method`
   * with `lastError` when the card is declined. Replaying `idempotencyKey` returns the first intent and
   * never charges again; the same key with other parameters throws (kind `idempotency_conflict`).
   */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentResult>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentResult>;
  /**
   * Konbini (コンビニ決済): creates and confirms a payment the shopper makes in cash at a convenience
   * store. The answer is `requires_action` with `konbini` (the voucher: confirmation number, payment
   * code, deadline, the voucher page's address). The payment then settles by itself, later, as an
   * event: `paid` when the shopper pays at the till, `expired` when the deadline passes unpaid.
   * Idempotent like createPaymentIntent (the same key answers the same voucher).
   */
  createKonbiniPayment(input: CreateKonbiniPaymentInput): Promise<PaymentIntentResult>;
  /**
   * PayPay: creates and confirms a payment the shopper approves in PayPay. The answer is
   * `requires_action` with `redirectUrl`: send the shopper there; PayPay (or the test gateway's
   * approval page) sends them back to `returnUrl` with `payment_intent`, `payment_intent_client_secret`
   * and `redirect_status` (`succeeded` / `failed`) added to its query, as Stripe does. The outcome
   * arrives as an event as well (`paid`, or `failed` with `lastError` when the approval was cancelled —
   * the intent is then `requires_payment_method`, like a declined card). Idempotent like the others.
   */
  createPayPayPayment(input: CreatePayPayPaymentInput): Promise<PaymentIntentResult>;
  /** Gives up an unpaid intent (abandoned checkout, an unpaid voucher); a succeeded one cannot be canceled (refund it). */
  cancelPaymentIntent(id: string): Promise<PaymentIntentResult>;
  /** Refunds a succeeded payment, all of what is left or `amount` yen of it. */
  refund(paymentIntentId: string, amount?: number, options?: { idempotencyKey?: string }): Promise<RefundResult>;

  /** A SetupIntent that saves a card under the customer for later payments; its client secret goes to the page. */
  createSetupIntent(customerId: string, metadata?: Record<string, string>): Promise<SetupIntentResult>;
  retrieveSetupIntent(id: string): Promise<SetupIntentResult>;
  /**
   * What may be shown of a card: brand, last four digits and expiry; and its fingerprint (the same
   * for every payment method of one card number, Stripe's `card.fingerprint`), which the
   * card-testing defence counts refusals by (decision 064). Null where the gateway gives none.
   */
  retrievePaymentMethod(id: string): Promise<SavedCard & { customerId: string | null; fingerprint: string | null }>;
  /** Removes a saved card from its customer; it can no longer be charged. */
  detachPaymentMethod(id: string): Promise<void>;

  /**
   * Calls `handler` for every payment_intent.succeeded and payment_intent.payment_failed, and for
   * payment_intent.canceled of konbini and PayPay intents: from Stripe's signed webhook, or from the
   * test gateway itself when one of its intents settles. `event.outcome` says what happened in the
   * shop's words (paid, failed, expired voucher, canceled), so handlers need not read Stripe's rules.
   * Events may arrive twice and late, so handlers must be idempotent. Returns an unsubscribe.
   */
  onPaymentEvent(handler: PaymentEventHandler): () => void;
}

/** How a PaymentIntent is paid: Stripe's payment method types this shop uses. */
export type PaymentMethodType = "card" | "konbini" | "paypay";

export type PaymentIntentStatus = "succeeded" | "requires_action" | "requires_payment_method" | "processing" | "canceled";

export interface CreatePaymentIntentInput {
  /** Yen, an integer (JPY has no minor unit). */
  amount: number;
  /** The payment method the browser created, or a saved card's. */
  paymentMethodId: string;
  /** Needed when paying with a saved card (it belongs to that customer). */
  customerId?: string | undefined;
  /** One key per checkout attempt: the same key never pays twice. */
  idempotencyKey: string;
  metadata: { orderId: string } & Record<string, string>;
  /** True when the member is not at the keyboard (no challenge possible): a card that needs one is declined. */
  offSession?: boolean | undefined;
  /** Language of the card messages where the gateway can choose it (the test gateway); Stripe answers in English. */
  locale?: Locale | undefined;
}

export interface CreateKonbiniPaymentInput {
  /** Yen, an integer; Stripe takes konbini payments from 120 to 300,000 yen. */
  amount: number;
  /** One key per checkout attempt: the same key never makes a second voucher. */
  idempotencyKey: string;
  metadata: { orderId: string } & Record<string, string>;
  /** Stripe needs the payer's name and email for a konbini payment (it may mail the voucher). */
  billing: { name: string; email: string };
  /** Calendar days, 1 to 60, after which the voucher expires at 23:59:59 Japan time (Stripe's rule). */
  expiresAfterDays: number;
  /** Language of the voucher page where the gateway can choose it (the test gateway). */
  locale?: Locale | undefined;
}

export interface CreatePayPayPaymentInput {
  /** Yen, an integer. */
  amount: number;
  idempotencyKey: string;
  metadata: { orderId: string } & Record<string, string>;
  /** An absolute http(s) URL of the shop the shopper comes back to after approving or cancelling. */
  returnUrl: string;
  /** Language of the approval page where the gateway can choose it (the test gateway). */
  locale?: Locale | undefined;
}

/** The voucher of a waiting konbini payment: what the shopper needs at the till. */
export interface KonbiniVoucher {
  /** The number the shopper gives at the till (FamilyMart, Lawson, Ministop, Seicomart share it). */
  confirmationNumber: string;
  /** The payment code some stores (Lawson, Ministop) ask for as well; null where none was given. */
  paymentCode: string | null;
  /** After this moment the voucher can no longer be paid. */
  expiresAt: Date;
  /**
   * The gateway's voucher page (printable, with how to pay at each store); null if the gateway has
   * none. Absolute at Stripe; at the test gateway a path on the shop's own origin (/test-gateway/…),
   * since the shop serves it: join it with the shop's public URL where an absolute address is needed.
   */
  voucherUrl: string | null;
}

/** A card problem, worded by the gateway for the shopper (shown under the card field). */
export interface CardError {
  /** Stripe's code: card_declined, expired_card, incorrect_cvc, authentication_required, payment_intent_authentication_failure… */
  code: string;
  /** Stripe's decline_code for card_declined: insufficient_funds, generic_decline… */
  declineCode?: string | undefined;
  message: string;
}

export interface PaymentIntentResult {
  id: string;
  status: PaymentIntentStatus;
  /** For the browser's 3-D Secure step only; never logged or stored. */
  clientSecret: string;
  amount: number;
  /** Yen captured so far (the amount once succeeded) and refunded since. */
  amountReceived: number;
  amountRefunded: number;
  customerId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
  lastError: CardError | null;
  paymentMethodType: PaymentMethodType;
  /**
   * Konbini: the voucher while it waits (`requires_action`). Stripe drops it once the intent
   * settles, so keep the copy createKonbiniPayment answered (the test gateway keeps it).
   */
  konbini: KonbiniVoucher | null;
  /**
   * PayPay while `requires_action`: where the shopper approves the payment; null otherwise. Absolute
   * at Stripe; a path on the shop's own origin at the test gateway.
   */
  redirectUrl: string | null;
}

export interface SetupIntentResult {
  id: string;
  status: "succeeded" | "requires_action" | "requires_payment_method" | "requires_confirmation" | "processing" | "canceled";
  clientSecret: string;
  customerId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
  lastError: CardError | null;
}

export interface RefundResult {
  id: string;
  status: "succeeded" | "pending" | "failed" | "canceled" | "requires_action";
  amount: number;
  paymentIntentId: string;
}

export type PaymentEventType = "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.canceled";

/**
 * What an event means for the shop: `paid`; `failed` (a declined card or failed 3-D Secure, a
 * cancelled PayPay approval: the intent can be paid another way); `expired` (a konbini voucher's
 * deadline passed unpaid — Stripe reports this as payment_failed or canceled); `canceled` (the
 * intent was given up, e.g. by the shop).
 */
export type PaymentOutcome = "paid" | "failed" | "expired" | "canceled";

export interface PaymentEvent {
  /** The gateway's event id (evt_…): the key to ignore a second delivery. */
  id: string;
  type: PaymentEventType;
  outcome: PaymentOutcome;
  paymentIntent: PaymentIntentResult;
  /** The event's body exactly as it arrived (Stripe's webhook), kept as a transaction record (decision 062). */
  raw?: Buffer;
}

export type PaymentEventHandler = (event: PaymentEvent) => Promise<void> | void;

/**
 * A request the gateway refused for reasons other than the card: an unknown or foreign id
 * (`invalid_request`), an idempotency key reused with other parameters (`idempotency_conflict`), or
 * the gateway unreachable or misconfigured (`unavailable`). The checkout answers these itself.
 */
export class PaymentGatewayError extends Error {
  constructor(
    readonly kind: "invalid_request" | "idempotency_conflict" | "unavailable",
    message: string,
  ) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}

/**
 * The outcome of an event, the same for both gateways. A konbini intent can fail only by its
 * voucher expiring (there is nothing to decline), so its payment_failed is an expiry, and so is a
 * cancellation Stripe made itself (reason `expired` or `automatic`) rather than one the shop asked for.
 */
export function outcomeOf(type: PaymentEventType, paymentMethodType: PaymentMethodType, cancellationReason: string | null): PaymentOutcome {
  if (type === "payment_intent.succeeded") return "paid";
  if (type === "payment_intent.payment_failed") return paymentMethodType === "konbini" ? "expired" : "failed";
  return paymentMethodType === "konbini" && (cancellationReason === "expired" || cancellationReason === "automatic") ? "expired" : "canceled";
}

/** The handlers of one gateway's payment events. */
export class PaymentEvents {
  private readonly handlers = new Set<PaymentEventHandler>();

  on(handler: PaymentEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Runs every handler in turn; a failing one fails the delivery (Stripe then sends it again). Returns how many ran. */
  async dispatch(event: PaymentEvent): Promise<number> {
    for (const handler of this.handlers) await handler(event);
    return this.handlers.size;
  }
}

/** The part of a pino logger the payments code uses: ids only, never card data, secrets or addresses. */
export interface PaymentLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}
