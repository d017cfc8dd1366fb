import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItemsTable, ordersTable } from "../db/schema/orders.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { b2Cell, b2Cells } from "../testing/b2-cloud-files.ts";
import { csvRows } from "../testing/csv-rows.ts";
import { b2TimeBand, B2_COLUMNS, fitBytes } from "./b2-cloud.csv.ts";
import { b2Text } from "./b2-text.ts";

// The orders list as files: the plain CSV (UTF-8 with BOM, a row per line) and the Yamato B2 Cloud
// upload (Shift_JIS, the standard layout's column order), both with the list's filters.

let shop: TestApp;
let staff: StaffSession;
let red: number;
let sake: number;

async function download(path: string) {
  const response = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${path}`, headers: staff.headers });
  return { response, bytes: response.rawPayload };
}

beforeAll(async () => {
  shop = await createTestApp();
  staff = await staffSession(shop);
  const make = new CatalogFactory(shop.database.db);
  red = await make.product({ name: { ja: "蔵の赤", en: "Kura red" } });
  sake = await make.product({ name: { ja: "生酒 〜しぼりたて〜", en: "Fresh sake" }, shippingType: "cool" });
  await insertOrder(shop, {
    productId: red,
    status: "await_payment",
    method: "cod",
    name: "山田 花子",
    email: "hanako@example.com",
    createdAt: new Date("2026-04-01T10:00:00+09:00"),
  });
  await insertOrder(shop, {
    productId: sake,
    status: "deposited",
    method: "bank",
    name: "髙橋 次郎",
    email: "jiro@example.com",
    createdAt: new Date("2026-04-02T10:00:00+09:00"),
  });
  await insertOrder(shop, {
    productId: red,
    status: "cancelled",
    method: "bank",
    name: "取消 太郎",
    email: "cancel@example.com",
    createdAt: new Date("2026-04-03T10:00:00+09:00"),
  });
});

afterAll(async () => {
  await shop.close();
});

/** A paid bank-transfer order of one red for `name`, placed at 10:00 Japan time on `day`. */
function paidBankOrder(name: string, day: string) {
  return insertOrder(shop, { productId: red, status: "deposited", method: "bank", name, createdAt: new Date(`${day}T10:00:00+09:00`) });
}

describe("GET /admin/api/orders/export.csv", () => {
  it("answers a UTF-8 CSV with a byte order mark, a row per order line, newest first, with the list's filters", async () => {
    const { response, bytes } = await download("export.csv?from=2026-04-01&to=2026-04-03");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{8}\.csv"$/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(bytes.subarray(3).toString("utf8"));
    expect(rows[0]!.slice(0, 5)).toEqual(["注文番号", "注文日時", "状況", "お支払い方法", "お名前"]);
    expect(rows[0]!.slice(-6)).toEqual(["行", "商品ID", "商品名", "単価(税抜)", "数量", "小計(税抜)"]);
    expect(rows.slice(1).map((row) => row[4])).toEqual(["取消 太郎", "髙橋 次郎", "山田 花子"]);
    const hanako = rows[3]!;
    expect(hanako.slice(1, 4)).toEqual(["2026/04/01 10:00", "入金待ち", "代金引換"]);
    expect(hanako.slice(-6)).toEqual(["1", String(red), "蔵の赤", "3000", "2", "6000"]);
    expect(hanako[rows[0]!.indexOf("お支払い金額(税込)")]).toBe("8294");

    const filtered = csvRows((await download("export.csv?status=deposited")).bytes.subarray(3).toString("utf8"));
    expect(filtered.slice(1).map((row) => row[4])).toEqual(["髙橋 次郎"]);
  });

  it("answers in English with the English page's labels, and refuses a bad filter like the list", async () => {
    const en = await shop.app.inject({
      method: "GET",
      url: "/admin/api/orders/export.csv?status=sent",
      headers: { ...staff.headers, cookie: `${staff.cookie}; locale=en` },
    });
    expect(csvRows(en.rawPayload.subarray(3).toString("utf8"))[0]!.slice(0, 3)).toEqual(["Order", "Ordered at", "Status"]);
    const bad = await download("export.csv?status=lost");
    expect(bad.response.statusCode).toBe(422);
    expect(bad.response.json().fields).toEqual({ status: ["ステータスは一覧にありません"] });
  });
});

describe("GET /admin/api/orders/b2-cloud.csv", () => {
  it("is refused with a clear message until the settings hold 請求先顧客コード and 運賃管理番号, and answers once they do", async () => {
    const profile = await shop.app.services.shopProfiles.profile();
    await shop.app.services.shopProfiles.save({ ...profile, yamatoB2: undefined });
    const refused = await download("b2-cloud.csv");
    expect(refused.response.statusCode).toBe(422);
    expect(refused.response.json().errors).toEqual([expect.stringContaining("請求先顧客コード")]);
    const en = await shop.app.inject({
      method: "GET",
      url: "/admin/api/orders/b2-cloud.csv",
      headers: { ...staff.headers, cookie: `${staff.cookie}; locale=en` },
    });
    expect(en.json().errors).toEqual([expect.stringContaining("customer code")]);
    const check = await shop.app.inject({ method: "GET", url: "/admin/api/orders/b2-cloud-check", headers: staff.headers });
    expect(check.json().data).toEqual({ ready: false, count: 0, notes: [] });
    await shop.app.services.shopProfiles.save({ ...profile, yamatoB2: { customerCode: "0312345678", classificationCode: "", freightNumber: "01" } });
    expect((await download("b2-cloud.csv")).response.statusCode).toBe(200);
  });

  it("answers Shift_JIS in B2 Cloud's column order, cod as コレクト with its amount, cool bottles refrigerated", async () => {
    const { response, bytes } = await download("b2-cloud.csv?from=2026-04-01&to=2026-04-03");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=Shift_JIS");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="b2-cloud-\d{8}\.csv"$/);
    // Not UTF-8.
    expect(bytes.includes(Buffer.from("山田", "utf8"))).toBe(false);
    const rows = csvRows(iconv.decode(bytes, "Shift_JIS"));
    expect(rows[0]).toEqual([...B2_COLUMNS]);
    expect(rows[0]!.slice(0, 7)).toEqual(["お客様管理番号", "送り状種類", "クール区分", "伝票番号", "出荷予定日", "お届け予定日", "配達時間帯"]);
    // Oldest first, the cancelled order left out.
    expect(rows).toHaveLength(3);
    const [hanako, jiro] = [rows[1]!, rows[2]!];
    const expected = {
      お届け先名: "山田 花子",
      送り状種類: "2",
      "ｺﾚｸﾄ代金引換額（税込)": "8294",
      内消費税額等: "754",
      クール区分: "0",
      お届け予定日: "2026/04/03",
      配達時間帯: "1416",
      お届け先郵便番号: "111-0051",
      お届け先住所: "東京都台東区蔵前3-14-7",
      お届け先アパートマンション名: "蔵前ビル1階",
      ご依頼主名: "酒舗 蔵",
      ご依頼主電話番号: "03-5829-4410",
      品名１: "蔵の赤",
      出荷予定日: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/),
      お届け先電話番号: "090-1234-5678",
      請求先顧客コード: "0312345678",
      運賃管理番号: "01",
    };
    expect(b2Cells(hanako, expected)).toEqual(expected);
    // 髙 is an IBM extension B2 does not take: its common form, and the row is listed to the trader.
    expect(b2Cell(jiro, "お届け先名")).toBe("高橋 次郎");
    const check = await shop.app.inject({ method: "GET", url: "/admin/api/orders/b2-cloud-check?from=2026-04-01&to=2026-04-03", headers: staff.headers });
    expect(check.json().data).toMatchObject({
      ready: true,
      count: 2,
      notes: [{ replaced: [{ field: "お届け先名", original: "髙", substitute: "高" }], leftOver: "" }],
    });
    const expectedJiro = {
      送り状種類: "0",
      "ｺﾚｸﾄ代金引換額（税込)": "",
      クール区分: "2",
      // The lines keep the name at the time of the order (insertOrder writes 蔵の赤).
      品名１: "蔵の赤",
    };
    expect(b2Cells(jiro, expectedJiro)).toEqual(expectedJiro);
  });

  it("holds only orders ready to ship by default (paid, or cash on delivery); unpaid transfers when asked for", async () => {
    await insertOrder(shop, { productId: red, status: "await_payment", method: "bank", name: "未入金 三郎", createdAt: new Date("2026-04-05T10:00:00+09:00") });
    await insertOrder(shop, { productId: red, status: "deposited", method: "bank", name: "入金済 四郎", createdAt: new Date("2026-04-05T11:00:00+09:00") });
    await insertOrder(shop, { productId: red, status: "await_payment", method: "cod", name: "代引 五郎", createdAt: new Date("2026-04-05T12:00:00+09:00") });
    const names = async (query: string) =>
      csvRows(iconv.decode((await download(`b2-cloud.csv?from=2026-04-05&to=2026-04-05${query}`)).bytes, "Shift_JIS"))
        .slice(1)
        .map((row) => b2Cell(row, "お届け先名"));
    expect(await names("")).toEqual(["入金済 四郎", "代引 五郎"]);
    expect(await names("&status=await_payment")).toEqual(["未入金 三郎", "代引 五郎"]);
  });

  it("writes no cell a spreadsheet would run as a formula, as the plain CSV does", async () => {
    const order = await paidBankOrder("=cmd|' /C calc'!A0", "2026-04-10");
    await shop.database.db.update(ordersTable).set({ buildingName: "@SUM(1+1)", phone: "+81-90-1234-5678" }).where(eq(ordersTable.id, order.id));
    await shop.database.db.update(orderItemsTable).set({ nameJa: "-2+3" }).where(eq(orderItemsTable.orderId, order.id));
    const rows = csvRows(iconv.decode((await download("b2-cloud.csv?from=2026-04-10&to=2026-04-10")).bytes, "Shift_JIS"));
    expect(rows).toHaveLength(2);
    const expected = {
      お届け先名: "'=cmd|' /C calc'!A0",
      お届け先アパートマンション名: "'@SUM(1+1)",
      // A phone is digits and hyphens only: nothing a spreadsheet would run.
      お届け先電話番号: "090-1234-5678",
      品名１: "'-2+3",
    };
    expect(b2Cells(rows[1]!, expected)).toEqual(expected);
    const plain = csvRows((await download("export.csv?from=2026-04-10&to=2026-04-10")).bytes.subarray(3).toString("utf8"));
    expect(plain[1]![4]).toBe("'=cmd|' /C calc'!A0");
    expect(plain[1]!.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it("never writes a ?: 記事 is folded as the name is, and the check lists each replaced column of the row", async () => {
    const order = await paidBankOrder("𠮷野 﨑子😀", "2026-04-12");
    await shop.database.db
      .update(ordersTable)
      .set({ gift: { wrapping: false, noshi: { omotegaki: "御祝", placement: "outer", name: "𠮷田😀" }, messageCard: "", hidePrices: false } })
      .where(eq(ordersTable.id, order.id));
    const { bytes } = await download("b2-cloud.csv?from=2026-04-12&to=2026-04-12");
    const text = iconv.decode(bytes, "Shift_JIS");
    expect(text).not.toContain("?");
    const row = csvRows(text)[1]!;
    expect(b2Cell(row, "お届け先名")).toBe("吉野 崎子〓");
    expect(b2Cell(row, "記事")).toBe("のし:御祝/名入れ:吉田〓/外のし");
    const check = await shop.app.inject({ method: "GET", url: "/admin/api/orders/b2-cloud-check?from=2026-04-12&to=2026-04-12", headers: staff.headers });
    expect(check.json().data.notes).toEqual([
      {
        orderId: b2Cell(row, "お客様管理番号"),
        replaced: [
          { field: "お届け先名", original: "𠮷", substitute: "吉" },
          { field: "お届け先名", original: "﨑", substitute: "崎" },
          { field: "お届け先名", original: "😀", substitute: "〓" },
          { field: "記事", original: "𠮷", substitute: "吉" },
          { field: "記事", original: "😀", substitute: "〓" },
        ],
        leftOver: "",
      },
    ]);
  });

  it("maps the shop's time band codes to B2's and drops bands the carrier does not have", () => {
    expect(["08-12", "14-16", "16-18", "18-20", "19-21"].map(b2TimeBand)).toEqual(["0812", "1416", "1618", "1820", "1921"]);
    expect(b2TimeBand("8-12")).toBe("0812");
    expect(b2TimeBand("12-14")).toBe("");
    expect(b2TimeBand("evening")).toBe("");
    expect(b2TimeBand(null)).toBe("");
  });

  it("writes look-alike characters as their Shift_JIS twins and cuts long texts at B2's byte limits", () => {
    expect(b2Text("生酒 〜しぼりたて〜 − ①").text).toBe("生酒 ～しぼりたて～ － 1");
    const address = "東京都台東区蔵前三丁目十四番七号".repeat(3);
    expect(fitBytes(address, 64)).toBe(address.slice(0, 32));
    expect(fitBytes("abc蔵", 4)).toBe("abc");
    expect(fitBytes("-abc", 4)).toBe("-ab");
  });
});
