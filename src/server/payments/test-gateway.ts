import type { BillingDetails, PaymentBrowserConfig, SavedCard } from "../../domain/card.ts";
import { checkCard } from "../../domain/card.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
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
  PaymentLog,
  PaymentMethodType,
  RefundResult,
  SetupIntentResult,
} from "./payment-gateway.ts";
import { PaymentEvents, PaymentGatewayError, outcomeOf } from "./payment-gateway.ts";
import { TEST_CARDS, authenticationFor, declineOf } from "./test-gateway.cards.ts";
import type { StoredPaymentIntent, StoredPaymentMethod, StoredSetupIntent } from "./test-gateway.store.ts";
import {
  TestGatewayStore,
  cardFingerprintOf,
  fingerprintOf,
  idOfClientSecret,
  idempotentObjectId,
  newClientSecret,
  newEventId,
  newObjectId,
  newVoucherToken,
  secretsMatch,
} from "./test-gateway.store.ts";
import { konbiniDeadline, newConfirmationNumber, newPaymentCode, returnUrlWith, validReturnUrl } from "./test-gateway.offsite.ts";
import { gatewayText } from "./test-gateway.texts.ts";

/** Stripe's limits for a JPY charge. */
const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;
/** Stripe's limits for a konbini payment (what the stores accept in cash). */
const KONBINI_MIN_AMOUNT = 120;
const KONBINI_MAX_AMOUNT = 300_000;
const KONBINI_MAX_DAYS = 60;

export type KonbiniTestResult = "paid" | "expired";
export type PayPayResult = "approve" | "cancel";

/** A konbini or PayPay intent as its page sees it. */
export interface OffsiteIntent {
  id: string;
  status: PaymentIntentResult["status"];
  amount: number;
  paymentMethodType: PaymentMethodType;
  konbini: KonbiniVoucher | null;
  error: CardError | null;
  /** PayPay: the shop's return URL with Stripe's query (payment_intent, its client secret, redirect_status). */
  returnTo: string | null;
  /** The shopper's language at checkout: the page's language unless the visitor chose one. */
  locale: Locale;
}

export type ChallengeResult = "complete" | "fail";

/** An intent as the browser sees it through its client secret (what Stripe.js gets back). */
export type BrowserIntent =
  | { kind: "payment_intent"; id: string; status: PaymentIntentResult["status"]; amount: number; error: CardError | null }
  | { kind: "setup_intent"; id: string; status: SetupIntentResult["status"]; paymentMethodId: string | null; error: CardError | null };

/**
 * The built-in gateway used when no Stripe keys are set: Stripe's test mode, played by the shop
 * itself, with its objects in the database (so every process sees them). The browser side
 * (tokenising a card, confirming a SetupIntent, the 3-D Secure challenge) is served under
 * /test-gateway by test-gateway.routes.ts, never by the shop's own API.
 */
export class TestGateway implements PaymentGateway {
  readonly browserConfig: PaymentBrowserConfig = { kind: "test" };
  private readonly store: TestGatewayStore;
  private readonly events = new PaymentEvents();

  constructor(
    db: Database,
    private readonly log: PaymentLog,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.store = new TestGatewayStore(db);
  }

  onPaymentEvent(handler: PaymentEventHandler): () => void {
    return this.events.on(handler);
  }

  async createCustomer(input: { email: string; metadata?: Record<string, string> }, options: { idempotencyKey?: string } = {}): Promise<{ id: string }> {
    const metadata = input.metadata ?? {};
    const fingerprint = fingerprintOf({ email: input.email, metadata });
    const key = options.idempotencyKey;
    const id = key ? idempotentObjectId("customer", key) : newObjectId("customer");
    if (await this.store.insert("customer", id, { email: input.email, metadata, fingerprint: key ? fingerprint : null })) return { id };
    const existing = await this.store.get("customer", id);
    if (existing.fingerprint !== fingerprint) throw idempotencyConflict();
    return { id };
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentResult> {
    if (!Number.isInteger(input.amount) || input.amount < MIN_AMOUNT || input.amount > MAX_AMOUNT) {
      throw new PaymentGatewayError("invalid_request", `Amount must be a whole number of yen from ${MIN_AMOUNT} to ${MAX_AMOUNT}`);
    }
    const id = idempotentObjectId("payment_intent", input.idempotencyKey);
    const fingerprint = fingerprintOf({
      amount: input.amount,
      paymentMethodId: input.paymentMethodId,
      customerId: input.customerId ?? null,
      offSession: input.offSession ?? false,
      metadata: input.metadata,
    });
    const replay = await this.replayOf(id, fingerprint);
    if (replay) return replay;

    const method = await this.store.get("payment_method", input.paymentMethodId);
    if (input.customerId) await this.store.get("customer", input.customerId);
    if (method.customer && method.customer !== input.customerId) {
      throw new PaymentGatewayError("invalid_request", "The PaymentMethod belongs to another customer");
    }
    const locale = input.locale ?? "ja";
    const offSession = input.offSession ?? false;
    const intent: StoredPaymentIntent = {
      amount: input.amount,
      currency: "jpy",
      status: "succeeded",
      client_secret: newClientSecret(id),
      customer: input.customerId ?? null,
      payment_method: input.paymentMethodId,
      metadata: { ...input.metadata },
      off_session: offSession,
      last_payment_error: null,
      amount_received: 0,
      amount_refunded: 0,
      fingerprint,
      locale,
    };
    const decline = declineOf(method.behaviour);
    const authentication = authenticationFor(method.behaviour, { offSession, setUpForOffSession: method.set_up_for_off_session });
    if (decline) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { ...decline, message: gatewayText(decline.declineCode, locale) };
    } else if (authentication === "decline") {
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        code: "authentication_required",
        declineCode: "authentication_required",
        message: gatewayText("authenticationRequired", locale),
      };
    } else if (authentication === "challenge") {
      intent.status = "requires_action";
    } else {
      intent.amount_received = input.amount;
    }
    // Two requests racing with one key insert one row; the loser answers with the winner's intent.
    if (!(await this.store.insert("payment_intent", id, intent))) return (await this.replayOf(id, fingerprint))!;
    // The shop's order id, not the payment's: payment ids stay out of the logs.
    this.log.info({ orderId: input.metadata.orderId, status: intent.status }, "test gateway payment intent");
    this.announce(id, intent);
    return paymentIntentResult(id, intent);
  }

  async createKonbiniPayment(input: CreateKonbiniPaymentInput): Promise<PaymentIntentResult> {
    if (!Number.isInteger(input.amount) || input.amount < KONBINI_MIN_AMOUNT || input.amount > KONBINI_MAX_AMOUNT) {
      throw new PaymentGatewayError("invalid_request", `Amount must be a whole number of yen from ${KONBINI_MIN_AMOUNT} to ${KONBINI_MAX_AMOUNT} for konbini`);
    }
    if (!Number.isInteger(input.expiresAfterDays) || input.expiresAfterDays < 1 || input.expiresAfterDays > KONBINI_MAX_DAYS) {
      throw new PaymentGatewayError("invalid_request", `expires_after_days must be a whole number from 1 to ${KONBINI_MAX_DAYS}`);
    }
    const name = input.billing.name.trim();
    const email = input.billing.email.trim();
    if (!name || !email) throw new PaymentGatewayError("invalid_request", "Konbini payments need the billing name and email");
    const id = idempotentObjectId("payment_intent", input.idempotencyKey);
    const fingerprint = fingerprintOf({
      type: "konbini",
      amount: input.amount,
      name,
      email,
      expiresAfterDays: input.expiresAfterDays,
      metadata: input.metadata,
    });
    const replay = await this.replayOf(id, fingerprint);
    if (replay) return replay;
    const intent: StoredPaymentIntent = {
      ...this.waitingIntent(id, input.amount, input.metadata, fingerprint, input.locale),
      payment_method_type: "konbini",
      konbini: {
        confirmation_number: newConfirmationNumber(),
        payment_code: newPaymentCode(),
        expires_at: konbiniDeadline(this.now(), input.expiresAfterDays).toISOString(),
        token: newVoucherToken(),
      },
    };
    if (!(await this.store.insert("payment_intent", id, intent))) return (await this.replayOf(id, fingerprint))!;
    this.log.info({ orderId: input.metadata.orderId, status: intent.status }, "test gateway konbini payment");
    return paymentIntentResult(id, intent);
  }

  async createPayPayPayment(input: CreatePayPayPaymentInput): Promise<PaymentIntentResult> {
    if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > MAX_AMOUNT) {
      throw new PaymentGatewayError("invalid_request", `Amount must be a whole number of yen from 1 to ${MAX_AMOUNT}`);
    }
    if (!validReturnUrl(input.returnUrl)) throw new PaymentGatewayError("invalid_request", "return_url must be an absolute http(s) URL");
    const id = idempotentObjectId("payment_intent", input.idempotencyKey);
    const fingerprint = fingerprintOf({ type: "paypay", amount: input.amount, returnUrl: input.returnUrl, metadata: input.metadata });
    const replay = await this.replayOf(id, fingerprint);
    if (replay) return replay;
    const intent: StoredPaymentIntent = {
      ...this.waitingIntent(id, input.amount, input.metadata, fingerprint, input.locale),
      payment_method_type: "paypay",
      return_url: input.returnUrl,
    };
    if (!(await this.store.insert("payment_intent", id, intent))) return (await this.replayOf(id, fingerprint))!;
    this.log.info({ orderId: input.metadata.orderId, status: intent.status }, "test gateway paypay payment");
    return paymentIntentResult(id, intent);
  }

  private waitingIntent(id: string, amount: number, metadata: Record<string, string>, fingerprint: string, locale: Locale | undefined): StoredPaymentIntent {
    return {
      amount,
      currency: "jpy",
      status: "requires_action",
      client_secret: newClientSecret(id),
      customer: null,
      payment_method: null,
      metadata: { ...metadata },
      off_session: false,
      last_payment_error: null,
      amount_received: 0,
      amount_refunded: 0,
      fingerprint,
      locale: locale ?? "ja",
    };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentResult> {
    return paymentIntentResult(id, await this.store.get("payment_intent", id));
  }

  async cancelPaymentIntent(id: string): Promise<PaymentIntentResult> {
    return this.store
      .transaction(async (tx) => {
        const intent = await this.store.get("payment_intent", id, tx, true);
        if (intent.status === "succeeded") {
          throw new PaymentGatewayError("invalid_request", "You cannot cancel this PaymentIntent because it has a status of succeeded");
        }
        const canceledNow = intent.status !== "canceled";
        if (canceledNow) {
          intent.status = "canceled";
          await this.store.update("payment_intent", id, intent, tx);
        }
        return { intent, canceledNow };
      })
      .then(({ intent, canceledNow }) => {
        if (canceledNow) this.announce(id, intent);
        return paymentIntentResult(id, intent);
      });
  }

  async refund(paymentIntentId: string, amount?: number, options: { idempotencyKey?: string } = {}): Promise<RefundResult> {
    return this.store.transaction(async (tx) => {
      const fingerprint = fingerprintOf({ paymentIntentId, amount: amount ?? null });
      const key = options.idempotencyKey;
      const id = key ? idempotentObjectId("refund", key) : newObjectId("refund");
      const intent = await this.store.get("payment_intent", paymentIntentId, tx, true);
      const earlier = key ? await this.store.find("refund", id, tx) : null;
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) throw idempotencyConflict();
        return { id, status: earlier.status, amount: earlier.amount, paymentIntentId };
      }
      if (intent.status !== "succeeded") throw new PaymentGatewayError("invalid_request", "Only a succeeded PaymentIntent can be refunded");
      const remaining = intent.amount_received - intent.amount_refunded;
      const refunded = amount ?? remaining;
      if (!Number.isInteger(refunded) || refunded < 1 || refunded > remaining) {
        throw new PaymentGatewayError("invalid_request", `Refund amount must be a whole number of yen from 1 to ${remaining}`);
      }
      await this.store.insert("refund", id, { payment_intent: paymentIntentId, amount: refunded, status: "succeeded", fingerprint }, tx);
      await this.store.update("payment_intent", paymentIntentId, { ...intent, amount_refunded: intent.amount_refunded + refunded }, tx);
      return { id, status: "succeeded", amount: refunded, paymentIntentId };
    });
  }

  async createSetupIntent(customerId: string, metadata: Record<string, string> = {}): Promise<SetupIntentResult> {
    await this.store.get("customer", customerId);
    const id = newObjectId("setup_intent");
    const intent: StoredSetupIntent = {
      status: "requires_payment_method",
      client_secret: newClientSecret(id),
      customer: customerId,
      payment_method: null,
      metadata: { ...metadata },
      last_setup_error: null,
    };
    await this.store.insert("setup_intent", id, intent);
    return setupIntentResult(id, intent);
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentResult> {
    return setupIntentResult(id, await this.store.get("setup_intent", id));
  }

  async retrievePaymentMethod(id: string): Promise<SavedCard & { customerId: string | null; fingerprint: string | null }> {
    const method = await this.store.get("payment_method", id);
    return {
      brand: method.brand,
      last4: method.last4,
      exp_month: method.exp_month,
      exp_year: method.exp_year,
      customerId: method.customer,
      fingerprint: method.fingerprint ?? null,
    };
  }

  async detachPaymentMethod(id: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const method = await this.store.get("payment_method", id, tx, true);
      if (!method.customer) throw new PaymentGatewayError("invalid_request", "The PaymentMethod is not attached to a customer");
      await this.store.update("payment_method", id, { ...method, customer: null, set_up_for_off_session: false }, tx);
    });
  }

  // --- The browser's side, as Stripe.js would do it (served under /test-gateway) ---

  /** Tokenises a typed card: checks it as Stripe would and keeps everything but the number. */
  async createCardPaymentMethod(
    input: { number: string; exp_month: number; exp_year: number; cvc: string; billing_details?: BillingDetails | undefined },
    locale: Locale,
  ): Promise<{ ok: true; id: string; card: SavedCard } | { ok: false; error: CardError & { param: string } }> {
    const checked = checkCard(input, japanDateOf(this.now()));
    if (!checked.ok) {
      const param = { number: "number", expiry: "exp_year", cvc: "cvc" }[checked.field];
      const code = { number: "invalid_number", expiry: "invalid_expiry_year", cvc: "invalid_cvc" }[checked.field];
      return { ok: false, error: { code, message: gatewayText(checked.error, locale), param } };
    }
    const behaviour = TEST_CARDS[checked.card.number];
    if (!behaviour)
      return { ok: false, error: { code: "card_declined", declineCode: "test_mode_live_card", message: gatewayText("notTestCard", locale), param: "number" } };
    const id = newObjectId("payment_method");
    const card: SavedCard = {
      brand: checked.card.brand,
      last4: checked.card.number.slice(-4),
      exp_month: checked.card.expMonth,
      exp_year: checked.card.expYear,
    };
    const method: StoredPaymentMethod = {
      ...card,
      billing_details: input.billing_details ?? {},
      customer: null,
      behaviour,
      set_up_for_off_session: false,
      fingerprint: cardFingerprintOf(checked.card.number),
    };
    await this.store.insert("payment_method", id, method);
    return { ok: true, id, card };
  }

  /** The intent behind a client secret, or null when the secret is wrong (the browser knows nothing else). */
  async browserIntent(clientSecret: string): Promise<BrowserIntent | null> {
    const found = await this.byClientSecret(clientSecret);
    if (!found) return null;
    return found.kind === "payment_intent" ? browserPaymentIntent(found.id, found.intent) : browserSetupIntent(found.id, found.intent);
  }

  /** stripe.confirmCardSetup: saves the card, or asks for 3-D Secure first, or declines it. */
  async confirmSetupIntent(clientSecret: string, paymentMethodId: string, locale: Locale): Promise<BrowserIntent | null> {
    const id = idOfClientSecret(clientSecret);
    const result = await this.store.transaction(async (tx) => {
      const intent = await this.store.find("setup_intent", id, tx, true);
      if (!intent || !secretsMatch(clientSecret, intent.client_secret)) return null;
      if (intent.status !== "requires_payment_method") {
        throw new PaymentGatewayError("invalid_request", `You cannot confirm this SetupIntent because it has a status of ${intent.status}`);
      }
      const method = await this.store.get("payment_method", paymentMethodId, tx, true);
      if (method.customer && method.customer !== intent.customer) {
        throw new PaymentGatewayError("invalid_request", "The PaymentMethod belongs to another customer");
      }
      intent.payment_method = paymentMethodId;
      intent.last_setup_error = null;
      const decline = declineOf(method.behaviour);
      if (decline) {
        intent.status = "requires_payment_method";
        intent.last_setup_error = { ...decline, message: gatewayText(decline.declineCode, locale) };
      } else if (method.behaviour === "authenticate_always" || method.behaviour === "authenticate_unless_set_up") {
        intent.status = "requires_action";
      } else {
        await this.completeSetup(intent, method, paymentMethodId, tx);
      }
      await this.store.update("setup_intent", id, intent, tx);
      return browserSetupIntent(id, intent);
    });
    return result;
  }

  /** The 3-D Secure challenge's outcome, chosen on /test-gateway/3ds; anything but a waiting intent stays as it is. */
  async settleChallenge(clientSecret: string, result: ChallengeResult, locale: Locale): Promise<BrowserIntent | null> {
    const id = idOfClientSecret(clientSecret);
    const settled = await this.store.transaction(async (tx) => {
      if (id.startsWith("seti_")) {
        const intent = await this.store.find("setup_intent", id, tx, true);
        if (!intent || !secretsMatch(clientSecret, intent.client_secret)) return null;
        if (intent.status === "requires_action" && intent.payment_method) {
          if (result === "complete") {
            await this.completeSetup(intent, await this.store.get("payment_method", intent.payment_method, tx, true), intent.payment_method, tx);
          } else {
            intent.status = "requires_payment_method";
            intent.last_setup_error = { code: "setup_intent_authentication_failure", message: gatewayText("authenticationFailed", locale) };
          }
          await this.store.update("setup_intent", id, intent, tx);
        }
        return { view: browserSetupIntent(id, intent), announce: null };
      }
      const intent = await this.store.find("payment_intent", id, tx, true);
      if (!intent || !secretsMatch(clientSecret, intent.client_secret)) return null;
      // A konbini or PayPay intent also waits in requires_action, but only its own page settles it.
      if (intent.status !== "requires_action" || (intent.payment_method_type ?? "card") !== "card")
        return { view: browserPaymentIntent(id, intent), announce: null };
      if (result === "complete") {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
      } else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = { code: "payment_intent_authentication_failure", message: gatewayText("authenticationFailed", locale) };
      }
      await this.store.update("payment_intent", id, intent, tx);
      return { view: browserPaymentIntent(id, intent), announce: intent };
    });
    if (settled?.announce) this.announce(id, settled.announce);
    return settled?.view ?? null;
  }

  // --- Konbini and PayPay pages (served under /test-gateway) ---

  /** The voucher behind its page's token, or null when the id or token is wrong. */
  async konbiniVoucher(id: string, token: string): Promise<OffsiteIntent | null> {
    const intent = await this.store.find("payment_intent", id);
    if (!intent?.konbini || !secretsMatch(token, intent.konbini.token)) return null;
    return offsiteIntent(id, intent);
  }

  /**
   * The voucher page's test buttons: paid at the store, or its deadline passing. Like Stripe, an
   * expired voucher leaves the intent requires_payment_method and sends payment_intent.payment_failed.
   * A voucher that already settled stays as it is.
   */
  async settleKonbini(id: string, token: string, result: KonbiniTestResult): Promise<OffsiteIntent | null> {
    const settled = await this.store.transaction(async (tx) => {
      const intent = await this.store.find("payment_intent", id, tx, true);
      if (!intent?.konbini || !secretsMatch(token, intent.konbini.token)) return null;
      if (intent.status !== "requires_action") return { intent, changed: false };
      if (result === "paid") settlePaid(intent);
      else expireVoucher(intent);
      await this.store.update("payment_intent", id, intent, tx);
      return { intent, changed: true };
    });
    if (!settled) return null;
    if (settled.changed) this.announce(id, settled.intent);
    return offsiteIntent(id, settled.intent);
  }

  /** Expires every waiting voucher whose deadline has passed, as Stripe does on its own; returns how many. */
  async expireOverdueVouchers(now: Date = this.now()): Promise<number> {
    let expired = 0;
    for (const id of await this.store.overdueVouchers(now)) {
      const intent = await this.store.transaction(async (tx) => {
        const found = await this.store.find("payment_intent", id, tx, true);
        if (found?.status !== "requires_action") return null;
        expireVoucher(found);
        await this.store.update("payment_intent", id, found, tx);
        return found;
      });
      if (intent) {
        expired += 1;
        this.announce(id, intent);
      }
    }
    return expired;
  }

  /** The PayPay intent behind a client secret, or null when the secret is wrong. */
  async payPayApproval(clientSecret: string): Promise<OffsiteIntent | null> {
    const id = idOfClientSecret(clientSecret);
    const intent = await this.store.find("payment_intent", id);
    if (!intent || intent.payment_method_type !== "paypay" || !secretsMatch(clientSecret, intent.client_secret)) return null;
    return offsiteIntent(id, intent);
  }

  /** The approval page's choice: approved pays, cancelled leaves the intent as a declined card would. */
  async settlePayPay(clientSecret: string, result: PayPayResult): Promise<OffsiteIntent | null> {
    const id = idOfClientSecret(clientSecret);
    const settled = await this.store.transaction(async (tx) => {
      const intent = await this.store.find("payment_intent", id, tx, true);
      if (!intent || intent.payment_method_type !== "paypay" || !secretsMatch(clientSecret, intent.client_secret)) return null;
      if (intent.status !== "requires_action") return { intent, changed: false };
      if (result === "approve") settlePaid(intent);
      else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = { code: "payment_intent_payment_attempt_failed", message: gatewayText("paypayCanceled", intent.locale) };
      }
      await this.store.update("payment_intent", id, intent, tx);
      return { intent, changed: true };
    });
    if (!settled) return null;
    if (settled.changed) this.announce(id, settled.intent);
    return offsiteIntent(id, settled.intent);
  }

  private async completeSetup(intent: StoredSetupIntent, method: StoredPaymentMethod, paymentMethodId: string, tx: Database): Promise<void> {
    intent.status = "succeeded";
    await this.store.update("payment_method", paymentMethodId, { ...method, customer: intent.customer, set_up_for_off_session: true }, tx);
  }

  private async byClientSecret(
    clientSecret: string,
  ): Promise<{ kind: "payment_intent"; id: string; intent: StoredPaymentIntent } | { kind: "setup_intent"; id: string; intent: StoredSetupIntent } | null> {
    const id = idOfClientSecret(clientSecret);
    if (id.startsWith("seti_")) {
      const intent = await this.store.find("setup_intent", id);
      return intent && secretsMatch(clientSecret, intent.client_secret) ? { kind: "setup_intent", id, intent } : null;
    }
    const intent = await this.store.find("payment_intent", id);
    return intent && secretsMatch(clientSecret, intent.client_secret) ? { kind: "payment_intent", id, intent } : null;
  }

  private async replayOf(id: string, fingerprint: string): Promise<PaymentIntentResult | null> {
    const existing = await this.store.find("payment_intent", id);
    if (!existing) return null;
    if (existing.fingerprint !== fingerprint) throw idempotencyConflict();
    return paymentIntentResult(id, existing);
  }

  /** Like Stripe's webhooks: after the change, never inside the request that made it. */
  private announce(id: string, intent: StoredPaymentIntent): void {
    const methodType = intent.payment_method_type ?? "card";
    // A card's cancellation is the shop's own doing and is not echoed (as before konbini and PayPay).
    const type =
      intent.status === "succeeded"
        ? "payment_intent.succeeded"
        : intent.status === "requires_payment_method"
          ? "payment_intent.payment_failed"
          : intent.status === "canceled" && methodType !== "card"
            ? "payment_intent.canceled"
            : null;
    if (!type) return;
    const event: PaymentEvent = { id: newEventId(), type, outcome: outcomeOf(type, methodType, null), paymentIntent: paymentIntentResult(id, intent) };
    setImmediate(() => {
      this.events
        .dispatch(event)
        .then((handled) => {
          if (handled === 0) this.log.info({ eventId: event.id }, "payment event without handler");
        })
        .catch((error: unknown) => this.log.warn({ eventId: event.id, err: error }, "payment event handler failed"));
    });
  }
}

function idempotencyConflict(): PaymentGatewayError {
  return new PaymentGatewayError("idempotency_conflict", "Keys for idempotent requests can only be used with the same parameters they were first used with");
}

function paymentIntentResult(id: string, intent: StoredPaymentIntent): PaymentIntentResult {
  return {
    id,
    status: intent.status,
    clientSecret: intent.client_secret,
    amount: intent.amount,
    amountReceived: intent.amount_received,
    amountRefunded: intent.amount_refunded,
    customerId: intent.customer,
    paymentMethodId: intent.payment_method,
    metadata: intent.metadata,
    lastError: intent.last_payment_error,
    paymentMethodType: intent.payment_method_type ?? "card",
    konbini: konbiniVoucherOf(id, intent),
    redirectUrl: intent.payment_method_type === "paypay" && intent.status === "requires_action" ? payPayPagePath(id, intent.client_secret) : null,
  };
}

function konbiniVoucherOf(id: string, intent: StoredPaymentIntent): KonbiniVoucher | null {
  if (!intent.konbini) return null;
  return {
    confirmationNumber: intent.konbini.confirmation_number,
    paymentCode: intent.konbini.payment_code,
    expiresAt: new Date(intent.konbini.expires_at),
    voucherUrl: `/test-gateway/konbini/${id}?token=${encodeURIComponent(intent.konbini.token)}`,
  };
}

function payPayPagePath(id: string, clientSecret: string): string {
  return `/test-gateway/paypay/${id}?client_secret=${encodeURIComponent(clientSecret)}`;
}

function settlePaid(intent: StoredPaymentIntent): void {
  intent.status = "succeeded";
  intent.amount_received = intent.amount;
  intent.last_payment_error = null;
}

function expireVoucher(intent: StoredPaymentIntent): void {
  intent.status = "requires_payment_method";
  intent.last_payment_error = { code: "payment_intent_konbini_expired", message: gatewayText("voucherExpired", intent.locale) };
}

function offsiteIntent(id: string, intent: StoredPaymentIntent): OffsiteIntent {
  const redirectStatus = intent.status === "succeeded" ? "succeeded" : "failed";
  return {
    id,
    status: intent.status,
    amount: intent.amount,
    paymentMethodType: intent.payment_method_type ?? "card",
    konbini: konbiniVoucherOf(id, intent),
    error: intent.last_payment_error,
    locale: intent.locale,
    returnTo:
      intent.return_url && intent.status !== "requires_action"
        ? returnUrlWith(intent.return_url, { payment_intent: id, payment_intent_client_secret: intent.client_secret, redirect_status: redirectStatus })
        : null,
  };
}

function setupIntentResult(id: string, intent: StoredSetupIntent): SetupIntentResult {
  return {
    id,
    status: intent.status,
    clientSecret: intent.client_secret,
    customerId: intent.customer,
    paymentMethodId: intent.payment_method,
    metadata: intent.metadata,
    lastError: intent.last_setup_error,
  };
}

function browserPaymentIntent(id: string, intent: StoredPaymentIntent): BrowserIntent {
  return { kind: "payment_intent", id, status: intent.status, amount: intent.amount, error: intent.last_payment_error };
}

function browserSetupIntent(id: string, intent: StoredSetupIntent): BrowserIntent {
  return { kind: "setup_intent", id, status: intent.status, paymentMethodId: intent.payment_method, error: intent.last_setup_error };
}
