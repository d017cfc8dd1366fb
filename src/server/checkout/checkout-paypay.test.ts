import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderHistoryTable } from "../db/schema/orders.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";

// PayPay (issue 17 deliverable 7) on the built-in test gateway: the checkout answers where to
// approve; the approval page sends the shopper back to /checkout/return, whose POST settles the
// order. Approved → deposited; cancelled → the checkout answers as a declined card, nothing kept.

const env = checkoutTestShop();

async function orderByPayPay(session: BrowserSession, wine: number, amount: number, locale: "ja" | "en" = "ja") {
  const payload = orderPayload([{ id: wine, amount }], { payment_method: "paypay" });
  await env.client.fillCart(session, { [wine]: amount });
  const response = await env.client.post(session, payload, { locale });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { require_action: boolean; redirect_url: string; order_id: string };
  expect(body.require_action).toBe(true);
  return { payload, body };
}

/** The test gateway's approval page, pressed without a browser; then back at the shop's return page as the gateway sends the shopper. */
async function approveOrCancel(session: BrowserSession, orderId: string, redirectUrl: string, result: "approve" | "cancel", locale: "ja" | "en" = "ja") {
  const url = new URL(redirectUrl);
  const choice = await env.shop.app.inject({
    method: "POST",
    url: url.pathname,
    headers: session.headers,
    payload: { client_secret: url.searchParams.get("client_secret"), result },
  });
  expect(choice.statusCode).toBe(200);
  const returnTo = new URL(choice.json().returnTo);
  expect(returnTo.pathname).toBe("/checkout/return");
  expect(returnTo.searchParams.get("order_id")).toBe(orderId);
  return env.shop.app.inject({
    method: "POST",
    url: `/${locale}/api/checkout/return`,
    headers: session.headers,
    payload: { order_id: orderId, payment_intent_id: returnTo.searchParams.get("payment_intent") },
  });
}

async function historyKinds(publicId: string) {
  const order = (await env.client.order(publicId))!;
  const rows = await env.shop.database.db.select().from(orderHistoryTable).where(eq(orderHistoryTable.orderId, order.id)).orderBy(orderHistoryTable.id);
  return rows.map((row) => `${row.fromStatus ?? "-"}→${row.toStatus}`);
}

describe("PayPay at checkout", () => {
  it("sends a guest to approve, and an approved payment places the order as deposited with the order mail", async () => {
    const wine = await env.make.product({ price: 4000, stock: 3 });
    const session = env.shop.browserSession();
    const { payload, body } = await orderByPayPay(session, wine, 2);
    expect(new URL(body.redirect_url).pathname).toMatch(/^\/test-gateway\/paypay\//);
    expect((await env.client.order(body.order_id))!.status).toBe("pending");
    expect(await env.client.stockOf(wine)).toBe(1);

    const back = await approveOrCancel(session, body.order_id, body.redirect_url, "approve");
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ require_action: false, order_id: body.order_id });
    const order = (await env.client.order(body.order_id))!;
    expect(order).toMatchObject({ status: "deposited", paymentMethod: "paypay" });
    expect(await env.client.stockOf(wine)).toBe(1);
    expect(await env.client.cart(session)).toHaveLength(0);
    const mails = await env.shop.mailsTo(payload.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("PayPay");
    expect(await historyKinds(body.order_id)).toEqual(["-→pending", "pending→deposited"]);
  });

  it("places a member's approved payment as deposited, shown in the purchase history", async () => {
    const wine = await env.make.product({ price: 5000, stock: 2 });
    const member = await env.shop.memberSession();
    const { body } = await orderByPayPay(member, wine, 1);
    const back = await approveOrCancel(member, body.order_id, body.redirect_url, "approve");
    expect(back.statusCode).toBe(200);
    expect((await env.client.order(body.order_id))!.status).toBe("deposited");
    const history = await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: member.headers });
    expect(history.json().data.find((order: { id: string }) => order.id === body.order_id).attributes).toMatchObject({
      status: "deposited",
      payment_method: "paypay",
    });
  });

  it("answers a cancelled approval as a declined card: 402 with the gateway's message, the order cancelled, bottles back, no mail, the cart kept", async () => {
    const wine = await env.make.product({ price: 3000, stock: 4 });
    const session = env.shop.browserSession();
    const { payload, body } = await orderByPayPay(session, wine, 3, "en");
    expect(await env.client.stockOf(wine)).toBe(1);
    const back = await approveOrCancel(session, body.order_id, body.redirect_url, "cancel", "en");
    expect(back.statusCode).toBe(402);
    expect(back.json()).toMatchObject({ errors: ["The PayPay payment was cancelled. Please choose another payment method."], payment_failed: true });
    expect((await env.client.order(body.order_id))!.status).toBe("cancelled");
    expect(await env.client.stockOf(wine)).toBe(4);
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(0);
    expect(await env.client.cart(session)).toHaveLength(1);
  });

  it("lets only the session that placed the order settle it", async () => {
    const wine = await env.make.product({ price: 3000, stock: 2 });
    const { body } = await orderByPayPay(env.shop.browserSession(), wine, 1);
    const stranger = await env.shop.app.inject({
      method: "POST",
      url: "/ja/api/checkout/return",
      headers: env.shop.browserSession().headers,
      payload: { order_id: body.order_id, payment_intent_id: (await env.client.order(body.order_id))!.paymentIntentId },
    });
    expect(stranger.statusCode).toBe(422);
    expect((await env.client.order(body.order_id))!.status).toBe("pending");
  });
});
