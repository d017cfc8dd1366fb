import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderPaymentMethod, OrderStatus } from "../../domain/checkout.ts";
import type { AdminOrdersPage } from "../../domain/order-view.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { insertOrder as insertOrderRow } from "../testing/order-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// GET /admin/api/orders: filters (status, payment method, Japan dates, search), 20 a page, newest
// first, pending card orders only when asked for; GET /admin/api/orders/{id}: everything the shopper gave.

let shop: TestApp;
let staff: StaffSession;
let wine: number;
const ids: Record<string, string> = {};

async function insertOrder(key: string, fields: { status: OrderStatus; method: OrderPaymentMethod; name: string; email: string; createdAt: Date }) {
  ids[key] = (await insertOrderRow(shop, { productId: wine, ...fields })).publicId;
}

function list(query = "", locale?: "ja" | "en") {
  return shop.app.inject({ method: "GET", url: `/admin/api/orders${query}`, headers: { cookie: locale ? `${staff.cookie}; locale=${locale}` : staff.cookie } });
}

async function listIds(query: string): Promise<string[]> {
  const response = await list(query);
  expect(response.statusCode).toBe(200);
  return (response.json() as AdminOrdersPage).data.map((order) => order.id);
}

beforeAll(async () => {
  shop = await createTestApp();
  staff = await staffSession(shop);
  wine = await new CatalogFactory(shop.database.db).product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000 });
  // 21 bank orders waiting for their transfer, one a minute from 10 January (Japan time 09:00).
  for (let index = 0; index < 21; index++) {
    await insertOrder(`bank${index}`, {
      status: "await_payment",
      method: "bank",
      name: `山田 花子${index}`,
      email: `hanako${index}@example.com`,
      createdAt: new Date(Date.UTC(2026, 0, 10, 0, index)),
    });
  }
  // Just before and just after midnight of 1 April in Japan (15:00 UTC the day before).
  await insertOrder("lastOfMarch", {
    status: "await_payment",
    method: "cod",
    name: "Suzuki Ichiro",
    email: "ICHIRO.Suzuki@Example.com",
    createdAt: new Date("2026-03-31T14:59:59Z"),
  });
  await insertOrder("firstOfApril", {
    status: "deposited",
    method: "credit",
    name: "田中 一郎",
    email: "tanaka@example.com",
    createdAt: new Date("2026-03-31T15:00:00Z"),
  });
  await insertOrder("sent", { status: "sent", method: "cod", name: "佐藤 次郎", email: "sato@example.com", createdAt: new Date("2026-04-02T01:00:00Z") });
  await insertOrder("cancelled", {
    status: "cancelled",
    method: "bank",
    name: "高橋 三郎",
    email: "takahashi@example.com",
    createdAt: new Date("2026-04-03T01:00:00Z"),
  });
  await insertOrder("percent", {
    status: "await_payment",
    method: "bank",
    name: "Shop 100% Co",
    email: "percent@example.com",
    createdAt: new Date("2026-04-04T01:00:00Z"),
  });
  await insertOrder("digits", {
    status: "await_payment",
    method: "bank",
    name: "Shop 1000 Co",
    email: "digits@example.com",
    createdAt: new Date("2026-04-05T01:00:00Z"),
  });
  await insertOrder("pending", {
    status: "pending",
    method: "credit",
    name: "Pending Person",
    email: "pending@example.com",
    createdAt: new Date("2026-04-06T01:00:00Z"),
  });
});

afterAll(async () => {
  await shop.close();
});

describe("GET /admin/api/orders", () => {
  it("pages every order but pending card orders, 20 a page, newest first", async () => {
    const first = (await list()).json() as AdminOrdersPage;
    expect(first.meta.pagination).toEqual({ current_page: 1, total_page: 2, total_count: 27 });
    expect(first.data).toHaveLength(20);
    expect(first.data.slice(0, 6).map((order) => order.id)).toEqual([ids.digits, ids.percent, ids.cancelled, ids.sent, ids.firstOfApril, ids.lastOfMarch]);
    expect(first.data[0]).toEqual({
      id: ids.digits,
      created_at: "2026-04-05T01:00:00.000Z",
      status: "await_payment",
      payment_method: "bank",
      name: "Shop 1000 Co",
      email: "digits@example.com",
      price: 7810,
      // Placed by the shopper, not entered by staff (decision 081).
      entered_by: null,
    });
    const second = (await list("?page=2")).json() as AdminOrdersPage;
    expect(second.meta.pagination).toEqual({ current_page: 2, total_page: 2, total_count: 27 });
    expect(second.data.map((order) => order.id)).toEqual([6, 5, 4, 3, 2, 1, 0].map((index) => ids[`bank${index}`]));
    expect((await listIds("?page=0"))[0]).toBe(ids.digits);
    expect((await list("?page=3")).json()).toEqual({ data: [], meta: { pagination: { current_page: 3, total_page: 2, total_count: 27 } } });
  });

  it("filters by status; pending card orders only when asked for", async () => {
    expect(await listIds("?status=pending")).toEqual([ids.pending]);
    expect(await listIds("?status=sent")).toEqual([ids.sent]);
    expect(await listIds("?status=cancelled")).toEqual([ids.cancelled]);
    expect((await list("?status=await_payment")).json().meta.pagination.total_count).toBe(24);
  });

  it("filters by payment method, together with the status", async () => {
    expect(await listIds("?payment_method=cod")).toEqual([ids.sent, ids.lastOfMarch]);
    expect(await listIds("?payment_method=credit")).toEqual([ids.firstOfApril]);
    expect(await listIds("?payment_method=credit&status=pending")).toEqual([ids.pending]);
    expect(await listIds("?payment_method=cod&status=await_payment")).toEqual([ids.lastOfMarch]);
  });

  it("filters by Japan dates, both ends inclusive", async () => {
    expect(await listIds("?from=2026-04-01&to=2026-04-01")).toEqual([ids.firstOfApril]);
    expect(await listIds("?from=2026-03-31&to=2026-03-31")).toEqual([ids.lastOfMarch]);
    expect(await listIds("?from=2026-04-03")).toEqual([ids.digits, ids.percent, ids.cancelled]);
    expect((await list("?to=2026-01-10")).json().meta.pagination.total_count).toBe(21);
    expect(await listIds("?from=2026-02-01&to=2026-03-30")).toEqual([]);
  });

  it("searches name, e-mail and order id, partial and case-insensitive; % is a plain character", async () => {
    expect(await listIds("?q=suzuki")).toEqual([ids.lastOfMarch]);
    expect(await listIds("?q=ichiro.SUZUKI%40example")).toEqual([ids.lastOfMarch]);
    expect(await listIds("?q=%E7%94%B0%E4%B8%AD")).toEqual([ids.firstOfApril]); // 田中
    expect(await listIds(`?q=${ids.sent!.slice(2, 9).toLowerCase()}`)).toEqual([ids.sent]);
    expect(await listIds("?q=100%25")).toEqual([ids.percent]);
    expect(await listIds("?q=nobody-at-all")).toEqual([]);
    // The order number as the shopper reads it out: grouped, full-width, lower case.
    const grouped = orderNumberForShopper(ids.sent!)
      .toLowerCase()
      .replace(/[0-9a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    expect(await listIds(`?q=${encodeURIComponent(grouped)}`)).toEqual([ids.sent]);
    expect((await list("?q=hanako1")).json().meta.pagination.total_count).toBe(11);
    expect(await listIds("?q=%20%20")).toHaveLength(20);
  });

  it("answers unknown filter values with 422 naming each field", async () => {
    const response = await list("?status=lost&payment_method=bitcoin&from=2026-02-30&to=April");
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({
      status: ["ステータスは一覧にありません"],
      payment_method: ["お支払い方法は一覧にありません"],
      from: ["開始日は不正な値です"],
      to: ["終了日は不正な値です"],
    });
    expect(response.json().errors).toHaveLength(4);
    expect((await list("?status=&payment_method=&from=&to=&q=")).json().meta.pagination.total_count).toBe(27);
    expect((await list("?status=lost", "en")).json().fields).toEqual({ status: ["Status is not included in the list"] });
  });
});

describe("GET /admin/api/orders/{id}", () => {
  it("shows everything the shopper gave, the lines and totals, and the moves allowed next", async () => {
    const response = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${ids.lastOfMarch}`, headers: { cookie: staff.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: ids.lastOfMarch,
        created_at: "2026-03-31T14:59:59.000Z",
        status: "await_payment",
        payment_method: "cod",
        name: "Suzuki Ichiro",
        email: "ICHIRO.Suzuki@Example.com",
        phone: "090-1234-5678",
        country: "jp",
        zip: "111-0051",
        prefecture: 13,
        address: "台東区蔵前3-14-7",
        building_name: "蔵前ビル1階",
        desired_delivery_date: "2026-04-03",
        desired_delivery_timezone: "14-16",
        memo: "不在時は宅配ボックスへ",
        items: [{ product_id: wine, name: "蔵の赤", unit_price: 3000, amount: 2, line_total: 6000, reduced: false, tax_rate: 10, line_id: expect.any(Number) }],
        items_total: 6000,
        shipping_fee: 1100,
        payment_method_fee: 440,
        charges: [
          { kind: "shipping", label: "送料", amount: 1100, taxable: true },
          { kind: "payment_fee", label: "代引き手数料", amount: 440, taxable: true },
        ],
        tax_total: 754,
        taxes: [{ base: 7540, rate: 10, tax: 754 }],
        price: 8294,
        slip_number: null,
        // Not shipped: no carrier or tracking page; no gift, no other recipient, no birth date asked.
        carrier: null,
        carrier_label: null,
        tracking_url: null,
        gift: null,
        recipient: null,
        birth_date: null,
        // Placed by the shopper: no staff entry, kana or staff memo (decision 081).
        entered_by: null,
        customer_kana: "",
        staff_memo: "",
        locale: "ja",
        next: ["sent", "cancelled"],
        // Cash on delivery not yet shipped: staff may still add a discount or correction (decision 070).
        adjustable: true,
        // A bank transfer not yet paid: a line may still be lowered, the amount to pay follows (decision 078).
        lines_cancellable: true,
        // Written straight into the table by the test, not through a checkout: no moves recorded.
        history: [],
        // Its payment and its parcel (decision 076): cash on delivery waits for the carrier, ready to ship.
        payments: [
          {
            method: "cod",
            amount: 8294,
            refunded_amount: 0,
            state: "authorized",
            state_label: "入金待ち",
            payment_intent_id: null,
            created_at: expect.any(String),
            updated_at: expect.any(String),
          },
        ],
        shipments: [
          {
            position: 0,
            recipient: null,
            desired_delivery_date: "2026-04-03",
            desired_delivery_timezone: "14-16",
            gift: null,
            fee: 1100,
            carrier: null,
            carrier_label: null,
            slip_number: null,
            state: "ready",
            state_label: "出荷可能",
            shipped_at: null,
            lines: [{ order_item_id: expect.any(Number), name: "蔵の赤", quantity: 2 }],
          },
        ],
      },
    });
  });

  it("names the lines in the request's language and offers each status its own moves", async () => {
    const english = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${ids.bank0}`, headers: { cookie: `${staff.cookie}; locale=en` } });
    expect(english.json().data.items[0].name).toBe("Kura red");
    const next = async (key: string) =>
      (await shop.app.inject({ method: "GET", url: `/admin/api/orders/${ids[key]}`, headers: { cookie: staff.cookie } })).json().data.next;
    expect(await next("bank0")).toEqual(["deposited", "cancelled"]);
    expect(await next("firstOfApril")).toEqual(["sent", "cancelled"]);
    expect(await next("sent")).toEqual([]);
    expect(await next("cancelled")).toEqual([]);
    expect(await next("pending")).toEqual([]);
  });

  it("answers 404 for unknown or malformed ids", async () => {
    for (const id of ["0000000000AA", "not-an-id", ids.bank0!.toLowerCase()]) {
      const response = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: { cookie: staff.cookie } });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors).toEqual(["指定されたリソースは存在しません。"]);
    }
  });
});
