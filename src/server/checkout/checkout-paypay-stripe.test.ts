import { describe, expect, it } from "vitest";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import type { FakeOffsitePayments } from "../testing/fake-stripe.ts";
import { modelOffsitePayments } from "../testing/fake-stripe.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { shopOnFakeStripe } from "../testing/shop-on-fake-stripe.ts";

// PayPay through the Stripe adapter, against the local fake Stripe: the shopper is sent to Stripe's
// approval address, comes back to /checkout/return with payment_intent, and the order is settled
// from Stripe's answer (or its signed webhook, whichever comes first).

let stripe: FakeOffsitePayments;
const env = shopOnFakeStripe("paypay", (fake) => {
  stripe = modelOffsitePayments(fake);
});

async function deliver(event: ReturnType<FakeOffsitePayments["approvePayPay"]>["event"]) {
  await env.deliver(stripe.signed(event, env.webhookSecret));
}

async function orderByPayPay(session: BrowserSession, wine: number, amount: number) {
  const payload = orderPayload([{ id: wine, amount }], { payment_method: "paypay" });
  await env.client.fillCart(session, { [wine]: amount });
  const response = await env.client.post(session, payload);
  expect(response.statusCode).toBe(200);
  const body = response.json() as { require_action: boolean; redirect_url: string; order_id: string };
  expect(body.require_action).toBe(true);
  const order = (await env.client.order(body.order_id))!;
  return { payload, body, intentId: order.paymentIntentId! };
}

/** The browser back at the shop from Stripe's page: the return address carries the order and the payment. */
function comeBack(session: BrowserSession, returnTo: string) {
  const url = new URL(returnTo);
  return env.shop.app.inject({
    method: "POST",
    url: "/ja/api/checkout/return",
    headers: session.headers,
    payload: { order_id: url.searchParams.get("order_id"), payment_intent_id: url.searchParams.get("payment_intent") },
  });
}

describe("PayPay on Stripe", () => {
  it("asks Stripe for a PayPay payment with the shop's return address, and places a guest's approved order as deposited", async () => {
    const wine = await env.make.product({ price: 4000, stock: 3 });
    const session = env.shop.browserSession();
    const { body, intentId } = await orderByPayPay(session, wine, 2);
    const request = env.fake.requests.findLast((each) => each.method === "POST" && each.path === "/v1/payment_intents")!;
    expect(request.form).toMatchObject({ "payment_method_data[type]": "paypay", "metadata[orderId]": body.order_id });
    expect(new URL(request.form["return_url"]!).pathname).toBe("/checkout/return");

    const { returnTo } = stripe.approvePayPay(intentId);
    const back = await comeBack(session, returnTo);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ require_action: false, order_id: body.order_id });
    expect((await env.client.order(body.order_id))!.status).toBe("deposited");
    expect(await env.client.cart(session)).toHaveLength(0);
  });

  it("places a member's order from Stripe's webhook even before the shopper is back, and the return answers it placed", async () => {
    const wine = await env.make.product({ price: 3000, stock: 2 });
    const member = await env.shop.memberSession();
    const { payload, body, intentId } = await orderByPayPay(member, wine, 1);
    const { event, returnTo } = stripe.approvePayPay(intentId);
    await deliver(event);
    expect((await env.client.order(body.order_id))!.status).toBe("deposited");
    const back = await comeBack(member, returnTo);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ require_action: false, order_id: body.order_id });
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(1);
  });

  it("answers a cancelled approval as a declined card: 402, the order cancelled, the bottles back", async () => {
    const wine = await env.make.product({ price: 3000, stock: 4 });
    const session = env.shop.browserSession();
    const { payload, body, intentId } = await orderByPayPay(session, wine, 3);
    const { returnTo } = stripe.cancelPayPay(intentId);
    const back = await comeBack(session, returnTo);
    expect(back.statusCode).toBe(402);
    expect(back.json()).toMatchObject({ payment_failed: true });
    expect(back.json().errors).toHaveLength(1);
    expect((await env.client.order(body.order_id))!.status).toBe("cancelled");
    expect(await env.client.stockOf(wine)).toBe(4);
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(0);
  });
});
