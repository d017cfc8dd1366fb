import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readConfig } from "../config.ts";
import { ordersTable } from "../db/schema/orders.ts";
import { gatewayActor } from "../orders/order-moves.ts";
import { CARDS, orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import { cardOrderPayload } from "../testing/staff-shop.ts";

// Abandoned card payments give their bottles back after CHECKOUT_RESERVATION_MINUTES, and a payment
// that arrives for an order no longer there is refunded.

const env = checkoutTestShop({ CHECKOUT_RESERVATION_MINUTES: "10" });

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function waitingForChallenge() {
  const wine = await env.make.product({ price: 4000, stock: 3 });
  const session = env.shop.browserSession();
  const payload = await cardOrderPayload(env.client, session, [{ id: wine, amount: 2 }], CARDS.threeDSecure);
  const key = crypto.randomUUID();
  const first = (await env.client.post(session, payload, { key })).json();
  expect(first.require_action).toBe(true);
  return { wine, session, payload, key, first };
}

describe("the reservation sweep", () => {
  it("leaves a card order alone while its reservation lasts, then cancels it and releases the stock", async () => {
    const { wine, session, payload, key, first } = await waitingForChallenge();
    expect(await env.client.stockOf(wine)).toBe(1);
    const order = (await env.client.order(first.order_id))!;
    expect(order.reservedUntil!.getTime()).toBeLessThanOrEqual(minutesFromNow(10).getTime());

    await env.shop.app.services.orderPayments.sweepExpired(minutesFromNow(9));
    expect((await env.client.order(first.order_id))!.status).toBe("pending");

    await env.shop.app.services.orderPayments.sweepExpired(minutesFromNow(11));
    expect((await env.client.order(first.order_id))!.status).toBe("cancelled");
    expect(await env.client.stockOf(wine)).toBe(3);
    expect((await env.gateway.retrievePaymentIntent(order.paymentIntentId!)).status).toBe("canceled");

    // The challenge answered too late pays nothing, and the re-post says why.
    const paymentIntentId = await env.client.challenge(session, first.payment_intent_client_secret, "complete");
    expect((await env.gateway.retrievePaymentIntent(paymentIntentId)).amountReceived).toBe(0);
    const late = await env.client.post(session, { ...payload, payment_intent_id: paymentIntentId, order_id: first.order_id }, { key });
    expect(late.statusCode).toBe(402);
    expect(late.json()).toMatchObject({ errors: ["お支払いの有効期限が切れたため、ご注文は確定されませんでした。もう一度お試しください。"], code: "expired" });
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(0);
  });

  it("marks the order paid instead when the gateway says the payment went through", async () => {
    const { wine, payload, first } = await waitingForChallenge();
    const order = (await env.client.order(first.order_id))!;
    // A payment the shop never heard of (its event lost), made for this order's amount.
    const paid = await env.gateway.createPaymentIntent({
      amount: order.price,
      paymentMethodId: await env.client.paymentMethod(env.shop.browserSession(), CARDS.visa),
      idempotencyKey: crypto.randomUUID(),
      metadata: { orderId: "ZZZZZZZZZZZZ" },
    });
    await env.shop.database.db.update(ordersTable).set({ paymentIntentId: paid.id }).where(eq(ordersTable.id, order.id));

    expect(await env.shop.app.services.orderPayments.sweepExpired(minutesFromNow(11))).toBeGreaterThanOrEqual(1);
    expect((await env.client.order(first.order_id))!.status).toBe("deposited");
    expect(await env.client.stockOf(wine)).toBe(1);
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(1);
  });
});

describe("payments the shop cannot keep", () => {
  it("a payment method the gateway does not know fails the order at once", async () => {
    const wine = await env.make.product({ stock: 2 });
    const response = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { payment_method: "credit", payment: { payment_method_id: "pm_test_unknown" } }),
    );
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ errors: ["お支払いを完了できませんでした。"], payment_failed: true });
    expect((await env.client.order(response.json().order_id))!.status).toBe("cancelled");
    expect(await env.client.stockOf(wine)).toBe(2);
  });

  it("a payment arriving for a cancelled order is refunded", async () => {
    const wine = await env.make.product({ stock: 2 });
    const failed = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { payment_method: "credit", payment: { payment_method_id: "pm_test_unknown" } }),
    );
    const order = (await env.client.order(failed.json().order_id))!;
    const late = await env.gateway.createPaymentIntent({
      amount: order.price,
      paymentMethodId: await env.client.paymentMethod(env.shop.browserSession(), CARDS.visa),
      idempotencyKey: crypto.randomUUID(),
      metadata: { orderId: order.publicId },
    });
    await expect.poll(async () => (await env.gateway.retrievePaymentIntent(late.id)).amountRefunded).toBe(order.price);
    expect((await env.client.order(order.publicId))!.status).toBe("cancelled");
  });
});

describe("a gateway event that loses the race to the shopper", () => {
  it("leaves the member's next cart alone when the 3-D Secure re-post settled the order first", async () => {
    const member = await env.shop.memberSession();
    const [wine, sake] = [await env.make.product({ price: 3000, stock: 3 }), await env.make.product({ price: 2000, stock: 3 })];
    await env.client.fillCart(member, { [wine]: 1 });
    const payload = orderPayload([{ id: wine, amount: 1 }], {
      payment_method: "credit",
      email: member.email,
      payment: { payment_method_id: await env.client.paymentMethod(member, CARDS.threeDSecure) },
    });
    const key = crypto.randomUUID();
    const first = (await env.client.post(member, payload, { key })).json();
    expect(first.require_action).toBe(true);
    const paymentIntentId = await env.client.challenge(member, first.payment_intent_client_secret, "complete");
    // The order as the gateway's event read it, before the shopper's re-post moved it.
    const asTheEventReadIt = (await env.client.order(first.order_id))!;
    const settled = await env.client.post(member, { ...payload, payment_intent_id: paymentIntentId, order_id: first.order_id }, { key });
    expect(settled.json()).toEqual({ require_action: false, order_id: first.order_id });
    expect(await env.client.cart(member)).toEqual([]);
    // The member shops on; then the late event's move finds the order paid already.
    await env.client.fillCart(member, { [sake]: 2 });
    const intent = await env.gateway.retrievePaymentIntent(paymentIntentId);
    const orderPayments = env.shop.app.services.orderPayments;
    expect(await orderPayments.markPaid(asTheEventReadIt, intent, gatewayActor("evt_late"), { owner: { userId: member.user.id }, byShopper: false })).toBe(
      false,
    );
    expect(await env.client.cart(member)).toHaveLength(1);
    expect((await env.client.order(first.order_id))!.status).toBe("deposited");
  });
});

describe("CHECKOUT_RESERVATION_MINUTES", () => {
  it("defaults to 30 minutes and refuses nonsense", () => {
    expect(readConfig({}).checkoutReservationMinutes).toBe(30);
    expect(readConfig({ CHECKOUT_RESERVATION_MINUTES: "45" }).checkoutReservationMinutes).toBe(45);
    expect(() => readConfig({ CHECKOUT_RESERVATION_MINUTES: "soon" })).toThrow(/CHECKOUT_RESERVATION_MINUTES/);
    expect(() => readConfig({ CHECKOUT_RESERVATION_MINUTES: "1" })).toThrow(/CHECKOUT_RESERVATION_MINUTES/);
  });
});
