import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderHistoryTable } from "../db/schema/orders.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import type { FakeOffsitePayments } from "../testing/fake-stripe.ts";
import { modelOffsitePayments } from "../testing/fake-stripe.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { shopOnFakeStripe } from "../testing/shop-on-fake-stripe.ts";

// Convenience-store payment through the Stripe adapter, against the local fake Stripe: the voucher
// Stripe answers reaches the shopper, and Stripe's signed webhook settles or expires the order.

let stripe: FakeOffsitePayments;
const env = shopOnFakeStripe("konbini", (fake) => {
  stripe = modelOffsitePayments(fake);
});

async function deliver(event: ReturnType<FakeOffsitePayments["payKonbini"]>) {
  await env.deliver(stripe.signed(event, env.webhookSecret));
}

async function orderByKonbini(session: BrowserSession, wine: number, amount: number) {
  const payload = orderPayload([{ id: wine, amount }], { payment_method: "konbini" });
  const response = await env.client.post(session, payload);
  expect(response.statusCode).toBe(200);
  return { payload, body: response.json() as { order_id: string; payment_instructions: { number: string; deadline: string; url: string } } };
}

/** The last history row of the order: what moved it last, and who (here: which gateway event). */
async function lastMove(publicId: string) {
  const order = (await env.client.order(publicId))!;
  const rows = await env.shop.database.db.select().from(orderHistoryTable).where(eq(orderHistoryTable.orderId, order.id)).orderBy(orderHistoryTable.id);
  const row = rows.at(-1)!;
  return { from: row.fromStatus, to: row.toStatus, kind: row.actorKind };
}

describe("konbini on Stripe", () => {
  it("asks Stripe for a konbini payment of the order's total with the payer and the configured days, and shows its voucher", async () => {
    const wine = await env.make.product({ price: 4000, stock: 3 });
    const { payload, body } = await orderByKonbini(env.shop.browserSession(), wine, 2);
    const request = env.fake.requests.findLast((each) => each.method === "POST" && each.path === "/v1/payment_intents")!;
    const order = (await env.client.order(body.order_id))!;
    expect(request.form).toMatchObject({
      amount: String(order.price),
      "payment_method_data[type]": "konbini",
      "payment_method_data[billing_details][email]": payload.email,
      "payment_method_options[konbini][expires_after_days]": "3",
      "metadata[orderId]": body.order_id,
    });
    expect(body.payment_instructions.number).toMatch(/^\d{11}$/);
    expect(body.payment_instructions.url).toMatch(/^https:\/\/payments\.stripe\.com\/konbini\/voucher\//);
    expect(order.status).toBe("await_payment");
    expect(await env.client.stockOf(wine)).toBe(1);
  });

  it("moves a guest's order to deposited when Stripe's webhook says the voucher was paid", async () => {
    const wine = await env.make.product({ price: 3000, stock: 2 });
    const { body } = await orderByKonbini(env.shop.browserSession(), wine, 1);
    const order = (await env.client.order(body.order_id))!;
    await deliver(stripe.payKonbini(order.paymentIntentId!));
    expect((await env.client.order(body.order_id))!.status).toBe("deposited");
    expect(await lastMove(body.order_id)).toEqual({ from: "await_payment", to: "deposited", kind: "gateway" });
  });

  it("moves a member's order to deposited when Stripe's webhook says the voucher was paid, and the card on My Page stops showing the voucher", async () => {
    const wine = await env.make.product({ price: 3500, stock: 2 });
    const member = await env.shop.memberSession();
    const { body } = await orderByKonbini(member, wine, 1);
    const waiting = (await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: member.headers })).json();
    expect(waiting.data.find((each: { id: string }) => each.id === body.order_id).attributes.payment_instructions).toEqual(body.payment_instructions);
    const order = (await env.client.order(body.order_id))!;
    await deliver(stripe.payKonbini(order.paymentIntentId!));
    expect((await env.client.order(body.order_id))!.status).toBe("deposited");
    const paid = (await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: member.headers })).json();
    expect(paid.data.find((each: { id: string }) => each.id === body.order_id).attributes.payment_instructions).toBeUndefined();
  });

  it("cancels a member's order and returns the bottles when Stripe says the voucher expired", async () => {
    const wine = await env.make.product({ price: 3000, stock: 3 });
    const { body } = await orderByKonbini(await env.shop.memberSession(), wine, 3);
    expect(await env.client.stockOf(wine)).toBe(0);
    const order = (await env.client.order(body.order_id))!;
    await deliver(stripe.expireKonbini(order.paymentIntentId!));
    expect((await env.client.order(body.order_id))!.status).toBe("cancelled");
    expect(await env.client.stockOf(wine)).toBe(3);
    expect(await lastMove(body.order_id)).toEqual({ from: "await_payment", to: "cancelled", kind: "gateway" });
  });
});
