import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// Products in the back office: create with every field, 422s naming each bad field in the
// page's language, quick edits (price, publish) and restock, the list's filters, and the shop's
// API showing each change at once.

let shop: TestApp;
let staff: StaffSession;
let redSeries: number;

const fullProduct = () => ({
  name_ja: "蔵の新酒",
  name_en: "Kura new sake",
  description_ja: "一行目\r\n二行目",
  description_en: "Line one\nLine two",
  price: 2800,
  stock: 12,
  buyable_limit: 6,
  sold_out_flag: false,
  shipping_type: "cool",
  series_ids: [redSeries],
  liquor_type: "sake",
  sort_order: 5,
  published: false,
  volume_ml: 720,
  alcohol_percent: "15.5",
  mail_order_allowed: true,
});

function admin(method: "GET" | "POST" | "PATCH", url: string, payload?: object, locale?: "ja" | "en") {
  const headers = locale ? { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}` } : staff.headers;
  return shop.app.inject({ method, url: `/admin/api${url}`, headers, ...(payload ? { payload } : {}) });
}

async function shopProductIds(): Promise<number[]> {
  const response = await shop.app.inject({ method: "GET", url: "/ja/api/products" });
  return (response.json().data as { id: string }[]).map((product) => Number(product.id));
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  staff = await staffSession(shop);
  const make = new CatalogFactory(shop.database.db);
  await make.liquorType("sake", { ja: "日本酒", en: "Sake" });
  redSeries = await make.series({ ja: "赤", en: "Red" }, await make.series({ ja: "ワイン", en: "Wine" }));
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/products", () => {
  it("creates a product with every field in both languages", async () => {
    const response = await admin("POST", "/products", fullProduct());
    expect(response.statusCode).toBe(201);
    const product = response.json().data;
    expect(product).toMatchObject({ ...fullProduct(), description_ja: "一行目\n二行目", alcohol_percent: 15.5, images: [] });
    const again = await admin("GET", `/products/${product.id}`);
    expect(again.json().data).toEqual(product);
  });

  it("answers 422 with every missing field named, in Japanese by default and in English on request", async () => {
    const response = await admin("POST", "/products", {});
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({
      name_ja: ["名前(日本語)を入力してください"],
      name_en: ["名前(英語)を入力してください"],
      price: ["価格を入力してください"],
    });
    const english = await admin("POST", "/products", { name_ja: "名", name_en: "Name" }, "en");
    expect(english.json().errors).toEqual(["Price can't be blank"]);
  });

  it("answers 422 for values out of range or unknown, and stores nothing", async () => {
    const before = (await admin("GET", "/products")).json().data.length;
    const response = await admin("POST", "/products", {
      ...fullProduct(),
      price: -1,
      stock: "many",
      buyable_limit: 0,
      shipping_type: "frozen",
      alcohol_percent: "15.55",
      volume_ml: 1.5,
      liquor_type: "beer",
      series_ids: [999_999],
      published: "yes",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({
      alcohol_percent: ["アルコール度数(%)は不正な値です"],
      price: ["価格は0以上の値にしてください"],
      stock: ["在庫数は数値で入力してください"],
      buyable_limit: ["購入数の上限は1以上の値にしてください"],
      shipping_type: ["配送方法は一覧にありません"],
      published: ["公開は不正な値です"],
      volume_ml: ["容量(ml)は整数で入力してください"],
    });
    const references = await admin("POST", "/products", { ...fullProduct(), liquor_type: "beer", series_ids: [999_999] });
    expect(references.statusCode).toBe(422);
    expect(Object.keys(references.json().fields)).toEqual(["liquor_type", "series_ids"]);
    expect((await admin("GET", "/products")).json().data).toHaveLength(before);
  });
});

describe("PATCH /admin/api/products/{id}", () => {
  it("publishes a product and the shop's API lists it at once; unpublishing hides it again", async () => {
    const id = (await admin("POST", "/products", fullProduct())).json().data.id as number;
    expect(await shopProductIds()).not.toContain(id);
    const published = await admin("PATCH", `/products/${id}`, { published: true });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ published: true, name_ja: "蔵の新酒", price: 2800 });
    expect(await shopProductIds()).toContain(id);

    await admin("PATCH", `/products/${id}`, { price: 3100 });
    const inShop = await shop.app.inject({ method: "GET", url: `/en/api/products/${id}` });
    expect(inShop.json().data.attributes).toMatchObject({ name: "Kura new sake", price: 3100, price_include_tax: 3410 });

    await admin("PATCH", `/products/${id}`, { published: false });
    expect(await shopProductIds()).not.toContain(id);
  });

  it("changes only the fields sent, refuses a blank name, and answers 404 for an unknown product", async () => {
    const id = (await admin("POST", "/products", fullProduct())).json().data.id as number;
    const renamed = await admin("PATCH", `/products/${id}`, { name_en: "Kura new sake 2026", series_ids: [], liquor_type: "", alcohol_percent: "" });
    expect(renamed.json().data).toMatchObject({
      name_en: "Kura new sake 2026",
      name_ja: "蔵の新酒",
      series_ids: [],
      liquor_type: null,
      alcohol_percent: null,
      stock: 12,
    });
    const blank = await admin("PATCH", `/products/${id}`, { name_ja: "  " });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual(["名前(日本語)を入力してください"]);
    expect((await admin("PATCH", "/products/999999", { price: 1 })).statusCode).toBe(404);
    expect((await admin("GET", "/products/abc")).statusCode).toBe(404);
  });

  it("sets the product's own point rate (blank: the shop's), refuses one out of 0–100 in ja and en, and the shop's figure follows", async () => {
    const id = (await admin("POST", "/products", { ...fullProduct(), published: true })).json().data.id as number;
    expect((await admin("GET", `/products/${id}`)).json().data.point_rate_percent).toBeNull();
    const set = await admin("PATCH", `/products/${id}`, { point_rate_percent: "5" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.point_rate_percent).toBe(5);
    const figure = await shop.app.inject({ method: "GET", url: `/api/products/${id}/points` });
    expect(figure.json().data).toEqual({ rate_percent: 5, product_rate_percent: 5 });
    // The product page reads it with the catalogue in memory, dropped and read again on the change.
    expect(await shop.app.services.catalog.productPointRate(id)).toBe(5);
    const over = await admin("PATCH", `/products/${id}`, { point_rate_percent: "101" });
    expect(over.statusCode).toBe(422);
    expect(over.json().fields).toEqual({ point_rate_percent: ["商品ごとのポイント還元率は100以下の値にしてください"] });
    const word = await admin("PATCH", `/products/${id}`, { point_rate_percent: "five" }, "en");
    expect(word.json().errors).toEqual(["Product's own point rate is not a number"]);
    const listed = (await admin("GET", "/products")).json().data as { id: number; point_rate_percent: number | null }[];
    expect(listed.find((row) => row.id === id)!.point_rate_percent).toBe(5);
    const cleared = await admin("PATCH", `/products/${id}`, { point_rate_percent: "" });
    expect(cleared.json().data.point_rate_percent).toBeNull();
    expect(await shop.app.services.catalog.productPointRate(id)).toBeNull();
    expect((await shop.app.inject({ method: "GET", url: `/api/products/${id}/points` })).json().data).toEqual({ rate_percent: 1, product_rate_percent: null });
  });
});

describe("POST /admin/api/products/{id}/restock", () => {
  it("adds the bottles that arrived to the stock and the shop sees it", async () => {
    const id = (await admin("POST", "/products", { ...fullProduct(), stock: 0, published: true })).json().data.id as number;
    const before = await shop.app.inject({ method: "GET", url: `/ja/api/products/${id}` });
    expect(before.json().data.attributes.sold_out).toBe(true);
    const response = await admin("POST", `/products/${id}/restock`, { amount: 24 });
    expect(response.json().data.stock).toBe(24);
    const after = await shop.app.inject({ method: "GET", url: `/ja/api/products/${id}` });
    expect(after.json().data.attributes.sold_out).toBe(false);
    const zero = await admin("POST", `/products/${id}/restock`, { amount: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toEqual(["数量は1以上の値にしてください"]);
  });
});

describe("GET /admin/api/products", () => {
  it("lists published and unpublished products with stock, filtered by search, state and low stock", async () => {
    const low = (await admin("POST", "/products", { ...fullProduct(), name_ja: "残りわずかの梅酒", name_en: "Last umeshu", stock: 2, published: true })).json()
      .data.id;
    const all = (await admin("GET", "/products")).json().data as { id: number; published: boolean; low_stock: boolean; stock: number }[];
    expect(all.some((row) => !row.published)).toBe(true);
    expect(all.find((row) => row.id === low)).toMatchObject({ stock: 2, low_stock: true, published: true, name_en: "Last umeshu" });
    const found = (await admin("GET", `/products?q=${encodeURIComponent("梅酒")}`)).json().data;
    expect(found.map((row: { id: number }) => row.id)).toEqual([low]);
    const unpublished = (await admin("GET", "/products?published=unpublished")).json().data as { published: boolean }[];
    expect(unpublished.length).toBeGreaterThan(0);
    expect(unpublished.every((row) => !row.published)).toBe(true);
    const lowStock = (await admin("GET", "/products?low_stock=1")).json().data as { low_stock: boolean }[];
    expect(lowStock.every((row) => row.low_stock)).toBe(true);
    expect(lowStock.length).toBeGreaterThan(0);
  });
});
