import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productsTable } from "../db/schema/catalog.ts";
import { orderItemsTable, ordersTable } from "../db/schema/orders.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// Issue 28 item 2, decision 050: liquor is never taxed at 8%, not after two changes that race, not
// in the database, not at checkout.

const env = checkoutTestShop();

/** The constraint's name, wherever the driver put it (drizzle wraps the driver's error). */
function constraintOf(error: unknown): string | undefined {
  for (let each = error as { constraint?: string; cause?: unknown } | undefined; each; each = each.cause as typeof each) {
    if (each.constraint) return each.constraint;
  }
  return undefined;
}

describe("a liquor product at the reduced rate", () => {
  it("is refused to one of two changes sent at once (one the class, one the liquor fields), round after round", async () => {
    const staff = await staffSession(env.shop, "owner");
    const wine = await env.make.liquorType("wine");
    for (let round = 0; round < 20; round += 1) {
      const id = await env.make.product({ price: 1500, alcoholPermille: null, volumeMl: 750 });
      const [reduced, liquor] = await Promise.all([
        env.shop.app.inject({ method: "PATCH", url: `/admin/api/products/${id}`, headers: staff.headers, payload: { tax_class: "reduced" } }),
        env.shop.app.inject({
          method: "PATCH",
          url: `/admin/api/products/${id}`,
          headers: staff.headers,
          payload: { liquor_type: wine, alcohol_percent: "13" },
        }),
      ]);
      // Whichever came second is judged on what the first one wrote.
      expect([reduced.statusCode, liquor.statusCode].sort(), `round ${round}`).toEqual([200, 422]);
      const refused = reduced.statusCode === 422 ? reduced : liquor;
      expect(refused.json().fields.tax_class).toEqual(["酒類は軽減税率の対象外です。標準税率（10%）を選んでください。"]);
      const [row] = await env.shop.database.db.select().from(productsTable).where(eq(productsTable.id, id));
      expect(row!.taxClass === "reduced" && row!.liquorType !== null, `round ${round}`).toBe(false);
    }
  });

  it("is refused by the database, whatever writes it", async () => {
    const db = env.shop.database.db;
    const whisky = await env.make.product({ alcoholPermille: 430 });
    const typed = await env.make.product({ alcoholPermille: null, liquorType: await env.make.liquorType("sake") });
    const categorised = await env.make.product({ alcoholPermille: null, liquorCategory: "wine" });
    for (const id of [whisky, typed, categorised]) {
      const error: unknown = await db
        .update(productsTable)
        .set({ taxClass: "reduced" })
        .where(eq(productsTable.id, id))
        .then(
          () => null,
          (failure: unknown) => failure,
        );
      expect(constraintOf(error)).toBe("products_liquor_standard_rate");
    }
    // Under 1% alcohol and no liquor type or category is not liquor (酒税法 §2): 8% is allowed.
    const juice = await env.make.product({ alcoholPermille: 9 });
    await db.update(productsTable).set({ taxClass: "reduced" }).where(eq(productsTable.id, juice));
  });

  it("is still taxed at 10% by the shop and at checkout if a row says reduced (a database without the constraint)", async () => {
    const db = env.shop.database.db;
    await db.execute(sql`alter table products drop constraint products_liquor_standard_rate`);
    try {
      const wine = await env.make.product({ price: 1000, stock: 5, alcoholPermille: 130, taxClass: "reduced" });
      await env.shop.app.services.catalog.changed();
      const page = (await env.shop.app.inject({ method: "GET", url: `/ja/api/products/${wine}` })).json();
      const attributes = page.data?.data?.attributes ?? page.data?.attributes ?? page.data;
      expect(attributes).toMatchObject({ price: 1000, price_include_tax: 1100, tax_rate: 10 });

      const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }]));
      expect(response.statusCode).toBe(200);
      const [item] = await db
        .select({ rate: orderItemsTable.taxRatePercent })
        .from(orderItemsTable)
        .innerJoin(ordersTable, eq(ordersTable.id, orderItemsTable.orderId))
        .where(eq(ordersTable.publicId, response.json().order_id));
      expect(item!.rate).toBe(10);
    } finally {
      await db.update(productsTable).set({ taxClass: "standard" }).where(eq(productsTable.taxClass, "reduced"));
      await db.execute(
        sql`alter table products add constraint products_liquor_standard_rate check (tax_class = 'standard' or (liquor_type is null and liquor_category is null and coalesce(alcohol_permille, 0) < 10))`,
      );
    }
  });
});
