import { describe, expect, it } from "vitest";
import { PRICE_MAX } from "../../domain/admin-catalog.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";

// Issue 28 item 11, decision 050: an order whose total the order's columns cannot hold (2³¹ yen or
// more) was the database's out-of-range error, answered as the generic 入力内容に誤りがあります.
// Orders are bounded at ¥1,000,000,000 with a message that says so, and nothing is written.

const env = checkoutTestShop();

describe("POST /api/checkout of a very large order", () => {
  const cases: [string, number][] = [
    ["at or above 2³¹ yen", 200], // 200 × ¥10,000,000 + tax = ¥2,200,000,000 + shipping
    ["under 2³¹ yen but over the order bound", 95], // ¥1,045,000,000 + shipping
  ];
  for (const [what, amount] of cases) {
    it(`refuses a total ${what} with the bound in ja and en, writing nothing`, async () => {
      const bottle = await env.make.product({ price: PRICE_MAX, stock: 1000 });
      const before = await env.client.orderCount();
      for (const locale of ["ja", "en"] as const) {
        const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id: bottle, amount }]), { locale });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual([
          locale === "ja"
            ? "ご注文の合計金額が大きすぎます。1回のご注文は合計1,000,000,000円までです。数量を減らすか、ご注文を分けてください。"
            : "The order total is too large: one order can total at most ¥1,000,000,000. Please reduce the quantities or split the order.",
        ]);
      }
      expect(await env.client.orderCount()).toBe(before);
      expect(await env.client.stockOf(bottle)).toBe(1000);
    });
  }

  it("takes an order just under the bound", async () => {
    const bottle = await env.make.product({ price: PRICE_MAX, stock: 1000 });
    // 90 × ¥10,000,000 = ¥900,000,000, ¥990,000,000 with tax, and shipping.
    const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id: bottle, amount: 90 }]));
    expect(response.statusCode).toBe(200);
    expect((await env.client.order(response.json().order_id))!.price).toBeLessThanOrEqual(1_000_000_000);
  });
});
