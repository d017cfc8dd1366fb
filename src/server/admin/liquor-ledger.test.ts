import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fiscalYearOf } from "../../domain/liquor-law.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { japanToday } from "../catalog/catalog.stock.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// The liquor ledger (酒税法 §46, decision 038): every change of stock is a recorded move, the moves
// add up to the stock, and the 仕入帳, 販売帳 and yearly figures are read from them.

let shop: TestApp;
let staff: StaffSession;
let client: CheckoutClient;
let make: CatalogFactory;
let whisky: number;
let seishu: number;

const SUPPLIER = { supplier_name: "株式会社蔵前酒販", supplier_address: "東京都台東区蔵前1-2-3" };

function post(url: string, payload: object, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method: "POST", url, headers: { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}` }, payload });
}

function get(url: string, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method: "GET", url, headers: { cookie: `${staff.cookie}; locale=${locale}` } });
}

async function movesOf(productId: number) {
  const response = await get(`/admin/api/products/${productId}/stock-moves`);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    stock: number;
    ledger_total: number;
    moves: {
      kind: string;
      quantity: number;
      balance: number;
      reason: string | null;
      actor: string;
      actor_id: string | null;
      order_id: number | null;
      supplier_name: string | null;
    }[];
  };
}

/** Every product whose stock is not the sum of its moves (none, if the ledger holds). */
async function ledgerMismatches() {
  const result = await shop.database.db.execute(
    sql`select p.id, p.stock, coalesce(sum(m.quantity), 0)::int as total from products p left join stock_moves m on m.product_id = p.id group by p.id, p.stock having p.stock <> coalesce(sum(m.quantity), 0)`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
}

async function placeBankOrder(productId: number, amount: number) {
  const response = await client.post(shop.browserSession(), orderPayload([{ id: productId, amount }], { payment_method: "bank" }));
  expect(response.statusCode).toBe(200);
  return response.json().order_id as string;
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  staff = await staffSession(shop);
  client = new CheckoutClient(shop);
  make = new CatalogFactory(shop.database.db);
  whisky = await make.product({ name: { ja: "蔵の琥珀", en: "Kura amber" }, price: 6000, stock: 10, volumeMl: 700, liquorCategory: "whisky" });
});

afterAll(async () => {
  await shop.close();
});

describe("the ledger adds up to the stock", () => {
  it("after a receiving of 12, a sale, a cancellation and a breakage", async () => {
    const received = await post(`/admin/api/products/${whisky}/receivings`, { received_on: japanToday(), ...SUPPLIER, quantity: 12, unit_cost: 3500 });
    expect(received.statusCode).toBe(201);
    expect(received.json().data).toMatchObject({ stock: 22, ledger_total: 22 });

    const cancelled = await placeBankOrder(whisky, 2);
    await placeBankOrder(whisky, 1);
    expect(await client.stockOf(whisky)).toBe(19);
    const cancel = await shop.app.inject({ method: "POST", url: `/admin/api/orders/${cancelled}/cancel`, headers: staff.headers });
    expect(cancel.statusCode).toBe(200);
    expect(await client.stockOf(whisky)).toBe(21);

    const broken = await post(`/admin/api/products/${whisky}/adjustments`, { kind: "breakage", quantity: 1, reason: "検品時に瓶が割れていた" });
    expect(broken.statusCode).toBe(201);

    const ledger = await movesOf(whisky);
    expect(await client.stockOf(whisky)).toBe(20);
    expect(ledger.stock).toBe(20);
    expect(ledger.ledger_total).toBe(20);
    // Newest first, each with who made it.
    expect(ledger.moves.map((move) => [move.kind, move.quantity, move.balance])).toEqual([
      ["breakage", -1, 20],
      ["cancellation", 2, 21],
      ["sale", -1, 19],
      ["sale", -2, 20],
      ["receiving", 12, 22],
      ["opening", 10, 10],
    ]);
    expect(ledger.moves[0]).toMatchObject({ actor: "staff", actor_id: String(staff.staff.id), reason: "検品時に瓶が割れていた" });
    expect(ledger.moves[1]!.actor).toBe("order");
    expect(ledger.moves[1]!.order_id).toBe(ledger.moves[3]!.order_id);
    expect(ledger.moves[4]).toMatchObject({ actor: "staff", supplier_name: "株式会社蔵前酒販" });
    expect(await ledgerMismatches()).toEqual([]);
  });

  it("books the product form's stock figure as a stock-take correction, and the quick restock as a receiving", async () => {
    seishu = await make.product({ stock: 5, liquorCategory: "seishu" });
    const product = seishu;
    const patched = await shop.app.inject({ method: "PATCH", url: `/admin/api/products/${product}`, headers: staff.headers, payload: { stock: 8 } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.stock).toBe(8);
    const restocked = await post(`/admin/api/products/${product}/restock`, { amount: 4 });
    expect(restocked.statusCode).toBe(200);
    const ledger = await movesOf(product);
    expect(ledger.moves.map((move) => [move.kind, move.quantity])).toEqual([
      ["receiving", 4],
      ["correction", 3],
      ["opening", 5],
    ]);
    expect(ledger.moves[1]!.reason).toBe("在庫数の直接修正");
    expect(ledger.ledger_total).toBe(12);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it("sets a stock-take count and books the difference", async () => {
    const product = await make.product({ stock: 7 });
    const response = await post(`/admin/api/products/${product}/adjustments`, { kind: "correction", quantity: 4, reason: "棚卸し" });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ stock: 4, ledger_total: 4 });
    expect(response.json().data.moves[0]).toMatchObject({ kind: "correction", quantity: -3 });
    const tasting = await post(`/admin/api/products/${product}/adjustments`, { kind: "tasting", quantity: 1, reason: "店頭試飲会" });
    const returned = await post(`/admin/api/products/${product}/adjustments`, { kind: "return", quantity: 2, reason: "お客様都合の返品" });
    expect([tasting.statusCode, returned.statusCode]).toEqual([201, 201]);
    expect(returned.json().data).toMatchObject({ stock: 5, ledger_total: 5 });
  });
});

describe("bad input", () => {
  it("answers 422 with ja/en messages and writes nothing", async () => {
    const product = await make.product({ stock: 2 });
    const cases: [object, "ja" | "en", Record<string, string[]>][] = [
      [{ received_on: japanToday(), ...SUPPLIER, quantity: -3, unit_cost: 100 }, "ja", { quantity: ["数量は1以上の値にしてください"] }],
      [{ received_on: japanToday(), supplier_address: "東京都", quantity: 3, unit_cost: 100 }, "en", { supplier_name: ["Supplier name can't be blank"] }],
      [{ received_on: "2026-02-30", ...SUPPLIER, quantity: 3, unit_cost: 100 }, "ja", { received_on: ["仕入日は不正な値です"] }],
      [{ received_on: `${new Date().getFullYear() + 1}-01-01`, ...SUPPLIER, quantity: 3, unit_cost: 100 }, "en", { received_on: ["Date received is invalid"] }],
    ];
    for (const [payload, locale, errors] of cases) {
      const response = await post(`/admin/api/products/${product}/receivings`, payload, locale);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().fields).toEqual(errors);
    }
    const adjustments: [object, "ja" | "en", Record<string, string[]>][] = [
      [{ kind: "breakage", quantity: 1, reason: "" }, "ja", { reason: ["理由を入力してください"] }],
      [{ kind: "breakage", quantity: 1 }, "en", { reason: ["Reason can't be blank"] }],
      [{ kind: "breakage", quantity: -1, reason: "割れ" }, "en", { quantity: ["Quantity must be greater than or equal to 1"] }],
      [{ kind: "theft", quantity: 1, reason: "?" }, "ja", { kind: ["区分は一覧にありません"] }],
      [{ kind: "breakage", quantity: 3, reason: "割れ" }, "ja", { quantity: ["数量は2以下の値にしてください"] }],
    ];
    for (const [payload, locale, errors] of adjustments) {
      const response = await post(`/admin/api/products/${product}/adjustments`, payload, locale);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().fields).toEqual(errors);
    }
    const ledger = await movesOf(product);
    expect(ledger.moves).toHaveLength(1);
    expect(ledger.stock).toBe(2);
  });

  it("answers 404 for a product that does not exist", async () => {
    expect((await post("/admin/api/products/999999/receivings", { received_on: japanToday(), ...SUPPLIER, quantity: 1, unit_cost: 1 })).statusCode).toBe(404);
    expect((await get("/admin/api/products/999999/stock-moves")).statusCode).toBe(404);
  });

  it("refuses a bad period or 品目 of the books", async () => {
    expect((await get("/admin/api/ledger/purchases?from=2026-13-01")).json().fields).toEqual({ from: ["開始日は不正な値です"] });
    expect((await get("/admin/api/ledger/sales?from=2026-05-02&to=2026-05-01", "en")).json().fields).toEqual({ to: ["To is invalid"] });
    expect((await get("/admin/api/ledger/sales?category=sake")).statusCode).toBe(422);
    expect((await get("/admin/api/ledger/year?year=1999")).statusCode).toBe(422);
  });
});

describe("the books for the tax office", () => {
  let gin: number;
  let snack: number;

  beforeAll(async () => {
    gin = await make.product({ name: { ja: "蔵のジン", en: "Kura gin" }, price: 4000, stock: 0, volumeMl: 500, liquorCategory: "spirits" });
    // Not liquor: no 品目, so in no book.
    snack = await make.product({ name: { ja: "おつまみ", en: "Snack" }, price: 500, stock: 0, volumeMl: null });
    for (const id of [gin, snack]) {
      const response = await post(`/admin/api/products/${id}/receivings`, { received_on: japanToday(), ...SUPPLIER, quantity: 6, unit_cost: 2000 });
      expect(response.statusCode).toBe(201);
    }
    await placeBankOrder(gin, 2);
  });

  it("仕入帳: a line per receiving with supplier, litres and amount (JSON and CSV)", async () => {
    const today = japanToday();
    const response = await get(`/admin/api/ledger/purchases?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as { product_id: number }[];
    // The whisky's receiving, the sake's quick restock (no supplier stated), the gin's; not the snack's.
    expect(rows.map((row) => row.product_id)).toEqual([whisky, seishu, gin]);
    expect(rows[0]).toMatchObject({
      category_label: "ウイスキー",
      bracket: "130-370",
      bracket_label: "13度以上37度未満",
      quantity: 12,
      litres: "8.400",
      unit_cost: 3500,
      amount: 42000,
      ...SUPPLIER,
      supplier_invoice_number: null,
    });
    expect(rows[1]).toMatchObject({ category_label: "清酒", quantity: 4, litres: "3.000", unit_cost: null, supplier_name: "" });
    expect(rows[2]).toMatchObject({ category_label: "スピリッツ", quantity: 6, litres: "3.000", amount: 12000 });

    const csv = await get(`/admin/api/ledger/purchases?from=${today}&to=${today}&category=whisky&format=csv`);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="purchases-${today}-${today}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv.body.startsWith("\uFEFF")).toBe(true);
    const deductible = today <= "2026-09-30" ? 80 : 70;
    expect(lines).toEqual([
      "帳簿の期間,仕入年月日,品目,税率の適用区分,アルコール分(%),商品ID,商品名,容量(ml),数量(本),数量(L),単価(円),金額(円),仕入先の名称,仕入先の所在地,仕入先の登録番号,仕入税額控除の割合(%)",
      `${today}から${today}まで,${today},ウイスキー,13度以上37度未満,13.0,${whisky},蔵の琥珀,700,12,8.400,3500,42000,株式会社蔵前酒販,東京都台東区蔵前1-2-3,(登録なし),${deductible}`,
    ]);
  });

  it("販売帳: daily totals by 品目 and bracket, cancellations apart, in litres and yen", async () => {
    const today = japanToday();
    const response = await get(`/admin/api/ledger/sales?from=${today}&to=${today}`);
    const day = { date: today, period_from: today, period_to: today };
    const bracket = { bracket: "130-370", bracket_label: "13度以上37度未満" };
    expect(response.json().data).toEqual([
      { ...day, category: "whisky", category_label: "ウイスキー", ...bracket, sold: 3, returned: 2, net: 1, litres: "0.700", amount: 6000 },
      { ...day, category: "spirits", category_label: "スピリッツ", ...bracket, sold: 2, returned: 0, net: 2, litres: "1.000", amount: 8000 },
    ]);
    const csv = await get(`/admin/api/ledger/sales?from=${today}&to=${today}&format=csv`, "en");
    expect(
      csv.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toEqual([
      'Book period,Date (or month),Totals from,Totals to,Category,Tax bracket,Bottles sold,Cancelled or returned,Net bottles,Net litres,"Amount (yen, excl. tax)"',
      `${today} to ${today},${today},${today},${today},Whisky,13% to below 37%,3,2,1,0.700,6000`,
      `${today} to ${today},${today},${today},${today},Spirits,13% to below 37%,2,0,2,1.000,8000`,
    ]);
  });

  it("the year's figures in litres add up: opening + purchased − sold + other = closing", async () => {
    const year = fiscalYearOf(japanDateOf(new Date()));
    const response = await get(`/admin/api/ledger/year?year=${year}`);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data.rows as Record<string, string | number>[];
    // Whisky: 10 opening bottles (booked today, so "other"), +12 received, −3 sold +2 cancelled, −1 broken: 20 × 0.7 L.
    expect(rows.find((row) => row.category === "whisky")).toEqual({
      category: "whisky",
      category_label: "ウイスキー",
      opening_litres: "0.000",
      purchased_litres: "8.400",
      sold_litres: "0.700",
      other_litres: "6.300",
      closing_litres: "14.000",
      bottles_without_volume: 0,
    });
    expect(rows.find((row) => row.category === "spirits")).toMatchObject({ purchased_litres: "3.000", sold_litres: "1.000", closing_litres: "2.000" });
    expect(rows.map((row) => row.category)).not.toContain(null);
    const csv = await get(`/admin/api/ledger/year?year=${year}&format=csv`);
    expect(csv.body).toContain("ウイスキー,0.000,8.400,0.700,6.300,14.000,0");
    expect(await ledgerMismatches()).toEqual([]);
  });
});
