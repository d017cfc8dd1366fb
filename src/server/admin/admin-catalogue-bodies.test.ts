import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// The catalogue forms' bodies are checked by their schemas in src/domain/catalog-input.ts
// (decision 075): a wrong field is the 422 naming it in the request's language, and a body that is
// not a form is either an empty form (a new record: every required field named) or, for a change
// of only the fields sent, refused as a whole on "base". Nothing is written either way.

let shop: TestApp;
let staff: StaffSession;
let product: number;
let exhibit: number;
let series: number;

beforeAll(async () => {
  shop = await createTestApp();
  staff = await staffSession(shop);
  const make = new CatalogFactory(shop.database.db);
  product = await make.product({ name: { ja: "検査用の酒", en: "Test sake" } });
  exhibit = await make.exhibit();
  series = await make.series({ ja: "検査", en: "Test" });
});

afterAll(async () => {
  await shop.close();
});

function send(method: "POST" | "PATCH" | "PUT", url: string, body: unknown, locale: "ja" | "en" = "ja") {
  return shop.app.inject({
    method,
    url: `/admin/api${url}`,
    headers: { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}`, "content-type": "application/json" },
    payload: JSON.stringify(body),
  });
}

async function fieldsOf(method: "POST" | "PATCH" | "PUT", url: string, body: unknown, locale: "ja" | "en" = "ja") {
  const answer = await send(method, url, body, locale);
  expect(answer.statusCode, `${method} ${url}`).toBe(422);
  return answer.json().fields as Record<string, string[]>;
}

describe("a new record's form", () => {
  it("reads a body that is not an object as an empty form, naming each required field", async () => {
    expect(await fieldsOf("POST", "/products", 42)).toEqual({
      name_ja: ["名前(日本語)を入力してください"],
      name_en: ["名前(英語)を入力してください"],
      price: ["価格を入力してください"],
    });
    expect(await fieldsOf("POST", "/exhibits", [], "en")).toEqual({ name_ja: ["Name (Japanese) can't be blank"], name_en: ["Name (English) can't be blank"] });
    expect(await fieldsOf("POST", "/series", "series")).toEqual({ name_ja: ["名前(日本語)を入力してください"], name_en: ["名前(英語)を入力してください"] });
    expect(Object.keys(await fieldsOf("POST", "/liquor_types", 42))).toEqual(["key", "label_ja", "label_en"]);
    expect(await fieldsOf("POST", `/products/${product}/restock`, 42)).toEqual({ amount: ["数量を入力してください"] });
    expect(await fieldsOf("POST", `/products/${product}/images`, 42)).toEqual({ signed_id: ["アップロードしたファイルを入力してください"] });
    expect(await fieldsOf("POST", `/exhibits/${exhibit}/images`, {})).toEqual({ signed_id: ["アップロードしたファイルを入力してください"] });
    expect(Object.keys(await fieldsOf("POST", "/direct_uploads", { blob: 42 }))).toEqual(["filename", "content_type", "byte_size", "checksum"]);
  });

  it("names a wrong field by its rule", async () => {
    expect(await fieldsOf("POST", "/liquor_types", { key: "Not A Key", label_ja: "日本酒", label_en: "Sake" })).toEqual({ key: ["キーは不正な値です"] });
    expect(await fieldsOf("POST", `/products/${product}/restock`, { amount: "0" }, "en")).toEqual({ amount: ["Amount must be greater than or equal to 1"] });
    expect(await fieldsOf("PUT", `/products/${product}/images`, {})).toEqual({ image_ids: ["画像を入力してください"] });
    expect(await fieldsOf("PUT", `/exhibits/${exhibit}/images`, { image_ids: [1, 1] })).toEqual({ image_ids: ["画像は不正な値です"] });
  });
});

describe("a change of the fields sent", () => {
  it("refuses a body that is not an object on base, and a wrong field by its rule; nothing changes", async () => {
    for (const url of [`/products/${product}`, `/exhibits/${exhibit}`, `/series/${series}`, "/liquor_types/sake"]) {
      expect(await fieldsOf("PATCH", url, 42), url).toEqual({ base: ["入力内容は不正な値です"] });
    }
    expect(await fieldsOf("PATCH", `/products/${product}`, { price: "1,000円" }, "en")).toEqual({ price: ["Price is not a number"] });
    // The product's price is named as its form labels it (価格), not as the checkout's amount (金額).
    expect(await fieldsOf("PATCH", `/products/${product}`, { price: -1 })).toEqual({ price: ["価格は0以上の値にしてください"] });
    expect(await fieldsOf("PATCH", `/products/${product}`, { price: -1 }, "en")).toEqual({ price: ["Price must be greater than or equal to 0"] });
    expect(await fieldsOf("PATCH", `/series/${series}`, { sort_order: 1.5 })).toEqual({ sort_order: ["表示順は整数で入力してください"] });
    const unchanged = await shop.app.inject({ method: "GET", url: `/admin/api/products/${product}`, headers: { cookie: staff.cookie } });
    expect(unchanged.json().data.name_ja).toBe("検査用の酒");
  });
});

describe("the liquor ledger's forms", () => {
  it("read a body that is not an object as an empty form, naming each required field, and check fields against each other", async () => {
    expect(Object.keys(await fieldsOf("POST", `/products/${product}/receivings`, 42))).toEqual([
      "received_on",
      "quantity",
      "unit_cost",
      "supplier_name",
      "supplier_address",
    ]);
    expect(await fieldsOf("POST", `/products/${product}/adjustments`, 42, "en")).toEqual({
      kind: ["Kind can't be blank"],
      quantity: ["Quantity can't be blank"],
      reason: ["Reason can't be blank"],
    });
    expect(await fieldsOf("POST", "/ledger/stock-takes", 42)).toEqual({ taken_on: ["棚卸日を入力してください"] });
    expect(await fieldsOf("POST", "/suppliers", 42)).toEqual({
      supplier_name: ["仕入先の名称を入力してください"],
      supplier_address: ["仕入先の所在地を入力してください"],
    });
    expect(await fieldsOf("PATCH", "/suppliers/1", { supplier_name: "蔵前酒販", supplier_address: "東京都", invoice_number: 7 })).toEqual({
      invoice_number: ["登録番号は不正な値です"],
    });
    // A stock-take correction may count zero bottles; a breakage moves at least one.
    expect(await fieldsOf("POST", `/products/${product}/adjustments`, { kind: "breakage", quantity: 0, reason: "割れ" })).toEqual({
      quantity: ["数量は1以上の値にしてください"],
    });
    expect(await fieldsOf("POST", `/products/${product}/adjustments`, { kind: "correction", quantity: -1, reason: "棚卸し" })).toEqual({
      quantity: ["数量は0以上の値にしてください"],
    });
  });
});
