import { describe, expect, it } from "vitest";
import { chargeOf } from "../../domain/order-charges.ts";
import { CARDS, orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import { cardOrderPayload } from "../testing/staff-shop.ts";

// One Idempotency-Key is one checkout attempt: replays answer the first answer and never order
// or charge twice; the key cannot be reused for another order.

const env = checkoutTestShop();

describe("a replayed key", () => {
  it("bank transfer: the same key twice is one order, one mail, stock taken once", async () => {
    const wine = await env.make.product({ stock: 5 });
    const session = env.shop.browserSession();
    const payload = orderPayload([{ id: wine, amount: 2 }]);
    const key = crypto.randomUUID();
    const before = await env.client.orderCount();
    const first = await env.client.post(session, payload, { key });
    const second = await env.client.post(session, payload, { key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await env.client.orderCount()).toBe(before + 1);
    expect(await env.client.stockOf(wine)).toBe(3);
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(1);
  });

  it("card: the same key twice is one order and one charge", async () => {
    const wine = await env.make.product({ price: 5000, stock: 5 });
    const session = env.shop.browserSession();
    const payload = await cardOrderPayload(env.client, session, [{ id: wine, amount: 1 }], CARDS.visa);
    const key = crypto.randomUUID();
    const before = await env.client.orderCount();
    const first = await env.client.post(session, payload, { key });
    const second = await env.client.post(session, payload, { key });
    expect(second.json()).toEqual(first.json());
    const orderId = first.json().order_id;
    expect(await env.client.orderCount()).toBe(before + 1);
    expect(await env.client.intentCount(orderId)).toBe(1);
    const order = (await env.client.order(orderId))!;
    expect((await env.gateway.retrievePaymentIntent(order.paymentIntentId!)).amountReceived).toBe(order.price);
    expect(await env.client.stockOf(wine)).toBe(4);
  });

  it("3-D Secure: a replay of the first post asks for the same challenge of the same order", async () => {
    const wine = await env.make.product({ stock: 5 });
    const session = env.shop.browserSession();
    const payload = await cardOrderPayload(env.client, session, [{ id: wine, amount: 1 }], CARDS.threeDSecure);
    const key = crypto.randomUUID();
    const first = (await env.client.post(session, payload, { key })).json();
    const replay = await env.client.post(session, payload, { key });
    expect(replay.json()).toEqual(first);
    expect(await env.client.intentCount(first.order_id)).toBe(1);
    expect(await env.client.stockOf(wine)).toBe(4);
  });

  it("a declined card: the replay answers the same decline and charges nothing", async () => {
    const wine = await env.make.product({ stock: 5 });
    const session = env.shop.browserSession();
    const payload = await cardOrderPayload(env.client, session, [{ id: wine, amount: 1 }], CARDS.declined);
    const key = crypto.randomUUID();
    const first = await env.client.post(session, payload, { key });
    const replay = await env.client.post(session, payload, { key });
    expect(replay.statusCode).toBe(402);
    expect(replay.json()).toEqual(first.json());
    expect(await env.client.intentCount(first.json().order_id)).toBe(1);
    expect(await env.client.stockOf(wine)).toBe(5);
  });

  it("ten simultaneous posts with one key place one order and charge once", async () => {
    const wine = await env.make.product({ stock: 20 });
    const session = env.shop.browserSession();
    const payload = await cardOrderPayload(env.client, session, [{ id: wine, amount: 1 }], CARDS.visa);
    const key = crypto.randomUUID();
    const before = await env.client.orderCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => env.client.post(session, payload, { key })));
    const ids = new Set(answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().order_id));
    expect(ids.size).toBe(1);
    // A post that found the first still charging may be told to retry (409); none places an order.
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    expect(await env.client.orderCount()).toBe(before + 1);
    expect(await env.client.intentCount([...ids][0])).toBe(1);
    expect(await env.client.stockOf(wine)).toBe(19);
  });
});

describe("a key reused for another order", () => {
  it("is refused with a clear message, and places nothing", async () => {
    const wine = await env.make.product({ stock: 5 });
    const session = env.shop.browserSession();
    const key = crypto.randomUUID();
    const payload = orderPayload([{ id: wine, amount: 1 }]);
    expect((await env.client.post(session, payload, { key })).statusCode).toBe(200);
    const before = await env.client.orderCount();
    const other = await env.client.post(session, { ...payload, items: [{ id: wine, amount: 2 }] }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual(["この注文リクエストは、別の内容ですでに送信されています。ページを再読み込みしてからもう一度お試しください。"]);
    const english = await env.client.post(session, { ...payload, memo: "other" }, { key, locale: "en" });
    expect(english.json().errors[0]).toContain("already sent with different contents");
    expect(await env.client.orderCount()).toBe(before);
    expect(await env.client.stockOf(wine)).toBe(4);
  });

  it("belongs to its sender: another browser's post with the same key is its own order", async () => {
    const wine = await env.make.product({ stock: 5 });
    const key = crypto.randomUUID();
    const payload = orderPayload([{ id: wine, amount: 1 }]);
    const mine = await env.client.post(env.shop.browserSession(), payload, { key });
    const theirs = await env.client.post(env.shop.browserSession(), payload, { key });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().order_id).not.toBe(mine.json().order_id);
  });
});

describe("a refused post does not use the key up", () => {
  it("after field errors, and after a stock refusal once the stock is back", async () => {
    const wine = await env.make.product({ stock: 1 });
    const session = env.shop.browserSession();
    const key = crypto.randomUUID();
    expect((await env.client.post(session, orderPayload([{ id: wine, amount: 1 }], { name: "" }), { key })).statusCode).toBe(422);
    const payload = orderPayload([{ id: wine, amount: 2 }]);
    expect((await env.client.post(session, payload, { key })).statusCode).toBe(422);
    const { productsTable } = await import("../db/schema/catalog.ts");
    const { eq } = await import("drizzle-orm");
    await env.shop.database.db.update(productsTable).set({ stock: 2 }).where(eq(productsTable.id, wine));
    const retried = await env.client.post(session, payload, { key });
    expect(retried.statusCode).toBe(200);
    expect(await env.client.stockOf(wine)).toBe(0);
  });
});

describe("the purge", () => {
  it("forgets old keys only", async () => {
    const wine = await env.make.product({ stock: 5 });
    const session = env.shop.browserSession();
    const key = crypto.randomUUID();
    await env.client.post(session, orderPayload([{ id: wine, amount: 1 }]), { key });
    expect(await env.shop.app.services.checkoutRequests.purge(new Date(Date.now() - 86_400_000))).toBe(0);
    expect(await env.shop.app.services.checkoutRequests.purge(new Date(Date.now() + 1000))).toBeGreaterThan(0);
  });
});

describe("charging a card order", () => {
  it("is claimed by one request at a time; a claim left by a dead request is taken over", async () => {
    const orders = env.shop.app.services.orders;
    const order = await orders.create(
      env.shop.database.db,
      {
        status: "pending",
        paymentMethod: "credit",
        name: "山田 花子",
        email: "hanako@example.com",
        phone: "090-1234-5678",
        country: "jp",
        zip: "1110051",
        address: "台東区蔵前3-14-7",
        itemsTotal: 3000,
        taxTotal: 410,
        price: 4510,
        taxRatePercent: 10,
        locale: "ja",
        reservedUntil: new Date(Date.now() + 60_000),
      },
      [{ productId: await env.make.product(), nameJa: "ワイン", nameEn: "Wine", unitPrice: 3000, taxRatePercent: 10, amount: 1 }],
      [chargeOf("shipping", 1100)],
    );
    const now = new Date();
    expect(await orders.claimCharge(order.id, { now })).toBe(true);
    expect(await orders.claimCharge(order.id, { now: new Date(now.getTime() + 1000) })).toBe(false);
    expect(await orders.claimCharge(order.id, { now: new Date(now.getTime() + 29_000) })).toBe(false);
    expect(await orders.claimCharge(order.id, { now: new Date(now.getTime() + 31_000) })).toBe(true);
    expect(await orders.attachPaymentIntent(order.id, "pi_test_claimed")).toBe(true);
    expect(await orders.attachPaymentIntent(order.id, "pi_test_other")).toBe(false);
    expect(await orders.claimCharge(order.id, { now: new Date(now.getTime() + 999_000) })).toBe(false);
  });
});
