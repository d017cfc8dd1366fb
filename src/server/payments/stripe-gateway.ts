import Stripe from "stripe";
import type { PaymentBrowserConfig, SavedCard } from "../../domain/card.ts";
import type {
  CardError,
  CreateKonbiniPaymentInput,
  CreatePayPayPaymentInput,
  CreatePaymentIntentInput,
  KonbiniVoucher,
  PaymentEvent,
  PaymentEventHandler,
  PaymentGateway,
  PaymentIntentResult,
  PaymentIntentStatus,
  PaymentLog,
  PaymentMethodType,
  RefundResult,
  SetupIntentResult,
} from "./payment-gateway.ts";
import { PaymentEvents, PaymentGatewayError, outcomeOf } from "./payment-gateway.ts";
import type { StripeIntentFields } from "./stripe-webhook-shapes.ts";
import { eventShape, paymentIntentShape, shapeProblems } from "./stripe-webhook-shapes.ts";

/** Stripe's payment events the shop listens to (the webhook endpoint should send just these). */
const PAYMENT_EVENT_TYPES = new Set<string>(["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"]);

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** whsec_…: without it the webhook route is not served (events cannot be verified). */
  webhookSecret: string | undefined;
  /** Where the API is; only tests (a local fake Stripe) and egress proxies change it. */
  apiBase: string | undefined;
}

/**
 * The PaymentGateway on Stripe: PaymentIntents confirmed on the server with automatic confirmation
 * (the browser's handleNextAction finishes a 3-D Secure payment by itself, and
 * payment_intent.succeeded follows even when the shopper's tab is gone), SetupIntents for saved
 * cards, signed webhooks for payment events.
 */
export class StripeGateway implements PaymentGateway {
  readonly browserConfig: PaymentBrowserConfig;
  private readonly stripe: Stripe;
  private readonly events = new PaymentEvents();

  constructor(
    private readonly settings: StripeSettings,
    private readonly log: PaymentLog,
    options: { maxNetworkRetries?: number } = {},
  ) {
    this.browserConfig = { kind: "stripe", publishableKey: settings.publishableKey };
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 30_000,
      appInfo: { name: "kura" },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "https:" ? 443 : 80),
            protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
          }
        : {}),
    });
  }

  get receivesWebhooks(): boolean {
    return this.settings.webhookSecret !== undefined;
  }

  onPaymentEvent(handler: PaymentEventHandler): () => void {
    return this.events.on(handler);
  }

  async createCustomer(input: { email: string; metadata?: Record<string, string> }, options: { idempotencyKey?: string } = {}): Promise<{ id: string }> {
    const customer = await this.call(() =>
      this.stripe.customers.create({ email: input.email, metadata: input.metadata ?? {} }, requestOptions(options.idempotencyKey)),
    );
    return { id: customer.id };
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentResult> {
    const offSession = input.offSession ?? false;
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: "jpy",
          confirm: true,
          allowed_payment_method_types: ["card"],
          payment_method: input.paymentMethodId,
          ...(input.customerId ? { customer: input.customerId } : {}),
          ...(offSession ? { off_session: true } : { use_stripe_sdk: true }),
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return paymentIntentResult(intent);
    } catch (error) {
      // A decline is answered as an error that carries the failed intent (402 card_error).
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
        return { ...paymentIntentResult(error.payment_intent), lastError: cardErrorOf(error) };
      }
      throw this.gatewayError(error);
    }
  }

  async createKonbiniPayment(input: CreateKonbiniPaymentInput): Promise<PaymentIntentResult> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: "jpy",
          confirm: true,
          allowed_payment_method_types: ["konbini"],
          payment_method_data: { type: "konbini", billing_details: { name: input.billing.name, email: input.billing.email } },
          payment_method_options: { konbini: { expires_after_days: input.expiresAfterDays } },
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return paymentIntentResult(intent);
  }

  async createPayPayPayment(input: CreatePayPayPaymentInput): Promise<PaymentIntentResult> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: "jpy",
          confirm: true,
          allowed_payment_method_types: ["paypay"],
          payment_method_data: { type: "paypay" },
          return_url: input.returnUrl,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return paymentIntentResult(intent);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentResult> {
    return paymentIntentResult(await this.call(() => this.stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] })));
  }

  async cancelPaymentIntent(id: string): Promise<PaymentIntentResult> {
    return paymentIntentResult(await this.call(() => this.stripe.paymentIntents.cancel(id)));
  }

  async refund(paymentIntentId: string, amount?: number, options: { idempotencyKey?: string } = {}): Promise<RefundResult> {
    const refund = await this.call(() =>
      this.stripe.refunds.create({ payment_intent: paymentIntentId, ...(amount === undefined ? {} : { amount }) }, requestOptions(options.idempotencyKey)),
    );
    return { id: refund.id, status: refund.status as RefundResult["status"], amount: refund.amount, paymentIntentId };
  }

  async createSetupIntent(customerId: string, metadata: Record<string, string> = {}): Promise<SetupIntentResult> {
    return setupIntentResult(
      await this.call(() => this.stripe.setupIntents.create({ customer: customerId, allowed_payment_method_types: ["card"], usage: "off_session", metadata })),
    );
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentResult> {
    return setupIntentResult(await this.call(() => this.stripe.setupIntents.retrieve(id)));
  }

  async retrievePaymentMethod(id: string): Promise<SavedCard & { customerId: string | null; fingerprint: string | null }> {
    const method = await this.call(() => this.stripe.paymentMethods.retrieve(id));
    if (!method.card) throw new PaymentGatewayError("invalid_request", "The PaymentMethod is not a card");
    return {
      brand: method.card.brand,
      last4: method.card.last4,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
      customerId: idOf(method.customer),
      fingerprint: method.card.fingerprint ?? null,
    };
  }

  async detachPaymentMethod(id: string): Promise<void> {
    await this.call(() => this.stripe.paymentMethods.detach(id));
  }

  /**
   * POST /api/payments/webhook: the body exactly as received and its Stripe-Signature header.
   * Payment events go to the handlers; other events are acknowledged and ignored, and so is
   * payment_intent.canceled of a card (the shop cancels card intents itself and needs no echo).
   * A signed event of a shape the shop does not expect is acknowledged too, with what differs
   * (`unexpected`): Stripe would only send it again, unchanged (decision 050).
   */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookReceipt> {
    if (!this.settings.webhookSecret || !signature) return { ok: false };
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch {
      return { ok: false };
    }
    const envelope = eventShape.safeParse(event);
    if (!envelope.success) return { ok: true, eventId: idOfEvent(event), handled: 0, unexpected: shapeProblems(envelope.error) };
    const { id, data } = envelope.data;
    if (!PAYMENT_EVENT_TYPES.has(envelope.data.type) || data.object.object !== "payment_intent") return { ok: true, eventId: id, handled: 0 };
    const type = envelope.data.type as PaymentEvent["type"];
    const stripeIntent = paymentIntentShape.safeParse(data.object);
    if (!stripeIntent.success) return { ok: true, eventId: id, handled: 0, unexpected: shapeProblems(stripeIntent.error) };
    const paymentIntent = paymentIntentResult(stripeIntent.data);
    if (type === "payment_intent.canceled" && paymentIntent.paymentMethodType === "card") return { ok: true, eventId: id, handled: 0 };
    const outcome = outcomeOf(type, paymentIntent.paymentMethodType, stripeIntent.data.cancellation_reason ?? null);
    const handled = await this.events.dispatch({ id, type, outcome, paymentIntent, raw: rawBody });
    return { ok: true, eventId: id, handled };
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw this.gatewayError(error);
    }
  }

  private gatewayError(error: unknown): PaymentGatewayError {
    if (error instanceof Stripe.errors.StripeIdempotencyError) return new PaymentGatewayError("idempotency_conflict", error.message);
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
      return new PaymentGatewayError("invalid_request", error.message);
    }
    // Keys, network, Stripe's own trouble: the log names the kind and request id, never the key.
    const stripeError = error instanceof Stripe.errors.StripeError ? error : undefined;
    this.log.warn({ stripeError: stripeError?.type ?? "unknown", requestId: stripeError?.requestId }, "stripe request failed");
    return new PaymentGatewayError("unavailable", "The payment service cannot be reached");
  }
}

function requestOptions(idempotencyKey: string | undefined): { idempotencyKey?: string } {
  return idempotencyKey ? { idempotencyKey } : {};
}

/** What receiveWebhook made of a delivery: refused (not signed by Stripe) or acknowledged. */
export type WebhookReceipt =
  | { ok: false }
  /** `handled`: how many handlers it went to; `unexpected`: where a signed event differs from its shape. */
  | { ok: true; eventId: string | null; handled: number; unexpected?: string[] };

function idOfEvent(event: unknown): string | null {
  const id: unknown = typeof event === "object" && event !== null ? (event as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id.slice(0, 255) : null;
}

/** A reference's id; Stripe leaves `customer` or `payment_method` out or null when there is none. */
function idOf(reference: string | { id: string } | null | undefined): string | null {
  return reference === null || reference === undefined ? null : typeof reference === "string" ? reference : reference.id;
}

function statusOf(status: string): PaymentIntentStatus {
  switch (status) {
    case "succeeded":
    case "requires_action":
    case "requires_payment_method":
    case "canceled":
      return status as PaymentIntentStatus;
    default:
      // processing, and states this integration never asks for (manual capture or confirmation).
      return "processing";
  }
}

function cardErrorOf(error: { code?: string | null | undefined; decline_code?: string | null | undefined; message: string }): CardError {
  return { code: error.code ?? "card_declined", declineCode: error.decline_code ?? undefined, message: error.message };
}

/** Stripe's PaymentIntent, from an API answer or a webhook's event (checked there against its shape). */
function paymentIntentResult(intent: StripeIntentFields): PaymentIntentResult {
  const charge = typeof intent.latest_charge === "object" && intent.latest_charge !== null ? intent.latest_charge : null;
  const failure = intent.last_payment_error;
  return {
    id: intent.id,
    status: statusOf(intent.status),
    clientSecret: intent.client_secret ?? "",
    amount: intent.amount,
    amountReceived: intent.amount_received,
    amountRefunded: charge?.amount_refunded ?? 0,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    metadata: { ...intent.metadata },
    lastError: failure ? cardErrorOf({ code: failure.code, decline_code: failure.decline_code, message: failure.message ?? "" }) : null,
    paymentMethodType: methodTypeOf(intent),
    konbini: konbiniVoucherOf(intent),
    redirectUrl: intent.status === "requires_action" ? (intent.next_action?.redirect_to_url?.url ?? null) : null,
  };
}

function methodTypeOf(intent: StripeIntentFields): PaymentMethodType {
  // One type per intent here: the shop always names exactly one.
  const types = intent.payment_method_types ?? [];
  if (types.includes("konbini")) return "konbini";
  if (types.includes("paypay")) return "paypay";
  return "card";
}

/** The voucher from next_action.konbini_display_details; the stores share one confirmation number. */
function konbiniVoucherOf(intent: StripeIntentFields): KonbiniVoucher | null {
  const details = intent.next_action?.konbini_display_details;
  if (!details) return null;
  const stores = [details.stores.familymart, details.stores.lawson, details.stores.ministop, details.stores.seicomart];
  const confirmationNumber = stores.find((store) => store?.confirmation_number)?.confirmation_number;
  if (!confirmationNumber) return null;
  const paymentCode = stores.find((store) => store?.payment_code)?.payment_code ?? null;
  return { confirmationNumber, paymentCode, expiresAt: new Date(details.expires_at * 1000), voucherUrl: details.hosted_voucher_url ?? null };
}

function setupIntentResult(intent: Stripe.SetupIntent): SetupIntentResult {
  const failure = intent.last_setup_error;
  return {
    id: intent.id,
    status: intent.status as SetupIntentResult["status"],
    clientSecret: intent.client_secret ?? "",
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    metadata: { ...intent.metadata },
    lastError: failure ? cardErrorOf({ code: failure.code, decline_code: failure.decline_code, message: failure.message ?? "" }) : null,
  };
}
