import iconv from "iconv-lite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { booksKeptUntil } from "../../domain/liquor-law.ts";
import { japanToday } from "../catalog/catalog.stock.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { BOOK_REFUSED, databaseAnswer as answerOf } from "../testing/database-refusal.ts";

// The liquor books by 品目 and 税率の適用区分 with suppliers' registration numbers, monthly retail
// totals with the stock-takes they require, and books kept five years (decision 061).

let shop: TestApp;
let staff: StaffSession;
let client: CheckoutClient;
let whisky40: number;
let whisky43: number;
let liqueur: number;
let registered: { id: number; invoice_number: string };
let today: string;

function send(method: "POST" | "PATCH" | "DELETE", url: string, payload?: object, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method, url, headers: { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}` }, ...(payload ? { payload } : {}) });
}

function get(url: string, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method: "GET", url, headers: { cookie: `${staff.cookie}; locale=${locale}` } });
}

async function placeBankOrder(productId: number, amount: number) {
  const response = await client.post(shop.browserSession(), orderPayload([{ id: productId, amount }], { payment_method: "bank" }));
  expect(response.statusCode).toBe(200);
}

/** The database's own answer to a statement the application never sends: "done", or its refusal's SQLSTATE and message. */
function databaseAnswer(statement: ReturnType<typeof sql>) {
  return answerOf(shop.database.db, statement);
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  staff = await staffSession(shop);
  client = new CheckoutClient(shop);
  const make = new CatalogFactory(shop.database.db);
  // Two 700 ml whiskies either side of the 40 % line the brackets turn on.
  const whisky = (name: { ja: string; en: string }, price: number, alcoholPermille: number) =>
    make.product({ name, price, stock: 0, volumeMl: 700, alcoholPermille, liquorCategory: "whisky" });
  whisky40 = await whisky({ ja: "蔵のモルト", en: "Kura malt" }, 7000, 400);
  whisky43 = await whisky({ ja: "蔵のカスク", en: "Kura cask" }, 9000, 430);
  liqueur = await make.product({ name: { ja: "梅酒", en: "Umeshu" }, price: 2000, stock: 0, volumeMl: 720, alcoholPermille: 120, liquorCategory: "liqueur" });
  today = japanToday();
});

afterAll(async () => {
  await shop.close();
});

describe("supplier records with invoice registration numbers", () => {
  it("keeps a supplier's T-number, normalised, and refuses one that is not T and 13 digits (ja/en)", async () => {
    const created = await send("POST", "/admin/api/suppliers", {
      supplier_name: "株式会社蔵前酒販",
      supplier_address: "東京都台東区蔵前1-2-3",
      invoice_number: "ｔ１２３４５６７８９０１２３",
    });
    expect(created.statusCode).toBe(201);
    registered = created.json().data;
    expect(registered).toMatchObject({ name: "株式会社蔵前酒販", address: "東京都台東区蔵前1-2-3", invoice_number: "T1234567890123" });

    const bad = await send("POST", "/admin/api/suppliers", { supplier_name: "山田酒店", supplier_address: "大阪府", invoice_number: "T12345" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ invoice_number: ["登録番号は「T」と13桁の数字で入力してください(例: T1234567890123)"] });
    const badEn = await send("POST", "/admin/api/suppliers", { supplier_name: "", supplier_address: "Osaka", invoice_number: "1234567890123" }, "en");
    expect(badEn.json().fields).toEqual({
      supplier_name: ["Supplier name can't be blank"],
      invoice_number: ['Registration number must be "T" and 13 digits (e.g. T1234567890123)'],
    });
    const list = await get("/admin/api/suppliers");
    expect(list.json().data).toEqual([{ id: registered.id, name: "株式会社蔵前酒販", address: "東京都台東区蔵前1-2-3", invoice_number: "T1234567890123" }]);
  });

  it("books a receiving from a supplier record with its number, and a typed supplier without one", async () => {
    const fromRecord = await send("POST", `/admin/api/products/${whisky40}/receivings`, {
      received_on: today,
      supplier_id: registered.id,
      quantity: 6,
      unit_cost: 4000,
    });
    expect(fromRecord.statusCode).toBe(201);
    expect(fromRecord.json().data.moves[0]).toMatchObject({ supplier_name: "株式会社蔵前酒販", supplier_invoice_number: "T1234567890123" });
    const typed = await send("POST", `/admin/api/products/${whisky43}/receivings`, {
      received_on: today,
      supplier_name: "山田酒店",
      supplier_address: "大阪府大阪市北区1-1",
      quantity: 3,
      unit_cost: 6000,
    });
    expect(typed.statusCode).toBe(201);
    const liqueurIn = await send("POST", `/admin/api/products/${liqueur}/receivings`, {
      received_on: today,
      supplier_name: "梅の里酒造",
      supplier_address: "和歌山県田辺市1-2",
      supplier_invoice_number: "T9876543210987",
      quantity: 12,
      unit_cost: 900,
    });
    expect(liqueurIn.statusCode).toBe(201);
    const unknown = await send(
      "POST",
      `/admin/api/products/${whisky40}/receivings`,
      { received_on: today, supplier_id: 999999, quantity: 1, unit_cost: 1 },
      "en",
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({ supplier_id: ["Supplier is not included in the list"] });
  });

  it("a later change of the record leaves the booked receiving as it was", async () => {
    const changed = await send("PATCH", `/admin/api/suppliers/${registered.id}`, {
      supplier_name: "株式会社蔵前酒販(新社名)",
      supplier_address: "東京都台東区蔵前9-9-9",
      invoice_number: "T1234567890123",
    });
    expect(changed.statusCode).toBe(200);
    const book = await get(`/admin/api/ledger/purchases?from=${today}&to=${today}&category=whisky`);
    expect(book.json().data[0]).toMatchObject({ supplier_name: "株式会社蔵前酒販", supplier_address: "東京都台東区蔵前1-2-3" });
  });
});

describe("the books by 品目 and 税率の適用区分", () => {
  beforeAll(async () => {
    await placeBankOrder(whisky40, 2);
    await placeBankOrder(whisky43, 1);
    await placeBankOrder(liqueur, 3);
  });

  it("仕入帳: each receiving in its bracket, with the supplier's T-number and the deductible share", async () => {
    const response = await get(`/admin/api/ledger/purchases?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    const unregistered = today <= "2026-09-30" ? 80 : 70;
    expect(
      response
        .json()
        .data.map((row: Record<string, unknown>) => [
          row.product_id,
          row.bracket_label,
          row.alcohol_percent,
          row.supplier_invoice_number,
          row.deductible_percent,
        ]),
    ).toEqual([
      [whisky40, "40度以上41度未満", "40.0", "T1234567890123", 100],
      [whisky43, "43度以上44度未満", "43.0", null, unregistered],
      [liqueur, "12度以上13度未満", "12.0", "T9876543210987", 100],
    ]);
  });

  it("販売帳: two whiskies of different strength are two brackets of one 品目", async () => {
    const response = await get(`/admin/api/ledger/sales?from=${today}&to=${today}`);
    const rows = response.json().data as Record<string, unknown>[];
    expect(rows.map((row) => [row.category_label, row.bracket, row.bracket_label, row.sold, row.litres, row.amount])).toEqual([
      ["ウイスキー", "400-410", "40度以上41度未満", 2, "1.400", 14000],
      ["ウイスキー", "430-440", "43度以上44度未満", 1, "0.700", 9000],
      ["リキュール", "120-130", "12度以上13度未満", 3, "2.160", 6000],
    ]);
    const en = await get(`/admin/api/ledger/sales?from=${today}&to=${today}&category=whisky`, "en");
    expect(en.json().data.map((row: Record<string, unknown>) => row.bracket_label)).toEqual(["40% to below 41%", "43% to below 44%"]);
  });

  it("keeps a move in the bracket it was booked in when the product's strength changes later", async () => {
    const patched = await shop.app.inject({
      method: "PATCH",
      url: `/admin/api/products/${whisky43}`,
      headers: staff.headers,
      payload: { alcohol_percent: "46" },
    });
    expect(patched.statusCode).toBe(200);
    const response = await get(`/admin/api/ledger/sales?from=${today}&to=${today}&category=whisky`);
    expect(response.json().data.map((row: Record<string, unknown>) => row.bracket)).toEqual(["400-410", "430-440"]);
  });

  it("the CSV states the book's period and the bracket of each figure, in UTF-8 or Shift_JIS", async () => {
    const csv = await get(`/admin/api/ledger/purchases?from=${today}&to=${today}&category=whisky&format=csv&encoding=shift_jis`);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=Shift_JIS");
    const text = iconv.decode(csv.rawPayload, "Shift_JIS");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "帳簿の期間,仕入年月日,品目,税率の適用区分,アルコール分(%),商品ID,商品名,容量(ml),数量(本),数量(L),単価(円),金額(円),仕入先の名称,仕入先の所在地,仕入先の登録番号,仕入税額控除の割合(%)",
    );
    expect(lines[1]).toBe(
      `${today}から${today}まで,${today},ウイスキー,40度以上41度未満,40.0,${whisky40},蔵のモルト,700,6,4.200,4000,24000,株式会社蔵前酒販,東京都台東区蔵前1-2-3,T1234567890123,100`,
    );
    const sales = await get(`/admin/api/ledger/sales?from=${today}&to=${today}&category=liqueur&format=csv`);
    expect(
      sales.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n")[1],
    ).toBe(`${today}から${today}まで,${today},${today},${today},リキュール,12度以上13度未満,3,0,3,2.160,6000`);
  });
});

describe("monthly retail totals need a stock-take at least every three months", () => {
  it("refuses monthly totals without a stock-take, and warns that one is overdue", async () => {
    const status = await get("/admin/api/ledger/stock-takes");
    expect(status.json().data).toEqual({ stock_takes: [], last_taken_on: null, overdue: true });
    const month = today.slice(0, 7);
    const refused = await get(`/admin/api/ledger/sales?from=${month}-01&to=${today}&mode=monthly`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields.mode[0]).toContain(`棚卸しの記録がない月: ${month}`);
    expect((await get(`/admin/api/ledger/sales?mode=weekly`, "en")).json().fields).toEqual({ mode: ["Booking method is not included in the list"] });
  });

  it("adds up a month per 品目 and bracket once a stock-take is recorded", async () => {
    const recorded = await send("POST", "/admin/api/ledger/stock-takes", { taken_on: today, note: "月末棚卸し" });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json().data).toMatchObject({ last_taken_on: today, overdue: false });
    expect(recorded.json().data.stock_takes[0]).toMatchObject({ taken_on: today, note: "月末棚卸し", kept_until: booksKeptUntil(today) });
    const month = today.slice(0, 7);
    const response = await get(`/admin/api/ledger/sales?from=${month}-01&to=${today}&mode=monthly&category=whisky`);
    expect(response.statusCode).toBe(200);
    expect(response.json().meta.mode).toBe("monthly");
    expect(response.json().data.map((row: Record<string, unknown>) => [row.date, row.period_from, row.period_to, row.bracket, row.sold])).toEqual([
      [month, `${month}-01`, today, "400-410", 2],
      [month, `${month}-01`, today, "430-440", 1],
    ]);
    const future = await send("POST", "/admin/api/ledger/stock-takes", { taken_on: "2999-01-01" }, "en");
    expect(future.json().fields).toEqual({ taken_on: ["Stock-take date is invalid"] });
  });
});

describe("the books are kept five years after closing", () => {
  it("the API refuses to delete a ledger entry or a recent stock-take, saying until when (409)", async () => {
    const result = await shop.database.db.execute(
      sql`select id, moved_on::text as moved_on from stock_moves where product_id = ${whisky40} order by id limit 1`,
    );
    const [move] = (result as unknown as { rows: { id: number; moved_on: string }[] }).rows;
    const until = booksKeptUntil(move!.moved_on);
    const response = await send("DELETE", `/admin/api/ledger/moves/${move!.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([`在庫台帳の記録は帳簿閉鎖後5年間の保存が必要なため、${until}まで削除できません(酒税法施行令第52条)。`]);
    const stockTakes = (await get("/admin/api/ledger/stock-takes")).json().data.stock_takes as { id: number }[];
    const refused = await send("DELETE", `/admin/api/ledger/stock-takes/${stockTakes[0]!.id}`, undefined, "en");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toContain(`cannot be deleted until ${booksKeptUntil(today)}`);
    expect((await get("/admin/api/ledger/stock-takes")).json().data.stock_takes).toHaveLength(1);
  });

  it("a stock-take past its five years may go; a supplier the 仕入帳 names may not", async () => {
    const old = await send("POST", "/admin/api/ledger/stock-takes", { taken_on: "2019-05-31", note: "" });
    const oldId = (old.json().data.stock_takes as { id: number; taken_on: string }[]).find((row) => row.taken_on === "2019-05-31")!.id;
    expect((await send("DELETE", `/admin/api/ledger/stock-takes/${oldId}`)).statusCode).toBe(204);
    const inBooks = await send("DELETE", `/admin/api/suppliers/${registered.id}`);
    expect(inBooks.statusCode).toBe(409);
    expect(inBooks.json().errors[0]).toContain("仕入帳に記載されているため削除できません");
    const spare = await send("POST", "/admin/api/suppliers", { supplier_name: "未取引の問屋", supplier_address: "京都府", invoice_number: "" });
    expect(spare.json().data.invoice_number).toBeNull();
    expect((await send("DELETE", `/admin/api/suppliers/${spare.json().data.id}`)).statusCode).toBe(204);
  });

  it("the database itself refuses to change or delete an entry, or the product it belongs to", async () => {
    const refused = { code: BOOK_REFUSED, message: expect.stringContaining("liquor_books_retention") };
    expect(await databaseAnswer(sql`update stock_moves set quantity = 0 where product_id = ${whisky40}`)).toEqual(refused);
    expect(await databaseAnswer(sql`delete from stock_moves where product_id = ${whisky40}`)).toEqual(refused);
    expect(await databaseAnswer(sql`delete from products where id = ${whisky40}`)).toEqual(refused);
    expect(await databaseAnswer(sql`truncate stock_moves`)).toEqual(refused);
    expect(await databaseAnswer(sql`update stock_moves set supplier_invoice_number = 'T123' where product_id = ${whisky40}`)).not.toBe("done");
    const counted = await shop.database.db.execute(sql`select count(*)::int as n from stock_moves where product_id = ${whisky40}`);
    const [count] = (counted as unknown as { rows: { n: number }[] }).rows;
    expect(count!.n).toBe(3);
  });
});
