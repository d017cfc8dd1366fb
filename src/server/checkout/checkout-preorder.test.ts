import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productsTable, stockMovesTable } from "../db/schema/catalog.ts";
import { moveStock } from "../catalog/stock-ledger.service.ts";
import { orderItemsTable, orderPaymentsTable, orderShipmentLinesTable, orderShipmentsTable } from "../db/schema/orders.ts";
import { japanDateString } from "../../domain/sales-window.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { CARDS, firstDeliveryDate, orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// 予約販売 and sales windows at checkout (decision 088): a pre-order is charged as the page promises
// (a card at once, never held until the release date), sells against the trader's allocation (never
// beyond it, even when two checkouts race), ships apart from bottles in stock, and a product outside
// its window is refused by the server.

const env = checkoutTestShop();
const DAY = 86_400_000;

/** A Beaujolais Nouveau on pre-order: released `days` days from today in Japan. */
async function beaujolais(options: { allocation?: number; stock?: number; days?: number; price?: number } = {}) {
  const id = await env.make.product({
    name: { ja: "ボジョレー・ヌーヴォー", en: "Beaujolais Nouveau" },
    price: options.price ?? 3000,
    stock: options.stock ?? 0,
  });
  const releaseDate = japanDateString(new Date(Date.now() + (options.days ?? 30) * DAY));
  await env.shop.database.db
    .update(productsTable)
    .set({ releaseDate, preorderAllocation: options.allocation ?? 24 })
    .where(eq(productsTable.id, id));
  await env.shop.app.services.catalog.changed();
  return { id, releaseDate };
}

async function allocationOf(id: number): Promise<number> {
  const [row] = await env.shop.database.db.select({ left: productsTable.preorderAllocation }).from(productsTable).where(eq(productsTable.id, id));
  return row!.left;
}

async function shipmentsOf(orderId: number) {
  const shipments = await env.shop.database.db
    .select()
    .from(orderShipmentsTable)
    .where(eq(orderShipmentsTable.orderId, orderId))
    .orderBy(asc(orderShipmentsTable.position));
  return Promise.all(
    shipments.map(async (shipment) => ({
      shipsOn: shipment.shipsOn,
      fee: shipment.fee,
      state: shipment.state,
      lines: await env.shop.database.db
        .select({ productId: orderItemsTable.productId, quantity: orderShipmentLinesTable.quantity })
        .from(orderShipmentLinesTable)
        .innerJoin(orderItemsTable, eq(orderItemsTable.id, orderShipmentLinesTable.orderItemId))
        .where(eq(orderShipmentLinesTable.shipmentId, shipment.id)),
    })),
  );
}

describe("a pre-order paid by card", () => {
  it("is charged in full when ordered, as the page says, and its parcel waits for the release date", async () => {
    const { id, releaseDate } = await beaujolais({ allocation: 24 });
    const session = env.shop.browserSession();
    await env.client.fillCart(session, { [id]: 2 });
    const paymentMethodId = await env.client.paymentMethod(session, CARDS.visa);
    const payload = orderPayload([{ id, amount: 2 }], { payment_method: "credit", payment: { payment_method_id: paymentMethodId } });
    const response = await env.client.post(session, payload);
    expect(response.statusCode).toBe(200);
    const order = (await env.client.order(response.json().order_id))!;
    // Paid now: the gateway's intent succeeded with the whole total (no hold to capture later).
    expect(order.status).toBe("deposited");
    const intent = await env.gateway.retrievePaymentIntent(order.paymentIntentId!);
    expect(intent).toMatchObject({ status: "succeeded", amount: order.price, amountReceived: order.price });
    const [payment] = await env.shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, order.id));
    expect(payment).toMatchObject({ method: "credit", amount: order.price, state: "paid" });
    // The bottles came off the allocation, not the stock (they have not arrived).
    expect(await allocationOf(id)).toBe(22);
    expect(await env.client.stockOf(id)).toBe(0);
    const [item] = await env.shop.database.db.select().from(orderItemsTable).where(eq(orderItemsTable.orderId, order.id));
    expect(item!.preorderShipsOn).toBe(releaseDate);
    expect(await shipmentsOf(order.id)).toEqual([{ shipsOn: releaseDate, fee: expect.any(Number), state: "ready", lines: [{ productId: id, quantity: 2 }] }]);
    // The order mail says when it ships.
    const [mail] = await env.shop.mailsTo(payload.email);
    expect(mail!.text).toContain("クレジットカードで");
    const [year, month, day] = releaseDate.split("-").map(Number);
    // The shipping date is short within this Japan year, with its year otherwise.
    const ships = year === japanDateOf(new Date()).year ? `${month}月${day}日` : `${year}年${month}月${day}日`;
    expect(mail!.text).toContain(`予約商品: 発売日 ${year}年${month}月${day}日、${ships}頃発送`);
    expect(mail!.text).toContain("■予約商品について\n予約商品は発売日に合わせて発送いたします。");
  });

  it("says the shipping date with its year when the release falls in another year", async () => {
    const { id, releaseDate } = await beaujolais({ allocation: 24, days: 400 });
    const session = env.shop.browserSession();
    await env.client.fillCart(session, { [id]: 1 });
    const paymentMethodId = await env.client.paymentMethod(session, CARDS.visa);
    const payload = orderPayload([{ id, amount: 1 }], { payment_method: "credit", payment: { payment_method_id: paymentMethodId } });
    const response = await env.client.post(session, payload);
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await env.shop.mailsTo(payload.email);
    const [year, month, day] = releaseDate.split("-").map(Number);
    expect(year).toBeGreaterThan(japanDateOf(new Date()).year);
    expect(mail!.text).toContain(`予約商品: 発売日 ${year}年${month}月${day}日、${year}年${month}月${day}日頃発送`);
  });
});

describe("My Page's order history", () => {
  it("says when a member's pre-order ships", async () => {
    const { id, releaseDate } = await beaujolais();
    const member = await env.shop.memberSession();
    const placed = await env.client.post(member, orderPayload([{ id, amount: 1 }]));
    expect(placed.statusCode).toBe(200);
    const mine = await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: { cookie: member.cookie } });
    expect(mine.statusCode).toBe(200);
    const order = mine
      .json()
      .data.find((each: { attributes: { order_items: { product_id: number }[] } }) => each.attributes.order_items.some((item) => item.product_id === id));
    expect(order.attributes.order_items[0]).toMatchObject({ product_id: id, ships_on: releaseDate });
  });
});

describe("a pre-order and bottles in stock in one order", () => {
  it("make two parcels: the stock ships now with the shipping charge, the pre-order on its release date", async () => {
    const { id: nouveau, releaseDate } = await beaujolais();
    const inStock = await env.make.product({ stock: 5 });
    const response = await env.client.post(
      env.shop.browserSession(),
      orderPayload([
        { id: inStock, amount: 1 },
        { id: nouveau, amount: 1 },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const order = (await env.client.order(response.json().order_id))!;
    const parcels = await shipmentsOf(order.id);
    expect(parcels).toHaveLength(2);
    expect(parcels[0]).toMatchObject({ shipsOn: null, lines: [{ productId: inStock, quantity: 1 }] });
    expect(parcels[0]!.fee).toBeGreaterThan(0);
    expect(parcels[1]).toMatchObject({ shipsOn: releaseDate, fee: 0, lines: [{ productId: nouveau, quantity: 1 }] });
    expect(await env.client.stockOf(inStock)).toBe(4);
  });

  it("refuses a delivery date before the release date, and several destinations", async () => {
    const { id } = await beaujolais({ days: 40 });
    const early = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 1 }], { desired_delivery_date: firstDeliveryDate() }));
    expect(early.statusCode).toBe(422);
    expect(early.json().fields.desired_delivery_date[0]).toMatch(/^予約商品は発売日（\d{4}年\d{1,2}月\d{1,2}日）以降に発送いたします。/);
    expect(await allocationOf(id)).toBe(24);
  });
});

describe("the sales window", () => {
  it("refuses a product before its start and after its end, at checkout and in the cart, in ja and en", async () => {
    const soon = await env.make.product({ stock: 10 });
    const start = new Date(Date.now() + 2 * DAY);
    await env.shop.database.db.update(productsTable).set({ salesStart: start }).where(eq(productsTable.id, soon));
    const over = await env.make.product({ stock: 10 });
    await env.shop.database.db
      .update(productsTable)
      .set({ salesStart: new Date(Date.now() - 3 * DAY), salesEnd: new Date(Date.now() - DAY) })
      .where(eq(productsTable.id, over));
    await env.shop.app.services.catalog.changed();

    const before = await env.client.post(env.shop.browserSession(), orderPayload([{ id: soon, amount: 1 }]));
    expect(before.statusCode).toBe(422);
    expect(before.json().errors[0]).toMatchObject({
      id: soon,
      inventory: 0,
      message: expect.stringMatching(/^この商品は販売開始前です。\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}から販売いたします。$/),
    });
    const ended = await env.client.post(env.shop.browserSession(), orderPayload([{ id: over, amount: 1 }]), { locale: "en" });
    expect(ended.statusCode).toBe(422);
    expect(ended.json().errors[0]).toMatchObject({ id: over, message: "This item is no longer on sale." });
    expect(await env.client.stockOf(soon)).toBe(10);

    // The cart keeps them as nothing to buy (amount 0), as it does a sold-out bottle.
    const session = env.shop.browserSession();
    await env.client.fillCart(session, { [soon]: 1, [over]: 1 });
    expect((await env.client.cart(session)).map((item) => (item as { amount: number }).amount)).toEqual([0, 0]);

    // The catalogue says where each stands.
    const shown = await env.shop.app.inject({ method: "GET", url: `/api/products/${soon}` });
    expect(shown.json().data.attributes.sales).toEqual({ phase: "before", sales_start: start.toISOString(), sales_end: null, release_date: null });
    expect((await env.shop.app.inject({ method: "GET", url: `/api/products/${over}` })).json().data.attributes.sales.phase).toBe("ended");
  });
});

describe("the pre-order allocation", () => {
  it(`is never oversold by checkouts racing for it (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, async () => {
    const { id } = await beaujolais({ allocation: 3, stock: 50 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 1 }]))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 422)).toHaveLength(9);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(refused.json().errors[0]).toMatchObject({ id, message: "この商品は予約の受付数に達したため、ご予約を締め切りました。", inventory: 0 });
    }
    expect(await allocationOf(id)).toBe(0);
    // The stock is the bottles for after the release; pre-orders never touch it.
    expect(await env.client.stockOf(id)).toBe(50);
  });

  it("gets a cancelled pre-order's bottles back", async () => {
    const { id } = await beaujolais({ allocation: 5 });
    const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 2 }]));
    expect(response.statusCode).toBe(200);
    expect(await allocationOf(id)).toBe(3);
    const order = (await env.client.order(response.json().order_id))!;
    const moved = await env.shop.app.services.orderMoves.move({ order, to: "cancelled", actor: { kind: "staff", id: "1" } });
    expect(moved?.status).toBe("cancelled");
    expect(await allocationOf(id)).toBe(5);
    expect(await env.client.stockOf(id)).toBe(0);
  });

  it("leaves the stock when shipped: refused until the bottles' arrival is recorded, then booked as a sale", async () => {
    const { id } = await beaujolais({ allocation: 5, stock: 0 });
    const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 2 }], { payment_method: "cod" }));
    expect(response.statusCode).toBe(200);
    const order = (await env.client.order(response.json().order_id))!;
    const ship = () => env.shop.app.services.orderMoves.move({ order, to: "sent", actor: { kind: "staff", id: "1" } });
    await expect(ship()).rejects.toMatchObject({ kind: "conflict", messageKey: "preorderStockShort" });
    expect((await env.client.order(order.publicId))!.status).toBe("await_payment");
    // The bottles arrive: the trader records them (a receiving in the ledger), then ships.
    await env.shop.database.db.transaction((tx) => moveStock(tx, { productId: id, kind: "receiving", quantity: 6, actor: "staff", actorId: "1" }));
    expect((await ship())?.status).toBe("sent");
    expect(await env.client.stockOf(id)).toBe(4);
    const moves = await env.shop.database.db.select().from(stockMovesTable).where(eq(stockMovesTable.orderId, order.id));
    expect(moves.map((move) => [move.kind, move.quantity])).toEqual([["sale", -2]]);
  });
});

describe("after the release date (decision 092)", () => {
  async function released(id: number) {
    await env.shop.database.db
      .update(productsTable)
      .set({ releaseDate: japanDateString(new Date(Date.now() - DAY)) })
      .where(eq(productsTable.id, id));
    await env.shop.app.services.catalog.changed();
  }
  async function arrive(id: number, bottles: number) {
    await env.shop.database.db.transaction((tx) => moveStock(tx, { productId: id, kind: "receiving", quantity: bottles, actor: "staff", actorId: "1" }));
    await env.shop.app.services.catalog.changed();
  }
  const soldOut = async (id: number) => (await env.shop.app.inject({ method: "GET", url: `/api/products/${id}` })).json().data.attributes.sold_out as boolean;

  it("keeps the arrived bottles for the pre-orders not yet shipped: sold out for others, and a cancelled pre-order frees its bottle", async () => {
    const { id } = await beaujolais({ allocation: 2, stock: 0 });
    const first = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 1 }], { payment_method: "cod" }));
    const second = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 1 }], { payment_method: "cod" }));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await released(id);
    await arrive(id, 2);
    expect(await env.client.stockOf(id)).toBe(2);

    // Both bottles are owed: the product shows sold out and a new order is refused, in the cart too.
    expect(await soldOut(id)).toBe(true);
    const refused = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 1 }]));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ id, inventory: 0, message: "この商品は現在お買い求めいただけません。" });
    const session = env.shop.browserSession();
    await env.client.fillCart(session, { [id]: 1 });
    expect((await env.client.cart(session)).map((item) => (item as { amount: number }).amount)).toEqual([0]);
    expect(await env.client.stockOf(id)).toBe(2);

    // One pre-order is cancelled: its bottle is for sale, once.
    const cancelled = (await env.client.order(first.json().order_id))!;
    expect((await env.shop.app.services.orderMoves.move({ order: cancelled, to: "cancelled", actor: { kind: "staff", id: "1" } }))?.status).toBe("cancelled");
    expect(await soldOut(id)).toBe(false);
    const answers = await Promise.all([1, 2].map(() => env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 1 }]))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(await soldOut(id)).toBe(true);

    // The remaining pre-order still ships from the stock it was owed.
    const owed = (await env.client.order(second.json().order_id))!;
    expect((await env.shop.app.services.orderMoves.move({ order: owed, to: "sent", actor: { kind: "staff", id: "1" } }))?.status).toBe("sent");
    expect(await env.client.stockOf(id)).toBe(0);
    const [row] = await env.shop.database.db.select({ owed: productsTable.preorderOwed }).from(productsTable).where(eq(productsTable.id, id));
    expect(row!.owed).toBe(0);
  });

  it("sells only the bottles beyond those owed, and frees them when the pre-order ships", async () => {
    const { id } = await beaujolais({ allocation: 3, stock: 0 });
    const preorder = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 3 }], { payment_method: "cod" }));
    expect(preorder.statusCode).toBe(200);
    await released(id);
    await arrive(id, 5);
    const tooMany = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 3 }]));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors[0]).toMatchObject({ id, inventory: 2 });
    const order = (await env.client.order(preorder.json().order_id))!;
    expect((await env.shop.app.services.orderMoves.move({ order, to: "sent", actor: { kind: "staff", id: "1" } }))?.status).toBe("sent");
    // Shipping takes the owed bottles off the stock: the two others are still for sale.
    expect(await env.client.stockOf(id)).toBe(2);
    expect((await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 2 }]))).statusCode).toBe(200);
  });
});

describe("migration 0043's count of owed bottles", () => {
  it("counts the pre-ordered bottles of orders neither sent nor cancelled", async () => {
    const { id } = await beaujolais({ allocation: 10, stock: 0 });
    const open = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 2 }], { payment_method: "cod" }));
    const gone = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 3 }], { payment_method: "cod" }));
    expect([open.statusCode, gone.statusCode]).toEqual([200, 200]);
    const order = (await env.client.order(gone.json().order_id))!;
    await env.shop.app.services.orderMoves.move({ order, to: "cancelled", actor: { kind: "staff", id: "1" } });
    const owed = async () =>
      (await env.shop.database.db.select({ owed: productsTable.preorderOwed }).from(productsTable).where(eq(productsTable.id, id)))[0]!.owed;
    expect(await owed()).toBe(2);
    // The database as it was before the column: nothing counted, then the migration's own statement.
    await env.shop.database.db.update(productsTable).set({ preorderOwed: 0 }).where(eq(productsTable.id, id));
    const migration = readFileSync(new URL("../db/migrations/0043_preorder_owed.sql", import.meta.url), "utf8");
    const fill = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .find((statement) => statement.startsWith("UPDATE"))!;
    await env.shop.database.db.execute(sql.raw(fill));
    expect(await owed()).toBe(2);
  });
});

describe("a pre-order line lowered before it ships (decisions 078, 092)", () => {
  it("gives its bottles back to the allocation and owes them no more; the stock is untouched", async () => {
    const staff = await staffSession(env.shop);
    const { id } = await beaujolais({ allocation: 5, stock: 4 });
    const placed = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 3 }], { payment_method: "cod" }));
    expect(placed.statusCode).toBe(200);
    const publicId = placed.json().order_id as string;
    expect(await allocationOf(id)).toBe(2);
    const detail = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${publicId}`, headers: staff.headers });
    const line = (detail.json().data.items as { product_id: number; line_id: number }[]).find((item) => item.product_id === id)!.line_id;
    const lowered = await env.shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${publicId}/lines`,
      headers: { ...staff.headers, "idempotency-key": crypto.randomUUID() },
      payload: { line, quantity: 1 },
    });
    expect(lowered.statusCode).toBe(200);
    expect(await allocationOf(id)).toBe(4);
    expect(await env.client.stockOf(id)).toBe(4);
    const [row] = await env.shop.database.db.select({ owed: productsTable.preorderOwed }).from(productsTable).where(eq(productsTable.id, id));
    expect(row!.owed).toBe(1);
  });
});
