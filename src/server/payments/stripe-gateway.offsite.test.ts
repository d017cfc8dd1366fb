import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeOffsitePayments, FakeStripe } from "../testing/fake-stripe.ts";
import { fakeStripeEnvironment, modelOffsitePayments, startFakeStripe, stripePaymentIntent } from "../testing/fake-stripe.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { withPaymentEvents } from "../testing/test-gateway-shop.ts";
import { StripeGateway } from "./stripe-gateway.ts";

// Konbini and PayPay on Stripe, against the local fake Stripe that keeps their intents.

const SECRET_KEY = "sk_test_kura_fake_offsite";
const PUBLISHABLE_KEY = "pk_test_kura_fake_offsite";
const WEBHOOK_SECRET = "whsec_kura_fake_offsite";
const KEYS = { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET };
const NOW = new Date("2026-11-24T03:00:00Z");

let fake: FakeStripe;
let stripe: FakeOffsitePayments;
let gateway: StripeGateway;
const silent = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  stripe = modelOffsitePayments(fake, () => NOW);
  gateway = new StripeGateway({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url }, silent, {
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await fake.close();
});

function konbini(key: string = crypto.randomUUID(), overrides: { amount?: number; name?: string } = {}) {
  return gateway.createKonbiniPayment({
    amount: overrides.amount ?? 5_500,
    idempotencyKey: key,
    metadata: { orderId: "K-1" },
    billing: { name: overrides.name ?? "山田 花子", email: "hanako@example.com" },
    expiresAfterDays: 3,
  });
}

function paypay(key: string = crypto.randomUUID()) {
  return gateway.createPayPayPayment({
    amount: 4_400,
    idempotencyKey: key,
    metadata: { orderId: "P-1" },
    returnUrl: "https://shop.example/checkout/paypay-return?order=P-1",
  });
}

async function deliver(body: ReturnType<FakeOffsitePayments["payKonbini"]>) {
  const { payload, signature } = stripe.signed(body, WEBHOOK_SECRET);
  return gateway.receiveWebhook(Buffer.from(payload), signature);
}

describe("konbini on Stripe", () => {
  it("creates and confirms a konbini PaymentIntent with the payer and the deadline, and answers the voucher", async () => {
    const intent = await konbini("konbini-key-1");
    const request = fake.requests.at(-1)!;
    expect(request.headers["idempotency-key"]).toBe("konbini-key-1");
    expect(request.form).toEqual({
      amount: "5500",
      currency: "jpy",
      confirm: "true",
      "allowed_payment_method_types[0]": "konbini",
      "payment_method_data[type]": "konbini",
      "payment_method_data[billing_details][name]": "山田 花子",
      "payment_method_data[billing_details][email]": "hanako@example.com",
      "payment_method_options[konbini][expires_after_days]": "3",
      "metadata[orderId]": "K-1",
    });
    expect(intent).toMatchObject({ status: "requires_action", amount: 5_500, paymentMethodType: "konbini", redirectUrl: null, metadata: { orderId: "K-1" } });
    const details = (stripe.intent(intent.id).next_action as { konbini_display_details: { expires_at: number; stores: { lawson: { payment_code: string } } } })
      .konbini_display_details;
    expect(intent.konbini).toEqual({
      confirmationNumber: expect.stringMatching(/^\d{11}$/),
      paymentCode: details.stores.lawson.payment_code,
      expiresAt: new Date(details.expires_at * 1000),
      voucherUrl: expect.stringMatching(/^https:\/\/payments\.stripe\.com\/konbini\/voucher\//),
    });
    expect(intent.konbini!.expiresAt.getTime()).toBe(NOW.getTime() + 3 * 86_400_000);
  });

  it("answers the same voucher for a replayed key and refuses the key with other parameters", async () => {
    const key = crypto.randomUUID();
    const first = await konbini(key);
    expect(await konbini(key)).toEqual(first);
    await expect(konbini(key, { amount: 6_000 })).rejects.toMatchObject({ kind: "idempotency_conflict" });
  });

  it("turns Stripe's refusal (no payer name) into an invalid request", async () => {
    await expect(konbini(crypto.randomUUID(), { name: "" })).rejects.toMatchObject({ kind: "invalid_request" });
  });

  it("hands on payment at the store as paid, the same event twice when Stripe delivers it twice", async () => {
    await withPaymentEvents(gateway, async (events) => {
      const intent = await konbini();
      const paid = stripe.payKonbini(intent.id);
      expect(await deliver(paid)).toEqual({ ok: true, eventId: paid.id, handled: 1 });
      expect(await deliver(paid)).toEqual({ ok: true, eventId: paid.id, handled: 1 });
      expect(events.map((event) => [event.id, event.type, event.outcome, event.paymentIntent.status])).toEqual([
        [paid.id, "payment_intent.succeeded", "paid", "succeeded"],
        [paid.id, "payment_intent.succeeded", "paid", "succeeded"],
      ]);
      expect(events[0]!.paymentIntent).toMatchObject({ id: intent.id, paymentMethodType: "konbini", amountReceived: 5_500, metadata: { orderId: "K-1" } });
      expect((await gateway.retrievePaymentIntent(intent.id)).status).toBe("succeeded");
    });
  });

  it("hands on an unpaid voucher's deadline as expired", async () => {
    await withPaymentEvents(gateway, async (events) => {
      const intent = await konbini();
      const expired = stripe.expireKonbini(intent.id);
      await deliver(expired);
      expect(events.map((event) => [event.type, event.outcome, event.paymentIntent.status])).toEqual([
        ["payment_intent.payment_failed", "expired", "requires_payment_method"],
      ]);
      expect(events[0]!.paymentIntent.lastError?.code).toBe("payment_intent_payment_attempt_expired");
    });
  });

  it("reads a cancellation Stripe made at the deadline as expired, one the shop asked for as canceled, and ignores a card's", async () => {
    await withPaymentEvents(gateway, async (events) => {
      const konbiniIntent = (reason: string) =>
        stripePaymentIntent({ id: `pi_konbini_${reason}`, status: "canceled", cancellation_reason: reason, payment_method_types: ["konbini"] });
      const canceled = (id: string, object: Record<string, unknown>) => ({ id, object: "event" as const, type: "payment_intent.canceled", data: { object } });
      await deliver(canceled("evt_expired", konbiniIntent("expired")));
      await deliver(canceled("evt_requested", konbiniIntent("requested_by_customer")));
      expect(await deliver(canceled("evt_card", stripePaymentIntent({ id: "pi_card", status: "canceled" })))).toMatchObject({ ok: true, handled: 0 });
      expect(events.map((event) => [event.id, event.outcome])).toEqual([
        ["evt_expired", "expired"],
        ["evt_requested", "canceled"],
      ]);
    });
  });

  it("cancels an unpaid voucher, never a paid one", async () => {
    const open = await konbini();
    expect((await gateway.cancelPaymentIntent(open.id)).status).toBe("canceled");
    const paid = await konbini();
    stripe.payKonbini(paid.id);
    await expect(gateway.cancelPaymentIntent(paid.id)).rejects.toMatchObject({ kind: "invalid_request" });
  });
});

describe("PayPay on Stripe", () => {
  it("creates and confirms a PayPay PaymentIntent with the return URL, and answers where to approve it", async () => {
    const intent = await paypay("paypay-key-1");
    expect(fake.requests.at(-1)!.form).toEqual({
      amount: "4400",
      currency: "jpy",
      confirm: "true",
      "allowed_payment_method_types[0]": "paypay",
      "payment_method_data[type]": "paypay",
      return_url: "https://shop.example/checkout/paypay-return?order=P-1",
      "metadata[orderId]": "P-1",
    });
    expect(intent).toMatchObject({ status: "requires_action", paymentMethodType: "paypay", konbini: null });
    expect(intent.redirectUrl).toMatch(/^https:\/\/pm-redirects\.stripe\.com\/authorize\//);
    expect(await paypay("paypay-key-1")).toEqual(intent);
  });

  it("an approval pays: the shopper comes back with Stripe's parameters and the event says paid", async () => {
    await withPaymentEvents(gateway, async (events) => {
      const intent = await paypay();
      const { event, returnTo } = stripe.approvePayPay(intent.id);
      const back = new URL(returnTo);
      expect(back.searchParams.get("order")).toBe("P-1");
      expect(back.searchParams.get("payment_intent")).toBe(intent.id);
      expect(back.searchParams.get("redirect_status")).toBe("succeeded");
      await deliver(event);
      expect(events.map((each) => [each.outcome, each.paymentIntent.status, each.paymentIntent.redirectUrl])).toEqual([["paid", "succeeded", null]]);
      expect((await gateway.retrievePaymentIntent(intent.id)).status).toBe("succeeded");
    });
  });

  it("a cancelled approval leaves the intent as a declined card does", async () => {
    await withPaymentEvents(gateway, async (events) => {
      const intent = await paypay();
      const { event, returnTo } = stripe.cancelPayPay(intent.id);
      expect(new URL(returnTo).searchParams.get("redirect_status")).toBe("failed");
      await deliver(event);
      await deliver(event);
      expect(events.map((each) => [each.id, each.outcome, each.paymentIntent.status])).toEqual([
        [event.id, "failed", "requires_payment_method"],
        [event.id, "failed", "requires_payment_method"],
      ]);
      expect(events[0]!.paymentIntent.lastError).toEqual({ code: "payment_intent_payment_attempt_failed", message: "The customer cancelled the payment." });
      const retrieved = await gateway.retrievePaymentIntent(intent.id);
      expect(retrieved).toMatchObject({ status: "requires_payment_method", redirectUrl: null });
    });
  });

  it("needs a return URL (Stripe refuses the confirmation without one)", async () => {
    await expect(
      gateway.createPayPayPayment({ amount: 1_000, idempotencyKey: crypto.randomUUID(), metadata: { orderId: "P-2" }, returnUrl: "" }),
    ).rejects.toMatchObject({ kind: "invalid_request" });
  });
});

describe("the app's webhook route with konbini and PayPay events", () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp(fakeStripeEnvironment(KEYS, fake.url));
  });

  afterAll(async () => {
    await shop.close();
  });

  it("takes the signed event as Stripe sends it, twice, and hands it on each time with its id", async () => {
    await withPaymentEvents(shop.app.services.payments, async (events) => {
      const intent = await shop.app.services.payments.createKonbiniPayment({
        amount: 3_300,
        idempotencyKey: crypto.randomUUID(),
        metadata: { orderId: "K-9" },
        billing: { name: "Hanako Yamada", email: "hanako@example.com" },
        expiresAfterDays: 5,
      });
      const { payload, signature } = stripe.signed(stripe.payKonbini(intent.id), WEBHOOK_SECRET);
      const post = () =>
        shop.app.inject({
          method: "POST",
          url: "/api/payments/webhook",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          payload,
        });
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200);
      expect(events).toHaveLength(2);
      expect(events[0]!.id).toBe(events[1]!.id);
      expect(events[0]).toMatchObject({ outcome: "paid", paymentIntent: { id: intent.id, paymentMethodType: "konbini", metadata: { orderId: "K-9" } } });
    });
  });
});
