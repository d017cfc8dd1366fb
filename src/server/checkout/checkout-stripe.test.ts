import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { stripePaymentIntent } from "../testing/fake-stripe.ts";
import { shopOnFakeStripe } from "../testing/shop-on-fake-stripe.ts";

// The same checkout on the Stripe adapter, against a local fake Stripe: what is sent to Stripe,
// and a 3-D Secure payment settled by Stripe's signed webhook after the shopper left.

/** Stripe's answer to a confirmed PaymentIntent, by the test payment method's name. */
function answerPaymentIntent(form: Record<string, string>) {
  const orderId = form["metadata[orderId]"]!;
  const id = `pi_${orderId}`;
  const amount = Number(form.amount);
  const common = { id, amount, metadata: { orderId }, payment_method: form.payment_method };
  if (form.payment_method === "pm_card_chargeDeclined") {
    const intent = stripePaymentIntent({
      ...common,
      status: "requires_payment_method",
      last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
    });
    env.fake.on("GET", `/v1/payment_intents/${id}`, { body: intent });
    return {
      status: 402,
      body: {
        error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined.", payment_intent: intent },
      },
    };
  }
  const intent =
    form.payment_method === "pm_card_threeDSecure2Required"
      ? stripePaymentIntent({ ...common, status: "requires_action", next_action: { type: "use_stripe_sdk" } })
      : stripePaymentIntent({ ...common, status: "succeeded", amount_received: amount });
  env.fake.on("GET", `/v1/payment_intents/${id}`, { body: intent });
  return { body: intent };
}

const env = shopOnFakeStripe("checkout", (fake) => {
  fake.on("POST", "/v1/payment_intents", (request) => answerPaymentIntent(request.form));
});

function cardPayload(productId: number, paymentMethodId: string) {
  return orderPayload([{ id: productId, amount: 1 }], { payment_method: "credit", payment: { payment_method_id: paymentMethodId } });
}

describe("checkout on Stripe", () => {
  it("charges the order's total in yen under the order's idempotency key, and marks it paid", async () => {
    const wine = await env.make.product({ price: 3000 });
    const response = await env.client.post(env.shop.browserSession(), cardPayload(wine, "pm_card_visa"));
    expect(response.statusCode).toBe(200);
    const { order_id: orderId } = response.json();
    const sent = env.fake.requests.find((request) => request.method === "POST" && request.form["metadata[orderId]"] === orderId)!;
    expect(sent.headers["idempotency-key"]).toBe(`kura-order-${orderId}`);
    expect(sent.form).toMatchObject({ amount: "4510", currency: "jpy", confirm: "true", payment_method: "pm_card_visa" });
    expect((await env.client.order(orderId))!).toMatchObject({ status: "deposited", paymentIntentId: `pi_${orderId}` });
  });

  it("answers Stripe's decline message for the card field", async () => {
    const wine = await env.make.product({ stock: 2 });
    const response = await env.client.post(env.shop.browserSession(), cardPayload(wine, "pm_card_chargeDeclined"));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ errors: ["Your card was declined."], code: "card_declined" });
    expect((await env.client.order(response.json().order_id))!.status).toBe("cancelled");
    expect(await env.client.stockOf(wine)).toBe(2);
  });

  it("settles a 3-D Secure payment from Stripe's signed webhook when the shopper does not come back", async () => {
    const wine = await env.make.product({ price: 5000 });
    const payload = cardPayload(wine, "pm_card_threeDSecure2Required");
    const response = await env.client.post(env.shop.browserSession(), payload);
    const first = response.json();
    expect(first).toMatchObject({ require_action: true, payment_intent_client_secret: `pi_${first.order_id}_secret_fake` });
    expect((await env.client.order(first.order_id))!.status).toBe("pending");

    const signed = (payload: string) => ({
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: env.webhookSecret }),
    });
    // A payment of another amount than the order's total does not pay the order.
    const wrongAmount = JSON.stringify({
      id: "evt_checkout_wrong",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: stripePaymentIntent({ id: `pi_${first.order_id}`, amount: 50, amount_received: 50, metadata: { orderId: first.order_id } }) },
    });
    expect((await env.shop.app.inject({ method: "POST", url: "/api/payments/webhook", headers: signed(wrongAmount), payload: wrongAmount })).statusCode).toBe(
      200,
    );
    expect((await env.client.order(first.order_id))!.status).toBe("pending");

    const event = JSON.stringify({
      id: "evt_checkout_paid",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: stripePaymentIntent({ id: `pi_${first.order_id}`, amount: 6710, amount_received: 6710, metadata: { orderId: first.order_id } }) },
    });
    const headers = signed(event);
    const delivered = await env.shop.app.inject({ method: "POST", url: "/api/payments/webhook", headers, payload: event });
    expect(delivered.statusCode).toBe(200);
    expect((await env.client.order(first.order_id))!.status).toBe("deposited");
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(1);
    // Stripe delivers again: nothing changes.
    expect((await env.shop.app.inject({ method: "POST", url: "/api/payments/webhook", headers, payload: event })).statusCode).toBe(200);
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(1);
  });
});
