import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BrowserSession } from "../testing/test-app.ts";
import { testGatewayShop } from "../testing/test-gateway-shop.ts";
import type { PaymentEvent } from "./payment-gateway.ts";
import { PaymentGatewayError } from "./payment-gateway.ts";

const env = testGatewayShop();

const NEXT_YEAR = new Date().getFullYear() + 1;

/** The card as the browser's card field sends it to the gateway (never to the shop's API). */
function tokenize(number: string, options: { exp_month?: number; exp_year?: number; cvc?: string; locale?: string; session?: BrowserSession } = {}) {
  return env.shop.app.inject({
    method: "POST",
    url: "/test-gateway/payment_methods",
    headers: (options.session ?? env.browser).headers,
    payload: {
      card: { number, exp_month: options.exp_month ?? 12, exp_year: options.exp_year ?? NEXT_YEAR, cvc: options.cvc ?? "123" },
      billing_details: { name: "山田 花子", email: "hanako@example.com", phone: "090-1234-5678" },
      ...(options.locale ? { locale: options.locale } : {}),
    },
  });
}

async function paymentMethod(number: string): Promise<string> {
  const response = await tokenize(number);
  expect(response.statusCode).toBe(200);
  return response.json().id;
}

let orders = 0;
async function pay(number: string, extra: { locale?: "ja" | "en"; amount?: number } = {}) {
  orders += 1;
  return env.gateway.createPaymentIntent({
    amount: extra.amount ?? 3300,
    paymentMethodId: await paymentMethod(number),
    idempotencyKey: crypto.randomUUID(),
    metadata: { orderId: String(orders) },
    locale: extra.locale,
  });
}

async function eventFor(paymentIntentId: string): Promise<PaymentEvent> {
  await expect.poll(() => env.events.some((event) => event.paymentIntent.id === paymentIntentId)).toBe(true);
  return env.events.find((event) => event.paymentIntent.id === paymentIntentId)!;
}

function challenge(paymentIntentId: string, clientSecret: string, result: "complete" | "fail", session = env.browser) {
  return env.shop.app.inject({
    method: "POST",
    url: `/test-gateway/3ds/${paymentIntentId}`,
    headers: session.headers,
    payload: { client_secret: clientSecret, result },
  });
}

describe("test cards", () => {
  it("4242 4242 4242 4242 pays at once, and the webhook-like event follows", async () => {
    const intent = await pay("4242 4242 4242 4242", { amount: 12_345 });
    expect(intent).toMatchObject({ status: "succeeded", amount: 12_345, amountReceived: 12_345, amountRefunded: 0, lastError: null });
    expect(intent.id).toMatch(/^pi_test_/);
    expect(intent.metadata).toEqual({ orderId: String(orders) });
    expect((await eventFor(intent.id)).type).toBe("payment_intent.succeeded");
  });

  it("4000 0025 0000 3155 and 4000 0027 6000 3184 wait for 3-D Secure", async () => {
    for (const number of ["4000002500003155", "4000002760003184"]) {
      const intent = await pay(number);
      expect(intent.status).toBe("requires_action");
      expect(intent.amountReceived).toBe(0);
      expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    }
  });

  it("declines 9995 (insufficient funds), 0002 (generic), 0069 (expired) and 0127 (CVC) with the gateway's message", async () => {
    const cases = [
      ["4000000000009995", "card_declined", "insufficient_funds", "カードの残高が不足しています。"],
      ["4000000000000002", "card_declined", "generic_decline", "カードが拒否されました。"],
      ["4000000000000069", "expired_card", "expired_card", "カードの有効期限が切れています。"],
      ["4000000000000127", "incorrect_cvc", "incorrect_cvc", "カードのセキュリティコードが正しくありません。"],
    ] as const;
    for (const [number, code, declineCode, message] of cases) {
      const intent = await pay(number);
      expect(intent.status).toBe("requires_payment_method");
      expect(intent.amountReceived).toBe(0);
      expect(intent.lastError).toEqual({ code, declineCode, message });
      expect((await eventFor(intent.id)).type).toBe("payment_intent.payment_failed");
    }
    expect((await pay("4000000000009995", { locale: "en" })).lastError?.message).toBe("Your card has insufficient funds.");
  });
});

describe("the card field's endpoint (tokenizing)", () => {
  it("answers a payment method id with what may be shown, and never stores the number", async () => {
    const response = await tokenize("4242424242424242");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^pm_test_/),
      object: "payment_method",
      type: "card",
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: NEXT_YEAR },
    });
    const stored = await env.shop.database.db.execute(
      sql`select count(*)::int as n from test_gateway_objects where data::text like '%4242424242424242%' or data::text like '%"123"%'`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("refuses incomplete, mistyped, expired and non-test cards in the shopper's language", async () => {
    const refusals = [
      [{ number: "4242 4242" }, "カード番号が不完全です。", "Your card number is incomplete."],
      [{ number: "4242 4242 4242 4241" }, "カード番号が無効です。", "Your card number is invalid."],
      [{ number: "4242424242424242", exp_year: 2001 }, "カードの有効期限が過去の日付です。", "Your card's expiration year is in the past."],
      [{ number: "4242424242424242", cvc: "12" }, "カードのセキュリティコードが不完全です。", "Your card's security code is incomplete."],
      [{ number: "4111 1111 1111 1111" }, expect.stringContaining("テストモード"), expect.stringContaining("test mode")],
    ] as const;
    for (const [card, ja, en] of refusals) {
      const { number, ...rest } = card as { number: string; exp_year?: number; cvc?: string };
      const answer = await tokenize(number, rest);
      expect(answer.statusCode).toBe(402);
      expect(answer.json().error).toMatchObject({ type: "card_error", message: ja });
      expect((await tokenize(number, { ...rest, locale: "en" })).json().error.message).toEqual(en);
    }
  });

  it("needs the page's CSRF token, like the shop's own calls", async () => {
    const response = await env.shop.app.inject({
      method: "POST",
      url: "/test-gateway/payment_methods",
      headers: { cookie: env.browser.cookie },
      payload: { card: { number: "4242424242424242", exp_month: 12, exp_year: NEXT_YEAR, cvc: "123" } },
    });
    expect(response.statusCode).toBe(403);
  });

  it("refuses a body that is not a card with 400", async () => {
    const response = await env.shop.app.inject({
      method: "POST",
      url: "/test-gateway/payment_methods",
      headers: env.browser.headers,
      payload: { card: "4242" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.type).toBe("invalid_request_error");
  });
});

describe("3-D Secure challenge", () => {
  it("serves the challenge page framable by the shop only, with both buttons", async () => {
    const intent = await pay("4000002500003155", { amount: 5_500 });
    const page = await env.shop.app.inject({
      method: "GET",
      url: `/test-gateway/3ds/${intent.id}?client_secret=${intent.clientSecret}`,
      headers: { cookie: env.browser.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(page.headers["content-security-policy"]).not.toContain("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.body).toContain("認証を完了する");
    expect(page.body).toContain("認証に失敗する");
    expect(page.body).toContain("お支払い金額: 5,500 円");
    // Every other answer stays unframable.
    const other = await env.shop.app.inject({ method: "GET", url: "/healthz" });
    expect(other.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("does not show a challenge to someone without the client secret", async () => {
    const intent = await pay("4000002500003155");
    const page = await env.shop.app.inject({
      method: "GET",
      url: `/test-gateway/3ds/${intent.id}?client_secret=${intent.id}_secret_wrong`,
      headers: { cookie: env.browser.cookie },
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain("認証を完了する");
    expect((await challenge(intent.id, `${intent.id}_secret_wrong`, "complete")).statusCode).toBe(404);
    expect((await env.gateway.retrievePaymentIntent(intent.id)).status).toBe("requires_action");
  });

  it("completing the challenge pays the intent, once", async () => {
    const intent = await pay("4000002760003184", { amount: 8_000 });
    const answer = await challenge(intent.id, intent.clientSecret, "complete");
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ kind: "payment_intent", id: intent.id, status: "succeeded" });
    expect(await env.gateway.retrievePaymentIntent(intent.id)).toMatchObject({ status: "succeeded", amountReceived: 8_000 });
    expect((await eventFor(intent.id)).type).toBe("payment_intent.succeeded");
    // A second click (or a late "fail") changes nothing.
    expect((await challenge(intent.id, intent.clientSecret, "fail")).json().status).toBe("succeeded");
  });

  it("failing the challenge leaves the intent unpaid with the contract's 3D failure message", async () => {
    const intent = await pay("4000002500003155");
    const answer = await challenge(intent.id, intent.clientSecret, "fail");
    expect(answer.json()).toMatchObject({
      status: "requires_payment_method",
      error: { code: "payment_intent_authentication_failure", message: "3D認証に失敗しました。もう一度お試しください。" },
    });
    expect(await env.gateway.retrievePaymentIntent(intent.id)).toMatchObject({ status: "requires_payment_method", amountReceived: 0 });
    expect((await eventFor(intent.id)).type).toBe("payment_intent.payment_failed");
  });

  it("needs the CSRF token to settle a challenge", async () => {
    const intent = await pay("4000002500003155");
    const response = await env.shop.app.inject({
      method: "POST",
      url: `/test-gateway/3ds/${intent.id}`,
      headers: { cookie: env.browser.cookie },
      payload: { client_secret: intent.clientSecret, result: "complete" },
    });
    expect(response.statusCode).toBe(403);
    expect((await env.gateway.retrievePaymentIntent(intent.id)).status).toBe("requires_action");
  });

  it("lets the browser read an intent by its client secret only", async () => {
    const intent = await pay("4000002500003155");
    const read = await env.shop.app.inject({ method: "GET", url: `/test-gateway/intent?client_secret=${intent.clientSecret}` });
    expect(read.json()).toEqual({ kind: "payment_intent", id: intent.id, status: "requires_action", amount: 3300, error: null });
    expect((await env.shop.app.inject({ method: "GET", url: `/test-gateway/intent?client_secret=${intent.id}_secret_x` })).statusCode).toBe(404);
  });
});

describe("idempotency", () => {
  it("a replayed key returns the same intent and never charges twice", async () => {
    const paymentMethodId = await paymentMethod("4242424242424242");
    const request = { amount: 4_400, paymentMethodId, idempotencyKey: crypto.randomUUID(), metadata: { orderId: "idem-1" } };
    const first = await env.gateway.createPaymentIntent(request);
    const again = await env.gateway.createPaymentIntent(request);
    const racing = await Promise.all(Array.from({ length: 5 }, () => env.gateway.createPaymentIntent(request)));
    expect(new Set([first.id, again.id, ...racing.map((each) => each.id)]).size).toBe(1);
    expect(again).toEqual(first);
    const rows = await env.shop.database.db.execute(
      sql`select count(*)::int as n from test_gateway_objects where kind = 'payment_intent' and data->'metadata'->>'orderId' = 'idem-1'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect((await env.gateway.retrievePaymentIntent(first.id)).amountReceived).toBe(4_400);
  });

  it("a replayed declined attempt answers the same decline", async () => {
    const request = {
      amount: 2_000,
      paymentMethodId: await paymentMethod("4000000000000002"),
      idempotencyKey: crypto.randomUUID(),
      metadata: { orderId: "idem-2" },
    };
    const first = await env.gateway.createPaymentIntent(request);
    expect(await env.gateway.createPaymentIntent(request)).toEqual(first);
  });

  it("refuses the same key with other parameters", async () => {
    const request = {
      amount: 1_000,
      paymentMethodId: await paymentMethod("4242424242424242"),
      idempotencyKey: crypto.randomUUID(),
      metadata: { orderId: "idem-3" },
    };
    await env.gateway.createPaymentIntent(request);
    const other = env.gateway.createPaymentIntent({ ...request, amount: 1_001 });
    await expect(other).rejects.toBeInstanceOf(PaymentGatewayError);
    await expect(other).rejects.toMatchObject({ kind: "idempotency_conflict" });
  });

  it("refuses unknown payment methods and impossible amounts as bad requests", async () => {
    const base = { idempotencyKey: crypto.randomUUID(), metadata: { orderId: "x" } };
    await expect(env.gateway.createPaymentIntent({ ...base, amount: 1000, paymentMethodId: "pm_test_nope" })).rejects.toMatchObject({
      kind: "invalid_request",
    });
    const paymentMethodId = await paymentMethod("4242424242424242");
    await expect(env.gateway.createPaymentIntent({ ...base, amount: 10.5, paymentMethodId })).rejects.toMatchObject({ kind: "invalid_request" });
    await expect(env.gateway.createPaymentIntent({ ...base, amount: 49, paymentMethodId })).rejects.toMatchObject({ kind: "invalid_request" });
  });
});

describe("cancel and refund", () => {
  it("cancels an unpaid intent, never a paid one", async () => {
    const waiting = await pay("4000002500003155");
    expect((await env.gateway.cancelPaymentIntent(waiting.id)).status).toBe("canceled");
    // The challenge of a canceled intent no longer pays it.
    expect((await challenge(waiting.id, waiting.clientSecret, "complete")).json().status).toBe("canceled");
    const paid = await pay("4242424242424242");
    await expect(env.gateway.cancelPaymentIntent(paid.id)).rejects.toMatchObject({ kind: "invalid_request" });
  });

  it("refunds part, then the rest, and no more", async () => {
    const paid = await pay("4242424242424242", { amount: 10_000 });
    const part = await env.gateway.refund(paid.id, 3_000);
    expect(part).toMatchObject({ status: "succeeded", amount: 3_000, paymentIntentId: paid.id });
    expect(part.id).toMatch(/^re_test_/);
    const rest = await env.gateway.refund(paid.id);
    expect(rest.amount).toBe(7_000);
    expect((await env.gateway.retrievePaymentIntent(paid.id)).amountRefunded).toBe(10_000);
    await expect(env.gateway.refund(paid.id, 1)).rejects.toMatchObject({ kind: "invalid_request" });
  });

  it("refunds once per idempotency key, and never an unpaid intent", async () => {
    const paid = await pay("4242424242424242", { amount: 6_000 });
    const key = crypto.randomUUID();
    const first = await env.gateway.refund(paid.id, 1_000, { idempotencyKey: key });
    expect(await env.gateway.refund(paid.id, 1_000, { idempotencyKey: key })).toEqual(first);
    expect((await env.gateway.retrievePaymentIntent(paid.id)).amountRefunded).toBe(1_000);
    const declined = await pay("4000000000000002");
    await expect(env.gateway.refund(declined.id)).rejects.toMatchObject({ kind: "invalid_request" });
  });
});

describe("setup intents and saved cards", () => {
  function confirmSetup(clientSecret: string, paymentMethodId: string) {
    return env.shop.app.inject({
      method: "POST",
      url: "/test-gateway/setup_intents/confirm",
      headers: env.browser.headers,
      payload: { client_secret: clientSecret, payment_method: paymentMethodId },
    });
  }

  async function savedCard(number: string) {
    const customer = await env.gateway.createCustomer({ email: "saver@example.com" });
    const setup = await env.gateway.createSetupIntent(customer.id, { kura_user_id: "1" });
    const paymentMethodId = await paymentMethod(number);
    const confirmed = await confirmSetup(setup.clientSecret, paymentMethodId);
    return { customer, setup, paymentMethodId, confirmed };
  }

  /** A charge of the saved card with the shopper away (off-session), for one order. */
  function chargeOffSession(saved: { customerId: string; paymentMethodId: string }, amount: number, orderId: string) {
    return env.gateway.createPaymentIntent({ amount, ...saved, offSession: true, idempotencyKey: crypto.randomUUID(), metadata: { orderId } });
  }

  it("saves 4242 under the customer at once", async () => {
    const { customer, setup, paymentMethodId, confirmed } = await savedCard("4242424242424242");
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ kind: "setup_intent", status: "succeeded", paymentMethodId });
    expect(await env.gateway.retrieveSetupIntent(setup.id)).toMatchObject({
      status: "succeeded",
      customerId: customer.id,
      paymentMethodId,
      metadata: { kura_user_id: "1" },
    });
    expect(await env.gateway.retrievePaymentMethod(paymentMethodId)).toEqual({
      brand: "visa",
      last4: "4242",
      exp_month: 12,
      exp_year: NEXT_YEAR,
      customerId: customer.id,
      // One card number, one fingerprint, as at Stripe (the card-testing defence counts by it).
      fingerprint: expect.stringMatching(/^[\w-]{16}$/),
    });
    const charged = await chargeOffSession({ customerId: customer.id, paymentMethodId }, 2_200, "saved-1");
    expect(charged.status).toBe("succeeded");
  });

  it("asks 3155 for 3-D Secure when saving, then lets it pay off-session without a new challenge", async () => {
    const { customer, setup, paymentMethodId, confirmed } = await savedCard("4000002500003155");
    expect(confirmed.json().status).toBe("requires_action");
    expect((await env.gateway.retrievePaymentMethod(paymentMethodId)).customerId).toBeNull();
    expect((await challenge(setup.id, setup.clientSecret, "complete")).json().status).toBe("succeeded");
    expect((await env.gateway.retrievePaymentMethod(paymentMethodId)).customerId).toBe(customer.id);
    const base = { amount: 3_000, paymentMethodId, customerId: customer.id, metadata: { orderId: "saved-2" } };
    expect((await env.gateway.createPaymentIntent({ ...base, offSession: true, idempotencyKey: crypto.randomUUID() })).status).toBe("succeeded");
    // With the shopper present, the issuer still asks.
    expect((await env.gateway.createPaymentIntent({ ...base, idempotencyKey: crypto.randomUUID() })).status).toBe("requires_action");
  });

  it("declines 3184 off-session even once saved (authentication required)", async () => {
    const { customer, setup, paymentMethodId } = await savedCard("4000002760003184");
    await challenge(setup.id, setup.clientSecret, "complete");
    const intent = await chargeOffSession({ customerId: customer.id, paymentMethodId }, 3_000, "saved-3");
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.lastError?.code).toBe("authentication_required");
  });

  it("a failed challenge or a declined card saves nothing", async () => {
    const failed = await savedCard("4000002500003155");
    const answer = await challenge(failed.setup.id, failed.setup.clientSecret, "fail");
    expect(answer.json()).toMatchObject({ status: "requires_payment_method", error: { code: "setup_intent_authentication_failure" } });
    expect((await env.gateway.retrievePaymentMethod(failed.paymentMethodId)).customerId).toBeNull();

    const declined = await savedCard("4000000000000002");
    expect(declined.confirmed.json()).toMatchObject({
      status: "requires_payment_method",
      error: { code: "card_declined", message: "カードが拒否されました。" },
    });
    // The same SetupIntent takes another card afterwards, as Stripe's does.
    const good = await paymentMethod("4242424242424242");
    expect((await confirmSetup(declined.setup.clientSecret, good)).json().status).toBe("succeeded");
  });

  it("detaching a saved card takes it off the customer", async () => {
    const { customer, paymentMethodId } = await savedCard("4242424242424242");
    await env.gateway.detachPaymentMethod(paymentMethodId);
    expect((await env.gateway.retrievePaymentMethod(paymentMethodId)).customerId).toBeNull();
    await expect(env.gateway.detachPaymentMethod(paymentMethodId)).rejects.toMatchObject({ kind: "invalid_request" });
    // Another customer's card cannot be charged under this one.
    const other = await savedCard("4242424242424242");
    await expect(
      env.gateway.createPaymentIntent({
        amount: 1_000,
        paymentMethodId: other.paymentMethodId,
        customerId: customer.id,
        idempotencyKey: crypto.randomUUID(),
        metadata: { orderId: "x" },
      }),
    ).rejects.toMatchObject({ kind: "invalid_request" });
  });

  it("gives the same customer for a repeated idempotency key", async () => {
    const key = crypto.randomUUID();
    const first = await env.gateway.createCustomer({ email: "same@example.com" }, { idempotencyKey: key });
    expect(await env.gateway.createCustomer({ email: "same@example.com" }, { idempotencyKey: key })).toEqual(first);
    await expect(env.gateway.createCustomer({ email: "other@example.com" }, { idempotencyKey: key })).rejects.toMatchObject({ kind: "idempotency_conflict" });
  });
});
