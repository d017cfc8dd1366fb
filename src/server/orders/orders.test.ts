import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrdersPage } from "../../domain/checkout.ts";
import { ordersTable } from "../db/schema/orders.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CARDS, CheckoutClient, firstDeliveryDate, orderPayload } from "../testing/checkout-fixtures.ts";
import type { BrowserSession, MemberSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// GET /api/orders: a member's confirmed orders, 10 a page, newest first, and nobody else's.

let shop: TestApp;
let make: CatalogFactory;
let client: CheckoutClient;
let alice: MemberSession;
let bob: MemberSession;
let wine: number;
const aliceOrders: string[] = [];

function history(session: BrowserSession, query = "", locale = "ja") {
  return shop.app.inject({ method: "GET", url: `/${locale}/api/orders${query}`, headers: { cookie: session.cookie } });
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  make = new CatalogFactory(shop.database.db);
  client = new CheckoutClient(shop);
  alice = await shop.memberSession();
  bob = await shop.memberSession();
  wine = await make.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 100 });
  for (let index = 0; index < 12; index++) {
    const response = await client.post(alice, orderPayload([{ id: wine, amount: 1 + (index % 3) }], { payment_method: index % 2 ? "cod" : "bank" }));
    aliceOrders.push(response.json().order_id);
  }
  // Distinct creation times, one minute apart, oldest first.
  for (const [index, publicId] of aliceOrders.entries()) {
    await shop.database.db
      .update(ordersTable)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 10, 0, index)) })
      .where(eq(ordersTable.publicId, publicId));
  }
});

afterAll(async () => {
  await shop.close();
});

describe("GET /api/orders", () => {
  it("answers a guest 401", async () => {
    const response = await history(shop.browserSession());
    expect(response.statusCode).toBe(401);
    expect(response.json().errors).toEqual(["ログインもしくはアカウント登録してください。"]);
  });

  it("pages the member's orders, 10 a page, newest first", async () => {
    const first: OrdersPage = (await history(alice)).json();
    expect(first.meta.pagination).toEqual({ current_page: 1, total_page: 2 });
    expect(first.data.map((order) => order.id)).toEqual(aliceOrders.slice(2).reverse());
    const second: OrdersPage = (await history(alice, "?page=2")).json();
    expect(second.meta.pagination).toEqual({ current_page: 2, total_page: 2 });
    expect(second.data.map((order) => order.id)).toEqual(aliceOrders.slice(0, 2).reverse());
    const beyond: OrdersPage = (await history(alice, "?page=3")).json();
    expect(beyond).toEqual({ data: [], meta: { pagination: { current_page: 3, total_page: 2 } } });
    expect((await history(alice, "?page=abc")).json().meta.pagination.current_page).toBe(1);
  });

  it("never shows one member another's orders; none at all is one empty page", async () => {
    const response = await history(bob);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("no-store");
    expect(response.json()).toEqual({ data: [], meta: { pagination: { current_page: 1, total_page: 1 } } });
  });

  it("describes each order as the order card shows it", async () => {
    const member = await shop.memberSession();
    const response = await client.post(
      member,
      orderPayload([{ id: wine, amount: 2 }], {
        payment_method: "cod",
        desired_delivery_date: firstDeliveryDate(),
        desired_delivery_timezone: "08-12",
        memo: "午前中希望",
      }),
    );
    const [order] = ((await history(member, "", "en")).json() as OrdersPage).data;
    expect(order).toEqual({
      id: response.json().order_id,
      attributes: {
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        status: "await_payment",
        payment_method: "cod",
        // 6000 + 1100 + 440 = 7540, tax 754.
        price: 8294,
        shipping_fee: 1100,
        payment_method_fee: 440,
        // The same two figures as the order's charge lines, named in the asked language.
        charges: [
          { kind: "shipping", label: "Shipping", amount: 1100, taxable: true },
          { kind: "payment_fee", label: "Cash on delivery fee", amount: 440, taxable: true },
        ],
        tax_total: 754,
        // Tax per rate (one rate here): its base and its tax.
        taxes: [{ rate: 10, base: 7540, tax: 754 }],
        slip_number: null,
        // Not shipped yet: no carrier or tracking page; no gift chosen.
        carrier: null,
        carrier_label: null,
        tracking_url: null,
        gift: null,
        recipient: null,
        desired_delivery_date: firstDeliveryDate(),
        desired_delivery_timezone: "08-12",
        desired_delivery_timezone_label: "Morning (8–12)",
        memo: "午前中希望",
        // Who ordered (ご依頼主), shown above a gift's お届け先 on the order card.
        name: "山田 花子",
        address: { country: "jp", zip: "1110051", address: "東京都台東区蔵前3-14-7", building_name: "蔵前ビル1階" },
        order_items: [
          {
            id: expect.any(Number),
            product_id: wine,
            tax: 10,
            reduced: false,
            unit_price: 3000,
            amount: 2,
            product: { name: "Kura red", images: [expect.stringMatching(/^\/images\/\d+\/240w\.jpg$/)] },
          },
        ],
      },
    });
  });

  it("leaves out card orders not paid (pending, or failed), and lists them once paid", async () => {
    const member = await shop.memberSession();
    const waiting = await client.post(
      member,
      orderPayload([{ id: wine, amount: 1 }], {
        payment_method: "credit",
        payment: { payment_method_id: await client.paymentMethod(member, CARDS.threeDSecure) },
      }),
    );
    const declined = await client.post(
      member,
      orderPayload([{ id: wine, amount: 1 }], { payment_method: "credit", payment: { payment_method_id: await client.paymentMethod(member, CARDS.declined) } }),
    );
    expect(declined.statusCode).toBe(402);
    expect((await history(member)).json().data).toEqual([]);

    await client.challenge(member, waiting.json().payment_intent_client_secret, "complete");
    await expect.poll(async () => ((await history(member)).json() as OrdersPage).data.map((order) => order.id)).toEqual([waiting.json().order_id]);
    expect(((await history(member)).json() as OrdersPage).data[0]!.attributes.status).toBe("deposited");
  });
});
