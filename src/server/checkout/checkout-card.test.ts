import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ordersTable } from "../db/schema/orders.ts";
import { CARDS, orderPayload } from "../testing/checkout-fixtures.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { nextPaymentEvent } from "../testing/payment-events.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";

// Card payments end to end on the built-in test gateway: paid at once, 3-D Secure completed or
// failed, declines, the saved card, and the order of a shopper who closed the tab.

const env = checkoutTestShop();

async function cardOrder(number: string, options: { stock?: number; locale?: "ja" | "en"; session?: BrowserSession } = {}) {
  const wine = await env.make.product({ name: { ja: "蔵の白", en: "Kura white" }, price: 4000, stock: options.stock ?? 5 });
  const session = options.session ?? env.shop.browserSession();
  await env.client.fillCart(session, { [wine]: 2 });
  const paymentMethodId = await env.client.paymentMethod(session, number);
  const payload = orderPayload([{ id: wine, amount: 2 }], { payment_method: "credit", payment: { payment_method_id: paymentMethodId } });
  const key = crypto.randomUUID();
  const response = await env.client.post(session, payload, { key, ...(options.locale ? { locale: options.locale } : {}) });
  return { wine, session, payload, key, response };
}

describe("credit card", () => {
  it("4242: paid at once, deposited, mailed as charged, cart emptied", async () => {
    const { wine, session, payload, response } = await cardOrder(CARDS.visa);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ require_action: false, order_id: expect.any(String) });
    const order = (await env.client.order(body.order_id))!;
    // 8000 + 1100 = 9100, tax 910.
    expect(order).toMatchObject({ status: "deposited", paymentMethod: "credit", price: 10_010, reservedUntil: null });
    expect(order.confirmedAt).not.toBeNull();
    const intent = await env.gateway.retrievePaymentIntent(order.paymentIntentId!);
    expect(intent).toMatchObject({ status: "succeeded", amount: 10_010, amountReceived: 10_010, metadata: { orderId: body.order_id } });
    expect(await env.client.stockOf(wine)).toBe(3);
    expect(await env.client.cart(session)).toEqual([]);
    const mails = await env.shop.mailsTo(payload.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("クレジットカードで 10,010 円(税込) のお支払いが完了しました。");
  });

  it("4000 0027 6000 3184: requires 3-D Secure, holds the stock, and completes on the re-post", async () => {
    const { wine, session, payload, key, response } = await cardOrder(CARDS.threeDSecure);
    expect(response.statusCode).toBe(200);
    const first = response.json();
    expect(first).toEqual({ require_action: true, payment_intent_client_secret: expect.stringMatching(/_secret_/), order_id: expect.any(String) });
    const pending = (await env.client.order(first.order_id))!;
    expect(pending.status).toBe("pending");
    expect(pending.reservedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(await env.client.stockOf(wine)).toBe(3);
    expect(await env.client.cart(session)).toHaveLength(1);
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(0);

    const eventHandled = nextPaymentEvent(env.gateway, (event) => event.paymentIntent.metadata.orderId === first.order_id);
    const paymentIntentId = await env.client.challenge(session, first.payment_intent_client_secret, "complete");
    const again = await env.client.post(session, { ...payload, payment_intent_id: paymentIntentId, order_id: first.order_id }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ require_action: false, order_id: first.order_id });
    expect((await env.client.order(first.order_id))!.status).toBe("deposited");
    expect(await env.client.cart(session)).toEqual([]);
    // The gateway's event came too, and the shop has handled it: still one mail, one order, stock taken once.
    expect((await eventHandled).type).toBe("payment_intent.succeeded");
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(1);
    expect(await env.client.stockOf(wine)).toBe(3);
  });

  it("a failed challenge cancels the order, puts the bottles back and answers the 3-D failure message", async () => {
    const { wine, session, payload, key, response } = await cardOrder(CARDS.threeDSecure);
    const first = response.json();
    const paymentIntentId = await env.client.challenge(session, first.payment_intent_client_secret, "fail");
    const again = await env.client.post(session, { ...payload, payment_intent_id: paymentIntentId, order_id: first.order_id }, { key });
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual({
      errors: ["3D認証に失敗しました。もう一度お試しください。"],
      code: "payment_intent_authentication_failure",
      payment_failed: true,
      order_id: first.order_id,
    });
    expect((await env.client.order(first.order_id))!.status).toBe("cancelled");
    expect(await env.client.stockOf(wine)).toBe(5);
    expect(await env.client.cart(session)).toHaveLength(1);
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(0);
  });

  it("declined cards answer the gateway's message for the card field, and nothing is kept", async () => {
    for (const [number, message] of [
      [CARDS.declined, "カードが拒否されました。"],
      [CARDS.insufficientFunds, "カードの残高が不足しています。"],
    ] as const) {
      const { wine, payload, response } = await cardOrder(number);
      expect(response.statusCode).toBe(402);
      const body = response.json();
      expect(body).toMatchObject({ errors: [message], code: "card_declined", payment_failed: true });
      expect((await env.client.order(body.order_id))!.status).toBe("cancelled");
      expect(await env.client.stockOf(wine)).toBe(5);
      expect(await env.shop.mailsTo(payload.email)).toHaveLength(0);
    }
    const english = await cardOrder(CARDS.insufficientFunds, { locale: "en" });
    expect(english.response.json().errors).toEqual(["Your card has insufficient funds."]);
  });

  it("settles the order from the gateway's event when the shopper closes the tab after 3-D Secure", async () => {
    const { payload, session, response } = await cardOrder(CARDS.threeDSecure);
    const first = response.json();
    await env.client.challenge(session, first.payment_intent_client_secret, "complete");
    await expect.poll(async () => (await env.client.order(first.order_id))!.status).toBe("deposited");
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(1);
  });
});

describe("the re-post after 3-D Secure", () => {
  it("settles only the key owner's order with its own payment", async () => {
    const { session, payload, key, response } = await cardOrder(CARDS.threeDSecure);
    const first = response.json();
    const paymentIntentId = await env.client.challenge(session, first.payment_intent_client_secret, "complete");
    const stranger = env.shop.browserSession();
    const forged = await env.client.post(stranger, { ...payload, payment_intent_id: paymentIntentId, order_id: first.order_id }, { key });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual(["お支払い中のご注文が見つかりませんでした。ページを再読み込みしてからもう一度お試しください。"]);
    const otherIntent = await env.client.post(session, { ...payload, payment_intent_id: "pi_test_other", order_id: first.order_id }, { key });
    expect(otherIntent.statusCode).toBe(422);
    const otherOrder = await env.client.post(session, { ...payload, payment_intent_id: paymentIntentId, order_id: "ABCDEFGHJKMN" }, { key });
    expect(otherOrder.statusCode).toBe(422);
    const changedCart = await env.client.post(session, { ...payload, memo: "変更", payment_intent_id: paymentIntentId, order_id: first.order_id }, { key });
    expect(changedCart.statusCode).toBe(422);
    expect(changedCart.json().errors[0]).toContain("別の内容");
    // The rightful re-post still works, twice.
    for (let i = 0; i < 2; i++) {
      const right = await env.client.post(session, { ...payload, payment_intent_id: paymentIntentId, order_id: first.order_id }, { key });
      expect(right.json()).toEqual({ require_action: false, order_id: first.order_id });
    }
  });

  it("asks for the challenge again when the re-post comes before it was answered", async () => {
    const { session, payload, key, response } = await cardOrder(CARDS.threeDSecure);
    const first = response.json();
    const paymentIntentId = first.payment_intent_client_secret.split("_secret_")[0];
    const early = await env.client.post(session, { ...payload, payment_intent_id: paymentIntentId, order_id: first.order_id }, { key });
    expect(early.json()).toEqual(first);
  });
});

describe("saved card (registered_credit)", () => {
  it("pays with the member's saved card and files the order under the member", async () => {
    const member = await env.shop.memberSession();
    const secret = (await env.shop.app.inject({ method: "GET", url: "/api/cards/edit", headers: { cookie: member.cookie } })).json().client_secret;
    const paymentMethodId = await env.client.paymentMethod(member, CARDS.visa);
    const confirmed = await env.shop.app.inject({
      method: "POST",
      url: "/test-gateway/setup_intents/confirm",
      headers: member.headers,
      payload: { client_secret: secret, payment_method: paymentMethodId },
    });
    const saved = await env.shop.app.inject({ method: "PUT", url: "/api/cards", headers: member.headers, payload: { setup_intent_id: confirmed.json().id } });
    expect(saved.statusCode).toBe(200);

    const wine = await env.make.product({ price: 3000 });
    await env.client.fillCart(member, { [wine]: 1 });
    const response = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { payment_method: "registered_credit", email: member.email }));
    expect(response.statusCode).toBe(200);
    expect(response.json().require_action).toBe(false);
    const order = (await env.client.order(response.json().order_id))!;
    expect(order).toMatchObject({ status: "deposited", paymentMethod: "credit", userId: member.user.id });
    const intent = await env.gateway.retrievePaymentIntent(order.paymentIntentId!);
    expect(intent.paymentMethodId).toBe(paymentMethodId);
    expect(intent.customerId).not.toBeNull();
    expect(await env.client.cart(member)).toEqual([]);
  });

  it("refuses registered_credit to a member without a saved card", async () => {
    const member = await env.shop.memberSession();
    const wine = await env.make.product();
    const response = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { payment_method: "registered_credit" }));
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.payment_method).toHaveLength(1);
  });
});

describe("a member's account closed later", () => {
  it("keeps the order for the trader without the member", async () => {
    const member = await env.shop.memberSession();
    const wine = await env.make.product();
    const response = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }]));
    const before = (await env.client.order(response.json().order_id))!;
    expect(before.userId).toBe(member.user.id);
    const { usersTable } = await import("../db/schema/accounts.ts");
    await env.shop.database.db.delete(usersTable).where(eq(usersTable.id, member.user.id));
    const [after] = await env.shop.database.db.select().from(ordersTable).where(eq(ordersTable.id, before.id));
    expect(after).toMatchObject({ userId: null, status: "await_payment" });
  });
});
