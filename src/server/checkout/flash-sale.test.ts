import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { testTime } from "../testing/test-time.ts";

// A flash sale (issue #8): 500 shoppers press 購入 at the same moment for 20 bottles, over real
// HTTP on loopback, each with a browser session of their own. Exactly 20 orders are placed, the
// other 480 get the clear "cannot be bought" answer, and the stock ends at 0, never below. On
// PostgreSQL (TEST_DATABASE_URL, as CI runs this suite a second time) the checkouts run in
// parallel on a pool of connections; on the embedded database they queue on its one connection.

const BUYERS = 500;
const BOTTLES = 20;

let shop: TestApp;
let origin: string;

beforeAll(async () => {
  // Every buyer comes from 127.0.0.1: the per-address checkout limit would otherwise answer 429.
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1000" });
  origin = await shop.app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await shop.close();
});

describe("flash sale", () => {
  it(
    `${BUYERS} concurrent checkouts for ${BOTTLES} bottles give exactly ${BOTTLES} orders and stock 0 (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
    { timeout: testTime(120_000) },
    async () => {
      const client = new CheckoutClient(shop);
      const bottle = await new CatalogFactory(shop.database.db).product({ name: { ja: "限定 蔵の一本", en: "Kura limited" }, stock: BOTTLES, buyableLimit: 1 });
      const before = await client.orderCount();
      const buyers = Array.from({ length: BUYERS }, () => shop.browserSession());

      const answers = await Promise.all(
        buyers.map(async (buyer, index) => {
          const response = await fetch(`${origin}/ja/api/checkout`, {
            method: "POST",
            headers: { ...buyer.headers, "content-type": "application/json", "idempotency-key": `flash-sale-${index}-${crypto.randomUUID()}` },
            body: JSON.stringify(orderPayload([{ id: bottle, amount: 1 }], { payment_method: index % 2 === 0 ? "bank" : "cod" })),
          });
          return { status: response.status, body: (await response.json()) as unknown };
        }),
      );

      const placed = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 422);
      expect(placed).toHaveLength(BOTTLES);
      expect(refused).toHaveLength(BUYERS - BOTTLES);
      for (const answer of placed) expect(answer.body).toMatchObject({ require_action: false, order_id: expect.any(String) });
      for (const answer of refused) {
        expect(answer.body).toEqual({ errors: [{ id: bottle, message: "この商品は現在お買い求めいただけません。", inventory: 0 }], items_rejected: true });
      }
      expect(new Set(placed.map((answer) => (answer.body as { order_id: string }).order_id)).size).toBe(BOTTLES);
      expect(await client.stockOf(bottle)).toBe(0);
      expect(await client.orderCount()).toBe(before + BOTTLES);
    },
  );
});
