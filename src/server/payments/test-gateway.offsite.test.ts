import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../domain/locale.ts";
import { testGatewayShop } from "../testing/test-gateway-shop.ts";
import type { PaymentEvent } from "./payment-gateway.ts";
import { konbiniDeadline, returnUrlWith } from "./test-gateway.offsite.ts";

// Konbini and PayPay on the built-in test gateway: its voucher page with the "paid at the store"
// and expiry buttons, its PayPay approval page, and the events both send.

const env = testGatewayShop();

async function eventsFor(paymentIntentId: string, count = 1): Promise<PaymentEvent[]> {
  await expect.poll(() => env.events.filter((event) => event.paymentIntent.id === paymentIntentId).length).toBe(count);
  return env.events.filter((event) => event.paymentIntent.id === paymentIntentId);
}

let orders = 0;
function konbini(options: { key?: string; amount?: number; days?: number; locale?: "ja" | "en" } = {}) {
  orders += 1;
  return env.gateway.createKonbiniPayment({
    amount: options.amount ?? 5_500,
    idempotencyKey: options.key ?? crypto.randomUUID(),
    metadata: { orderId: `K-${orders}` },
    billing: { name: "山田 花子", email: "hanako@example.com" },
    expiresAfterDays: options.days ?? 3,
    locale: options.locale,
  });
}

const RETURN_URL = "http://127.0.0.1:3000/checkout/return?order=P-1";
function paypay(options: { key?: string; locale?: "ja" | "en"; returnUrl?: string } = {}) {
  orders += 1;
  return env.gateway.createPayPayPayment({
    amount: 4_400,
    idempotencyKey: options.key ?? crypto.randomUUID(),
    metadata: { orderId: `P-${orders}` },
    returnUrl: options.returnUrl ?? RETURN_URL,
    locale: options.locale,
  });
}

function tokenOf(voucherUrl: string | null): string {
  return new URL(voucherUrl!, "http://shop.test").searchParams.get("token")!;
}

function settleVoucher(id: string, token: string, result: string, headers: Record<string, string> = env.browser.headers) {
  return env.shop.app.inject({ method: "POST", url: `/test-gateway/konbini/${id}`, headers, payload: { token, result } });
}

function choose(id: string, clientSecret: string, result: string, headers: Record<string, string> = env.browser.headers) {
  return env.shop.app.inject({ method: "POST", url: `/test-gateway/paypay/${id}`, headers, payload: { client_secret: clientSecret, result } });
}

describe("the konbini deadline", () => {
  it("is the day of confirmation in Japan plus the days, at 23:59:59 Japan time, as Stripe sets it", () => {
    // Monday 10:00 JST, 2 days → Wednesday 23:59:59 JST.
    expect(konbiniDeadline(new Date("2026-11-23T01:00:00Z"), 2).toISOString()).toBe("2026-11-25T14:59:59.000Z");
    // Monday 23:30 UTC is already Tuesday in Japan.
    expect(konbiniDeadline(new Date("2026-11-23T23:30:00Z"), 2).toISOString()).toBe("2026-11-26T14:59:59.000Z");
    // Across the month's end.
    expect(konbiniDeadline(new Date("2026-11-30T03:00:00Z"), 3).toISOString()).toBe("2026-12-03T14:59:59.000Z");
  });
});

describe("konbini on the test gateway", () => {
  it("answers a waiting voucher with its number, payment code, deadline and page", async () => {
    const intent = await konbini();
    expect(intent).toMatchObject({
      status: "requires_action",
      amount: 5_500,
      amountReceived: 0,
      paymentMethodType: "konbini",
      redirectUrl: null,
      paymentMethodId: null,
    });
    expect(intent.konbini!.confirmationNumber).toMatch(/^[1-9]\d{10}$/);
    expect(intent.konbini!.paymentCode).toMatch(/^\d{6}$/);
    expect(intent.konbini!.expiresAt.getTime()).toBe(konbiniDeadline(new Date(), 3).getTime());
    expect(intent.konbini!.voucherUrl).toMatch(new RegExp(`^/test-gateway/konbini/${intent.id}\\?token=`));
    // The voucher's address does not carry the client secret.
    expect(intent.konbini!.voucherUrl).not.toContain(intent.clientSecret);
    expect(await env.gateway.retrievePaymentIntent(intent.id)).toEqual(intent);
  });

  it("shows the voucher page in Japanese with how to pay and the test buttons, clearly marked", async () => {
    const intent = await konbini({ amount: 12_345 });
    const page = await env.shop.app.inject({ method: "GET", url: intent.konbini!.voucherUrl!, headers: { cookie: env.browser.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain("コンビニ払込票");
    expect(page.body).toContain(intent.konbini!.confirmationNumber);
    expect(page.body).toContain(intent.konbini!.paymentCode!);
    expect(page.body).toContain("12,345 円");
    expect(page.body).toContain("23:59");
    expect(page.body).toContain("レジで「インターネット支払い」とお伝えください。");
    expect(page.body).toContain("テストモード");
    expect(page.body).toContain("店頭で支払ったことにする(テスト)");
    expect(page.body).toContain("期限切れにする(テスト)");
  });

  it("shows it in English for a shopper who checked out in English, or who chose English", async () => {
    const intent = await konbini({ locale: "en" });
    const page = await env.shop.app.inject({ method: "GET", url: intent.konbini!.voucherUrl! });
    expect(page.body).toContain("Konbini payment slip");
    expect(page.body).toContain("Mark as paid at the store (test)");
    expect(page.body).toContain("Payment deadline");
    const japanese = await konbini();
    const chosen = await env.shop.app.inject({ method: "GET", url: japanese.konbini!.voucherUrl!, cookies: { [LOCALE_COOKIE]: "en" } });
    expect(chosen.body).toContain("Let it expire (test)");
  });

  it("shows nothing without the voucher's token", async () => {
    const intent = await konbini();
    for (const url of [
      `/test-gateway/konbini/${intent.id}`,
      `/test-gateway/konbini/${intent.id}?token=wrong`,
      `/test-gateway/konbini/pi_test_unknown?token=${tokenOf(intent.konbini!.voucherUrl)}`,
    ]) {
      const page = await env.shop.app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(intent.konbini!.confirmationNumber);
    }
    expect((await settleVoucher(intent.id, "wrong", "paid")).statusCode).toBe(404);
    expect((await env.gateway.retrievePaymentIntent(intent.id)).status).toBe("requires_action");
  });

  it("'paid at the store' pays the intent and sends payment_intent.succeeded, once", async () => {
    const intent = await konbini({ amount: 7_700 });
    const token = tokenOf(intent.konbini!.voucherUrl);
    const answer = await settleVoucher(intent.id, token, "paid");
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: intent.id, status: "succeeded" });
    const [event] = await eventsFor(intent.id);
    expect(event).toMatchObject({
      type: "payment_intent.succeeded",
      outcome: "paid",
      paymentIntent: { status: "succeeded", amountReceived: 7_700, paymentMethodType: "konbini" },
    });
    // The voucher is kept after payment, and a second click (or a late expiry) changes nothing.
    expect(event!.paymentIntent.konbini).toEqual(intent.konbini);
    expect((await settleVoucher(intent.id, token, "expired")).json().status).toBe("succeeded");
    // The expiry sweep, even long after the deadline, leaves a paid voucher paid.
    await env.gateway.expireOverdueVouchers(new Date(intent.konbini!.expiresAt.getTime() + 86_400_000));
    expect((await env.gateway.retrievePaymentIntent(intent.id)).status).toBe("succeeded");
    await eventsFor(intent.id, 1);
    const page = await env.shop.app.inject({ method: "GET", url: intent.konbini!.voucherUrl! });
    expect(page.body).toContain("お支払いが完了しました。");
    expect(page.body).not.toContain("店頭で支払ったことにする");
  });

  it("the expiry button lets the voucher lapse: payment_failed, read as expired", async () => {
    const intent = await konbini();
    const answer = await settleVoucher(intent.id, tokenOf(intent.konbini!.voucherUrl), "expired");
    expect(answer.json()).toMatchObject({
      status: "requires_payment_method",
      error: { code: "payment_intent_konbini_expired", message: "コンビニでのお支払い期限が過ぎました。" },
    });
    const [event] = await eventsFor(intent.id);
    expect(event).toMatchObject({
      type: "payment_intent.payment_failed",
      outcome: "expired",
      paymentIntent: { status: "requires_payment_method", amountReceived: 0 },
    });
    const page = await env.shop.app.inject({ method: "GET", url: intent.konbini!.voucherUrl! });
    expect(page.body).toContain("お支払い期限が過ぎたため、この払込票は使えません。");
  });

  it("expires overdue vouchers by itself, as Stripe does, and leaves the others waiting", async () => {
    const soon = await konbini({ days: 1 });
    const later = await konbini({ days: 10 });
    const expired = await env.gateway.expireOverdueVouchers(new Date(soon.konbini!.expiresAt.getTime() + 1_000));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await env.gateway.retrievePaymentIntent(soon.id)).status).toBe("requires_payment_method");
    expect((await env.gateway.retrievePaymentIntent(later.id)).status).toBe("requires_action");
    expect((await eventsFor(soon.id))[0]!.outcome).toBe("expired");
    // A second sweep finds nothing more to do for it.
    await env.gateway.expireOverdueVouchers(new Date(soon.konbini!.expiresAt.getTime() + 1_000));
    await eventsFor(soon.id, 1);
  });

  it("a cancelled voucher says canceled (a card's cancellation stays silent, as before)", async () => {
    const intent = await konbini();
    expect((await env.gateway.cancelPaymentIntent(intent.id)).status).toBe("canceled");
    const [event] = await eventsFor(intent.id);
    expect(event).toMatchObject({ type: "payment_intent.canceled", outcome: "canceled" });
    expect((await settleVoucher(intent.id, tokenOf(intent.konbini!.voucherUrl), "paid")).json().status).toBe("canceled");
  });

  it("a replayed key answers the same voucher; the key with other parameters is refused", async () => {
    const key = crypto.randomUUID();
    const first = await konbini({ key });
    orders -= 1; // the same order asks again
    expect(await konbini({ key })).toEqual(first);
    await expect(konbini({ key, amount: 9_900 })).rejects.toMatchObject({ kind: "idempotency_conflict" });
  });

  it("refuses what Stripe refuses: amounts outside 120–300,000 yen, deadlines outside 1–60 days, no payer", async () => {
    await expect(konbini({ amount: 119 })).rejects.toMatchObject({ kind: "invalid_request" });
    await expect(konbini({ amount: 300_001 })).rejects.toMatchObject({ kind: "invalid_request" });
    await expect(konbini({ days: 0 })).rejects.toMatchObject({ kind: "invalid_request" });
    await expect(konbini({ days: 61 })).rejects.toMatchObject({ kind: "invalid_request" });
    await expect(
      env.gateway.createKonbiniPayment({
        amount: 1_000,
        idempotencyKey: crypto.randomUUID(),
        metadata: { orderId: "x" },
        billing: { name: " ", email: "a@example.com" },
        expiresAfterDays: 3,
      }),
    ).rejects.toMatchObject({ kind: "invalid_request" });
  });

  it("the buttons need the page's CSRF token, and bad input is a 400, never a 500", async () => {
    const intent = await konbini();
    const token = tokenOf(intent.konbini!.voucherUrl);
    expect((await settleVoucher(intent.id, token, "paid", { cookie: env.browser.cookie })).statusCode).toBe(403);
    expect((await settleVoucher(intent.id, token, "refunded")).statusCode).toBe(400);
    const noToken = await env.shop.app.inject({
      method: "POST",
      url: `/test-gateway/konbini/${intent.id}`,
      headers: env.browser.headers,
      payload: { result: "paid" },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error.type).toBe("invalid_request_error");
    const notJson = await env.shop.app.inject({ method: "POST", url: `/test-gateway/konbini/${intent.id}`, headers: env.browser.headers, payload: "[1,2" });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    expect((await settleVoucher("pi_test_unknown", token, "paid")).statusCode).toBe(404);
    // The app's own guard refuses an overlong path before the route (414): still a 4xx.
    const overlong = await settleVoucher("x".repeat(150), token, "paid");
    expect(overlong.statusCode).toBeGreaterThanOrEqual(400);
    expect(overlong.statusCode).toBeLessThan(500);
    expect((await env.gateway.retrievePaymentIntent(intent.id)).status).toBe("requires_action");
  });
});

describe("PayPay on the test gateway", () => {
  it("answers where to approve, and the approval page shows the amount and both choices", async () => {
    const intent = await paypay();
    expect(intent).toMatchObject({ status: "requires_action", paymentMethodType: "paypay", konbini: null });
    expect(intent.redirectUrl).toBe(`/test-gateway/paypay/${intent.id}?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    const page = await env.shop.app.inject({ method: "GET", url: intent.redirectUrl!, headers: { cookie: env.browser.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("PayPayでのお支払い");
    expect(page.body).toContain("お支払い金額: 4,400 円");
    expect(page.body).toContain("支払いを承認する");
    expect(page.body).toContain("キャンセルする");
    expect(page.body).toContain("テストモード");
    const english = await paypay({ locale: "en" });
    expect((await env.shop.app.inject({ method: "GET", url: english.redirectUrl! })).body).toContain("Approve payment");
  });

  it("approving pays and sends the shopper back to the return URL as Stripe does", async () => {
    const intent = await paypay();
    const answer = await choose(intent.id, intent.clientSecret, "approve");
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.status).toBe("succeeded");
    expect(body.returnTo).toBe(
      returnUrlWith(RETURN_URL, { payment_intent: intent.id, payment_intent_client_secret: intent.clientSecret, redirect_status: "succeeded" }),
    );
    expect(new URL(body.returnTo).searchParams.get("order")).toBe("P-1");
    const [event] = await eventsFor(intent.id);
    expect(event).toMatchObject({
      type: "payment_intent.succeeded",
      outcome: "paid",
      paymentIntent: { status: "succeeded", amountReceived: 4_400, redirectUrl: null },
    });
    // Approving twice, or cancelling afterwards, changes nothing and sends nothing more.
    expect((await choose(intent.id, intent.clientSecret, "cancel")).json().status).toBe("succeeded");
    await eventsFor(intent.id, 1);
    // Coming back to the page later shows it has ended, with the way back.
    const page = await env.shop.app.inject({
      method: "GET",
      url: `/test-gateway/paypay/${intent.id}?client_secret=${encodeURIComponent(intent.clientSecret)}`,
    });
    expect(page.body).toContain("このお支払いはすでに終わっているか、見つかりません。");
    expect(page.body).toContain("ショップに戻る");
  });

  it("cancelling leaves the intent as a declined card does, with the gateway's message in the shopper's language", async () => {
    const intent = await paypay({ locale: "en" });
    const body = (await choose(intent.id, intent.clientSecret, "cancel")).json();
    expect(body).toMatchObject({
      status: "requires_payment_method",
      error: { code: "payment_intent_payment_attempt_failed", message: "The PayPay payment was cancelled. Please choose another payment method." },
    });
    expect(new URL(body.returnTo).searchParams.get("redirect_status")).toBe("failed");
    const [event] = await eventsFor(intent.id);
    expect(event).toMatchObject({ type: "payment_intent.payment_failed", outcome: "failed", paymentIntent: { status: "requires_payment_method" } });
    expect(event!.paymentIntent.lastError?.code).toBe("payment_intent_payment_attempt_failed");
  });

  it("a replayed key answers the same intent; other parameters are refused; a bad return URL too", async () => {
    const key = crypto.randomUUID();
    const first = await paypay({ key });
    orders -= 1;
    expect(await paypay({ key })).toEqual(first);
    await expect(paypay({ key, returnUrl: "http://127.0.0.1:3000/elsewhere" })).rejects.toMatchObject({ kind: "idempotency_conflict" });
    for (const returnUrl of ["/checkout/return", "javascript:alert(1)", "not a url"]) {
      await expect(paypay({ returnUrl })).rejects.toMatchObject({ kind: "invalid_request" });
    }
  });

  it("needs the client secret and the CSRF token; bad input is a 400", async () => {
    const intent = await paypay();
    const wrong = `${intent.id}_secret_wrong`;
    expect((await env.shop.app.inject({ method: "GET", url: `/test-gateway/paypay/${intent.id}?client_secret=${wrong}` })).statusCode).toBe(404);
    expect((await env.shop.app.inject({ method: "GET", url: `/test-gateway/paypay/${intent.id}` })).statusCode).toBe(404);
    expect((await choose(intent.id, wrong, "approve")).statusCode).toBe(404);
    expect((await choose(intent.id, intent.clientSecret, "approve", { cookie: env.browser.cookie })).statusCode).toBe(403);
    expect((await choose(intent.id, intent.clientSecret, "maybe")).statusCode).toBe(400);
    expect((await choose("pi_test_other", intent.clientSecret, "approve")).statusCode).toBe(400);
    // Another kind of intent's secret does not open the PayPay page.
    const voucher = await konbini();
    expect((await choose(voucher.id, voucher.clientSecret, "approve")).statusCode).toBe(404);
    // Nor does the 3-D Secure page settle a PayPay or konbini intent.
    for (const waiting of [intent, voucher]) {
      const challenged = await env.shop.app.inject({
        method: "POST",
        url: `/test-gateway/3ds/${waiting.id}`,
        headers: env.browser.headers,
        payload: { client_secret: waiting.clientSecret, result: "complete" },
      });
      expect(challenged.json().status).toBe("requires_action");
    }
    expect((await env.gateway.retrievePaymentIntent(voucher.id)).status).toBe("requires_action");
    expect((await env.gateway.retrievePaymentIntent(intent.id)).status).toBe("requires_action");
  });
});
