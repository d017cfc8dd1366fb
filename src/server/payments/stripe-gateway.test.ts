import { Writable } from "node:stream";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../config.ts";
import { loggerOptions } from "../http/logging.ts";
import type { FakeStripe } from "../testing/fake-stripe.ts";
import { fakeStripeEnvironment, startFakeStripe, stripePaymentIntent } from "../testing/fake-stripe.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { PaymentEvent } from "./payment-gateway.ts";
import { StripeGateway } from "./stripe-gateway.ts";

const SECRET_KEY = "sk_test_kura_fake_secret";
const PUBLISHABLE_KEY = "pk_test_kura_fake_publishable";
const WEBHOOK_SECRET = "whsec_kura_fake_webhook";
const KEYS = { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET };

let fake: FakeStripe;
let gateway: StripeGateway;
const silent = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  gateway = new StripeGateway({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url }, silent, {
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await fake.close();
});

function lastRequest() {
  return fake.requests.at(-1)!;
}

describe("the Stripe adapter's requests", () => {
  it("creates and confirms a card PaymentIntent in yen with the idempotency key", async () => {
    fake.on("POST", "/v1/payment_intents", (request) => ({
      body: stripePaymentIntent({
        id: "pi_ok",
        amount: Number(request.form.amount),
        amount_received: Number(request.form.amount),
        metadata: { orderId: "42" },
      }),
    }));
    const result = await gateway.createPaymentIntent({
      amount: 3300,
      paymentMethodId: "pm_card",
      idempotencyKey: "checkout-key-1",
      metadata: { orderId: "42" },
    });
    const request = lastRequest();
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers["idempotency-key"]).toBe("checkout-key-1");
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request.form).toEqual({
      amount: "3300",
      currency: "jpy",
      confirm: "true",
      "allowed_payment_method_types[0]": "card",
      payment_method: "pm_card",
      use_stripe_sdk: "true",
      "metadata[orderId]": "42",
    });
    expect(result).toEqual({
      id: "pi_ok",
      status: "succeeded",
      clientSecret: "pi_ok_secret_fake",
      amount: 3300,
      amountReceived: 3300,
      amountRefunded: 0,
      customerId: null,
      paymentMethodId: "pm_fake_1",
      metadata: { orderId: "42" },
      lastError: null,
      paymentMethodType: "card",
      konbini: null,
      redirectUrl: null,
    });
  });

  it("charges a saved card off-session under its customer", async () => {
    fake.on("POST", "/v1/payment_intents", { body: stripePaymentIntent({ id: "pi_saved", customer: "cus_1", payment_method: "pm_saved" }) });
    const result = await gateway.createPaymentIntent({
      amount: 5000,
      paymentMethodId: "pm_saved",
      customerId: "cus_1",
      offSession: true,
      idempotencyKey: "checkout-key-2",
      metadata: { orderId: "43" },
    });
    expect(lastRequest().form).toMatchObject({ customer: "cus_1", off_session: "true", payment_method: "pm_saved" });
    expect(lastRequest().form).not.toHaveProperty("use_stripe_sdk");
    expect(result).toMatchObject({ customerId: "cus_1", paymentMethodId: "pm_saved" });
  });

  it("answers 3-D Secure as requires_action with the client secret for the browser", async () => {
    fake.on("POST", "/v1/payment_intents", { body: stripePaymentIntent({ id: "pi_3ds", status: "requires_action", next_action: { type: "use_stripe_sdk" } }) });
    const result = await gateway.createPaymentIntent({ amount: 3300, paymentMethodId: "pm_3ds", idempotencyKey: "k3", metadata: { orderId: "44" } });
    expect(result).toMatchObject({ status: "requires_action", clientSecret: "pi_3ds_secret_fake", lastError: null });
  });

  it("turns a decline (402 card_error) into a result with Stripe's message, not an exception", async () => {
    fake.on("POST", "/v1/payment_intents", {
      status: 402,
      body: {
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
          message: "Your card has insufficient funds.",
          payment_intent: stripePaymentIntent({
            id: "pi_declined",
            status: "requires_payment_method",
            last_payment_error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
          }),
        },
      },
    });
    const result = await gateway.createPaymentIntent({ amount: 3300, paymentMethodId: "pm_poor", idempotencyKey: "k4", metadata: { orderId: "45" } });
    expect(result).toMatchObject({
      id: "pi_declined",
      status: "requires_payment_method",
      amountReceived: 0,
      lastError: { code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
    });
  });

  it("maps Stripe's other refusals to typed gateway errors", async () => {
    fake.on("POST", "/v1/payment_intents", {
      status: 400,
      body: {
        error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with." },
      },
    });
    await expect(gateway.createPaymentIntent({ amount: 1, paymentMethodId: "pm", idempotencyKey: "k5", metadata: { orderId: "1" } })).rejects.toMatchObject({
      name: "PaymentGatewayError",
      kind: "idempotency_conflict",
    });
    fake.on("POST", "/v1/payment_intents", {
      status: 400,
      body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such PaymentMethod: 'pm_x'" } },
    });
    await expect(
      gateway.createPaymentIntent({ amount: 1000, paymentMethodId: "pm_x", idempotencyKey: "k6", metadata: { orderId: "1" } }),
    ).rejects.toMatchObject({
      kind: "invalid_request",
    });
    fake.on("POST", "/v1/payment_intents", { status: 500, body: { error: { type: "api_error", message: "Something went wrong" } } });
    await expect(gateway.createPaymentIntent({ amount: 1000, paymentMethodId: "pm", idempotencyKey: "k7", metadata: { orderId: "1" } })).rejects.toMatchObject({
      kind: "unavailable",
    });
  });

  it("says unavailable when Stripe cannot be reached", async () => {
    const closed = await startFakeStripe(SECRET_KEY);
    await closed.close();
    const offline = new StripeGateway({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: undefined, apiBase: closed.url }, silent, {
      maxNetworkRetries: 0,
    });
    await expect(offline.retrievePaymentIntent("pi_1")).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("retrieves with the charge expanded (refunded amount), cancels and refunds", async () => {
    fake.on("GET", "/v1/payment_intents/pi_paid", {
      body: stripePaymentIntent({ id: "pi_paid", amount_received: 3300, latest_charge: { id: "ch_1", object: "charge", amount_refunded: 1000 } }),
    });
    expect(await gateway.retrievePaymentIntent("pi_paid")).toMatchObject({ amountReceived: 3300, amountRefunded: 1000 });
    expect(lastRequest().query).toEqual({ "expand[0]": "latest_charge" });

    fake.on("POST", "/v1/payment_intents/pi_wait/cancel", { body: stripePaymentIntent({ id: "pi_wait", status: "canceled" }) });
    expect((await gateway.cancelPaymentIntent("pi_wait")).status).toBe("canceled");

    fake.on("POST", "/v1/refunds", (request) => ({
      body: { id: "re_1", object: "refund", status: "succeeded", amount: Number(request.form.amount), payment_intent: request.form.payment_intent },
    }));
    expect(await gateway.refund("pi_paid", 1200, { idempotencyKey: "refund-1" })).toEqual({
      id: "re_1",
      status: "succeeded",
      amount: 1200,
      paymentIntentId: "pi_paid",
    });
    expect(lastRequest().form).toEqual({ payment_intent: "pi_paid", amount: "1200" });
    expect(lastRequest().headers["idempotency-key"]).toBe("refund-1");
  });

  it("saves cards through customers and SetupIntents, and detaches them", async () => {
    fake.on("POST", "/v1/customers", { body: { id: "cus_new", object: "customer" } });
    expect(await gateway.createCustomer({ email: "hanako@example.com", metadata: { kura_user_id: "7" } }, { idempotencyKey: "cust-7" })).toEqual({
      id: "cus_new",
    });
    expect(lastRequest().form).toEqual({ email: "hanako@example.com", "metadata[kura_user_id]": "7" });
    expect(lastRequest().headers["idempotency-key"]).toBe("cust-7");

    fake.on("POST", "/v1/setup_intents", (request) => ({
      body: {
        id: "seti_1",
        object: "setup_intent",
        status: "requires_payment_method",
        client_secret: "seti_1_secret_x",
        customer: request.form.customer,
        payment_method: null,
        metadata: { kura_user_id: "7" },
        last_setup_error: null,
      },
    }));
    expect(await gateway.createSetupIntent("cus_new", { kura_user_id: "7" })).toEqual({
      id: "seti_1",
      status: "requires_payment_method",
      clientSecret: "seti_1_secret_x",
      customerId: "cus_new",
      paymentMethodId: null,
      metadata: { kura_user_id: "7" },
      lastError: null,
    });
    expect(lastRequest().form).toEqual({ customer: "cus_new", "allowed_payment_method_types[0]": "card", usage: "off_session", "metadata[kura_user_id]": "7" });

    fake.on("GET", "/v1/payment_methods/pm_card", {
      body: {
        id: "pm_card",
        object: "payment_method",
        type: "card",
        customer: "cus_new",
        card: { brand: "visa", last4: "4242", exp_month: 4, exp_year: 2031, fingerprint: "Xt5EWLLDS7FJjR1c" },
      },
    });
    expect(await gateway.retrievePaymentMethod("pm_card")).toEqual({
      brand: "visa",
      last4: "4242",
      exp_month: 4,
      exp_year: 2031,
      customerId: "cus_new",
      fingerprint: "Xt5EWLLDS7FJjR1c",
    });

    fake.on("POST", "/v1/payment_methods/pm_card/detach", { body: { id: "pm_card", object: "payment_method", customer: null } });
    await gateway.detachPaymentMethod("pm_card");
    expect(lastRequest()).toMatchObject({ method: "POST", path: "/v1/payment_methods/pm_card/detach" });
  });
});

describe("the app on Stripe", () => {
  let shop: TestApp;
  const events: PaymentEvent[] = [];
  let failNextHandler = false;

  beforeAll(async () => {
    shop = await createTestApp(fakeStripeEnvironment(KEYS, fake.url));
  });

  afterAll(async () => {
    await shop.close();
  });

  function webhook(event: unknown, signature?: string, url = "/api/payments/webhook") {
    const payload = JSON.stringify(event);
    return shop.app.inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/json",
        "stripe-signature": signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  }

  const succeeded = {
    id: "evt_paid_1",
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: stripePaymentIntent({ id: "pi_hook", amount_received: 3300, metadata: { orderId: "77" } }) },
  };

  it("gives the pages Stripe's publishable key and allows Stripe.js in the CSP", async () => {
    expect(shop.app.services.payments.browserConfig).toEqual({ kind: "stripe", publishableKey: PUBLISHABLE_KEY });
    const response = await shop.app.inject({ method: "GET", url: "/healthz" });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain("frame-src 'self' https://js.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    // The test gateway is not served next to Stripe.
    expect((await shop.app.inject({ method: "GET", url: "/test-gateway/intent?client_secret=x" })).statusCode).toBe(404);
  });

  it("acknowledges a signed event without any handler", async () => {
    const response = await webhook(succeeded);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });

  it("hands signed payment events to the registered handler, without a session or CSRF token", async () => {
    const unsubscribe = shop.app.services.payments.onPaymentEvent((event) => {
      if (failNextHandler) {
        failNextHandler = false;
        throw new Error("order not found yet");
      }
      events.push(event);
    });
    try {
      expect((await webhook(succeeded)).statusCode).toBe(200);
      const failed = {
        id: "evt_failed_1",
        object: "event",
        type: "payment_intent.payment_failed",
        data: {
          object: stripePaymentIntent({
            id: "pi_hook_2",
            status: "requires_payment_method",
            last_payment_error: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
          }),
        },
      };
      expect((await webhook(failed)).statusCode).toBe(200);
      expect(events.map((event) => [event.id, event.type, event.paymentIntent.id, event.paymentIntent.status])).toEqual([
        ["evt_paid_1", "payment_intent.succeeded", "pi_hook", "succeeded"],
        ["evt_failed_1", "payment_intent.payment_failed", "pi_hook_2", "requires_payment_method"],
      ]);
      expect(events[0]!.paymentIntent.metadata).toEqual({ orderId: "77" });
      expect(events[1]!.paymentIntent.lastError).toEqual({ code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." });

      // Other events are acknowledged and not handed on.
      expect((await webhook({ id: "evt_other", object: "event", type: "charge.refunded", data: { object: {} } })).statusCode).toBe(200);
      expect(events).toHaveLength(2);

      // A failing handler answers 500, so Stripe delivers the event again.
      failNextHandler = true;
      expect((await webhook({ ...succeeded, id: "evt_retry" })).statusCode).toBe(500);
      expect((await webhook({ ...succeeded, id: "evt_retry" })).statusCode).toBe(200);
      expect(events.at(-1)!.id).toBe("evt_retry");
    } finally {
      unsubscribe();
    }
  });

  it("refuses events that are unsigned, signed with another secret or altered", async () => {
    const seen = events.length;
    const unsubscribe = shop.app.services.payments.onPaymentEvent((event) => void events.push(event));
    try {
      const payload = JSON.stringify(succeeded);
      const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
      expect((await webhook(succeeded, otherSecret)).statusCode).toBe(400);
      const original = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      expect((await webhook({ ...succeeded, id: "evt_forged" }, original)).statusCode).toBe(400);
      const unsigned = await shop.app.inject({ method: "POST", url: "/api/payments/webhook", headers: { "content-type": "application/json" }, payload });
      expect(unsigned.statusCode).toBe(400);
      const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
      expect((await webhook(succeeded, old)).statusCode).toBe(400);
      expect(events).toHaveLength(seen);
    } finally {
      unsubscribe();
    }
  });

  it("exempts only the webhook route from the CSRF check", async () => {
    // The same path under a locale prefix is not the webhook: it needs the token like any API call.
    expect((await webhook(succeeded, undefined, "/ja/api/payments/webhook")).statusCode).toBe(403);
    const member = await shop.memberSession();
    const withoutToken = await shop.app.inject({ method: "DELETE", url: "/api/cards", headers: { cookie: member.cookie } });
    expect(withoutToken.statusCode).toBe(403);
  });

  it("saves a member's card through Stripe's customer, SetupIntent and payment method", async () => {
    const member = await shop.memberSession();
    fake.on("POST", "/v1/customers", { body: { id: "cus_member", object: "customer" } });
    fake.on("POST", "/v1/setup_intents", (request) => ({
      body: {
        id: "seti_member",
        object: "setup_intent",
        status: "requires_payment_method",
        client_secret: "seti_member_secret_abc",
        customer: request.form.customer,
        payment_method: null,
        metadata: { kura_user_id: request.form["metadata[kura_user_id]"] },
        last_setup_error: null,
      },
    }));
    const edit = await shop.app.inject({ method: "GET", url: "/api/cards/edit", headers: { cookie: member.cookie } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toEqual({ client_secret: "seti_member_secret_abc" });
    const customerRequest = fake.requests.find((request) => request.path === "/v1/customers" && request.form.email === member.email)!;
    expect(customerRequest.form["metadata[kura_user_id]"]).toBe(String(member.user.id));
    expect(customerRequest.headers["idempotency-key"]).toMatch(new RegExp(`^kura-member-customer-${member.user.id}-`));

    // Stripe.js confirmed the SetupIntent in the browser; the page sends what it got back.
    fake.on("GET", "/v1/setup_intents/seti_member", {
      body: {
        id: "seti_member",
        object: "setup_intent",
        status: "succeeded",
        client_secret: "seti_member_secret_abc",
        customer: "cus_member",
        payment_method: "pm_member",
        metadata: { kura_user_id: String(member.user.id) },
        last_setup_error: null,
      },
    });
    fake.on("GET", "/v1/payment_methods/pm_member", {
      body: {
        id: "pm_member",
        object: "payment_method",
        type: "card",
        customer: "cus_member",
        card: { brand: "jcb", last4: "0505", exp_month: 11, exp_year: 2032 },
      },
    });
    const saved = await shop.app.inject({ method: "PUT", url: "/api/cards", headers: member.headers, payload: { setupIntent: { id: "seti_member" } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().card).toEqual({ brand: "jcb", last4: "0505", exp_month: 11, exp_year: 2032 });
    const read = await shop.app.inject({ method: "GET", url: "/api/cards", headers: { cookie: member.cookie } });
    expect(read.json()).toEqual({ card: { brand: "jcb", last4: "0505", exp_month: 11, exp_year: 2032 } });
  });

  it("answers 503 with a message when Stripe fails, never a 500 with internals", async () => {
    const member = await shop.memberSession();
    fake.on("POST", "/v1/customers", { status: 500, body: { error: { type: "api_error", message: "internal" } } });
    const response = await shop.app.inject({ method: "GET", url: "/en/api/cards/edit", headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errors: ["The payment service cannot be reached. Please try again in a moment."] });
  });
});

describe("configuration", () => {
  it("needs both keys, of one mode", () => {
    expect(() => readConfig({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be set together with STRIPE_SECRET_KEY/);
    expect(() => readConfig({ STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY })).toThrow(/STRIPE_SECRET_KEY: must be set together/);
    expect(() => readConfig({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY })).toThrow(/same mode/);
    expect(() => readConfig({ STRIPE_SECRET_KEY: "pk_test_wrong_place", STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
    expect(readConfig({}).stripe).toBeUndefined();
    expect(readConfig({ STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: "" }).stripe).toBeUndefined();
  });

  it("never names a key's value in its refusal", () => {
    try {
      readConfig({ STRIPE_SECRET_KEY: "sk_test_do_not_print_me" });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain("do_not_print_me");
    }
  });

  it("keeps the keys out of the logs", () => {
    const config = readConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    let written = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const options = loggerOptions({ ...config, logLevel: "info" }) as pino.LoggerOptions;
    const logger = pino(options, sink);
    logger.info({ config }, "start");
    logger.info({ stripe: config.stripe }, "stripe");
    logger.info({ intent: { clientSecret: "pi_1_secret_x" } }, "intent");
    expect(written).not.toContain(SECRET_KEY);
    expect(written).not.toContain(WEBHOOK_SECRET);
    expect(written).not.toContain("pi_1_secret_x");
  });
});
