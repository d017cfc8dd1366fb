import { describe, expect, it } from "vitest";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";

// What the cart may not buy is refused item by item, and stock never goes
// below zero, however many shoppers want the last bottles at once.

const env = checkoutTestShop();

describe("items that cannot be bought as asked", () => {
  it("answers one entry per item with what is left, and writes nothing", async () => {
    const plenty = await env.make.product({ stock: 10 });
    const short = await env.make.product({ stock: 3 });
    const before = await env.client.orderCount();
    const session = env.shop.browserSession();
    await env.client.fillCart(session, { [plenty]: 1, [short]: 3 });
    const payload = orderPayload([
      { id: plenty, amount: 1 },
      { id: short, amount: 5 },
    ]);
    const response = await env.client.post(session, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: [
        { id: plenty, message: null },
        { id: short, message: "在庫が不足しています。ご購入いただけるのは3点までです。", inventory: 3 },
      ],
      items_rejected: true,
    });
    expect(await env.client.orderCount()).toBe(before);
    expect(await env.client.stockOf(plenty)).toBe(10);
    expect(await env.client.stockOf(short)).toBe(3);
    expect(await env.client.cart(session)).toHaveLength(2);
    expect(await env.shop.mailsTo(payload.email)).toHaveLength(0);
  });

  it("refuses more than the buyable limit with the limit as inventory", async () => {
    const limited = await env.make.product({ stock: 10, buyableLimit: 2 });
    const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id: limited, amount: 3 }]), { locale: "en" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ id: limited, message: "You can buy up to 2 of this item.", inventory: 2 }]);
  });

  it("refuses unpublished, sold-out and unknown products with inventory 0", async () => {
    const hidden = await env.make.product({ published: false });
    const marked = await env.make.product({ soldOut: true, stock: 5 });
    const empty = await env.make.product({ stock: 0 });
    const response = await env.client.post(
      env.shop.browserSession(),
      orderPayload([
        { id: hidden, amount: 1 },
        { id: marked, amount: 1 },
        { id: empty, amount: 1 },
        { id: 999_999, amount: 1 },
      ]),
    );
    expect(response.statusCode).toBe(422);
    const unavailable = "この商品は現在お買い求めいただけません。";
    expect(response.json().errors).toEqual([
      { id: hidden, message: unavailable, inventory: 0 },
      { id: marked, message: unavailable, inventory: 0 },
      { id: empty, message: unavailable, inventory: 0 },
      { id: 999_999, message: unavailable, inventory: 0 },
    ]);
  });

  it("refuses a product the shop's mail-order licence does not cover, and writes nothing", async () => {
    const outside = await env.make.product({ stock: 5, mailOrderAllowed: false });
    const before = await env.client.orderCount();
    const ja = await env.client.post(env.shop.browserSession(), orderPayload([{ id: outside, amount: 1 }]));
    expect(ja.statusCode).toBe(422);
    expect(ja.json().errors).toEqual([
      { id: outside, message: "この商品は酒類の通信販売の免許の対象外のため、通信販売ではお買い求めいただけません。", inventory: 0 },
    ]);
    const en = await env.client.post(env.shop.browserSession(), orderPayload([{ id: outside, amount: 1 }]), { locale: "en" });
    expect(en.json().errors[0].message).toBe("Our liquor mail-order licence does not cover this item, so it cannot be bought online.");
    expect(await env.client.orderCount()).toBe(before);
    expect(await env.client.stockOf(outside)).toBe(5);
  });

  it("sells exactly the last bottles", async () => {
    const last = await env.make.product({ stock: 2, buyableLimit: 2 });
    expect((await env.client.post(env.shop.browserSession(), orderPayload([{ id: last, amount: 2 }]))).statusCode).toBe(200);
    expect(await env.client.stockOf(last)).toBe(0);
    const late = await env.client.post(env.shop.browserSession(), orderPayload([{ id: last, amount: 1 }]));
    expect(late.json().errors).toEqual([{ id: last, message: "この商品は現在お買い求めいただけません。", inventory: 0 }]);
  });
});

describe("concurrent checkouts for the last bottles", () => {
  // On PostgreSQL (TEST_DATABASE_URL) the posts really run in parallel on a pool of connections; on
  // PGlite they queue on its one connection. Either way exactly the bottles there are get sold.
  it(`50 buyers for 5 bottles make exactly 5 orders and stock 0 (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, async () => {
    const last = await env.make.product({ stock: 5 });
    const before = await env.client.orderCount();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => env.client.post(env.shop.browserSession(), orderPayload([{ id: last, amount: 1 }], { payment_method: "cod" }))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(45);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(refused.json()).toEqual({ errors: [{ id: last, message: "この商品は現在お買い求めいただけません。", inventory: 0 }], items_rejected: true });
    }
    expect(await env.client.stockOf(last)).toBe(0);
    expect(await env.client.orderCount()).toBe(before + 5);
  });

  it("two buyers of the same two bottles in opposite order both finish (no deadlock)", async () => {
    const a = await env.make.product({ stock: 10 });
    const b = await env.make.product({ stock: 10 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        env.client.post(
          env.shop.browserSession(),
          orderPayload(
            index % 2 === 0
              ? [
                  { id: a, amount: 1 },
                  { id: b, amount: 1 },
                ]
              : [
                  { id: b, amount: 1 },
                  { id: a, amount: 1 },
                ],
          ),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(await env.client.stockOf(a)).toBe(0);
    expect(await env.client.stockOf(b)).toBe(0);
  });
});
