import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ExhibitResource, ProductResource } from "../../domain/catalog-api.ts";
import { CATALOG_PER_PAGE } from "../../domain/catalog.ts";
import { productsTable } from "../db/schema/catalog.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { testAppFixture } from "../testing/test-app.ts";

// Search (q) with the filters, meta.pagination of the list calls, the specification in the product
// answers, and the back office writing both (docs/decisions/030-search-and-product-details.md).

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "20" });
let staff: StaffSession;
let make: CatalogFactory;
const ids = {} as Record<"bordeaux" | "bordeauxSoldOut" | "whisky" | "gin" | "sake" | "exhibit", number>;
let whiskySeriesHash = "";

beforeAll(async () => {
  staff = await staffSession(shop);
  make = new CatalogFactory(shop.database.db);
  await make.liquorType("wine", { ja: "ワイン", en: "Wine" });
  await make.liquorType("whisky", { ja: "ウイスキー", en: "Whisky" });
  await make.liquorType("gin", { ja: "ジン", en: "Gin" });
  const spirits = await make.series({ ja: "スピリッツ", en: "Spirits" });
  const whiskySeries = await make.series({ ja: "ウイスキー", en: "Whisky" }, spirits);
  const red = await make.series({ ja: "赤ワイン", en: "Red wine" });

  ids.bordeaux = await make.product({ name: { ja: "シャトー・ラ・クロワ 2019", en: "Château La Croix 2019" }, liquorType: "wine", seriesIds: [red] });
  ids.bordeauxSoldOut = await make.product({ name: { ja: "シャトー・ベルガルド", en: "Château Bellegarde" }, stock: 0, liquorType: "wine", seriesIds: [red] });
  ids.whisky = await make.product({ name: { ja: "北風 シングルモルト", en: "Kitakaze Single Malt" }, liquorType: "whisky", seriesIds: [whiskySeries] });
  ids.gin = await make.product({ name: { ja: "蔵前ジン", en: "Kuramae Gin" }, liquorType: "gin" });
  ids.sake = await make.product({ name: { ja: "純米大吟醸 蔵の月", en: "Junmai Daiginjo Kura no Tsuki" } });
  await shop.database.db
    .update(productsTable)
    .set({
      producerJa: "ドメーヌ・オーベール",
      producerEn: "Domaine Aubert",
      originRegionJa: "ボルドー",
      originRegionEn: "Bordeaux",
      ingredientsJa: "メルロ",
      ingredientsEn: "Merlot",
    })
    .where(eq(productsTable.id, ids.bordeaux));
  await shop.database.db
    .update(productsTable)
    .set({ originCountryJa: "フランス", originCountryEn: "France", originRegionJa: "ボルドー", originRegionEn: "Bordeaux" })
    .where(eq(productsTable.id, ids.bordeauxSoldOut));
  ids.exhibit = await make.exhibit({ name: { ja: "蔵の地下セラー", en: "Our cellar" } });

  shop.app.services.catalog.invalidate();
  const globals = await shop.app.services.catalog.globals("ja");
  whiskySeriesHash = globals.series.find((node) => node.name === "スピリッツ")!.children[0]!.hashid;
});

async function search(query: Record<string, string>, locale = "ja") {
  const response = await shop.app.inject({ method: "GET", url: `/${locale}/api/products?${new URLSearchParams(query)}` });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { data: ProductResource[]; meta: { pagination: { current_page: number; total_page: number } } };
  return { ids: body.data.map((product) => Number(product.id)).sort((a, b) => a - b), body };
}

const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

describe("GET /{locale}/api/products?q=", () => {
  it("finds the same bottles for hiragana, half-width kana, katakana and Latin letters in any case", async () => {
    const expected = sorted(ids.bordeaux, ids.bordeauxSoldOut);
    for (const q of ["しゃとー", "ｼｬﾄｰ", "シャトー", "CHATEAU", "château", "ＣＨＡＴＥＡＵ"]) {
      expect((await search({ q })).ids, q).toEqual(expected);
    }
  });

  it("finds whiskies by ｳｲｽｷｰ through their kind and series, in either language", async () => {
    expect((await search({ q: "ｳｲｽｷｰ" })).ids).toEqual([ids.whisky]);
    expect((await search({ q: "whisky" }, "en")).ids).toEqual([ids.whisky]);
  });

  it("searches producer, region and grape in Japanese and English; every word must match", async () => {
    expect((await search({ q: "おーべーる" })).ids).toEqual([ids.bordeaux]);
    expect((await search({ q: "domaine aubert" }, "en")).ids).toEqual([ids.bordeaux]);
    expect((await search({ q: "bordeaux" })).ids).toEqual(sorted(ids.bordeaux, ids.bordeauxSoldOut));
    expect((await search({ q: "めるろ" })).ids).toEqual([ids.bordeaux]);
    expect((await search({ q: "ボルドー　めるろ" })).ids).toEqual([ids.bordeaux]);
    expect((await search({ q: "ボルドー ウイスキー" })).ids).toEqual([]);
  });

  it("combines with the stock, liquor type and series filters", async () => {
    expect((await search({ q: "シャトー", unsold: "1" })).ids).toEqual([ids.bordeaux]);
    expect((await search({ q: "シャトー", unsold: "0" })).ids).toEqual([ids.bordeauxSoldOut]);
    expect((await search({ q: "蔵", liquor_type: "gin" })).ids).toEqual([ids.gin]);
    expect((await search({ q: "北風", "series[]": whiskySeriesHash })).ids).toEqual([ids.whisky]);
    expect((await search({ q: "シャトー", "series[]": whiskySeriesHash })).ids).toEqual([]);
  });

  it("reads a blank query as no search and answers an odd one without an error", async () => {
    const all = (await search({})).ids;
    expect((await search({ q: "   " })).ids).toEqual(all);
    expect((await search({ q: "%_\\'\"<script>" })).ids).toEqual([]);
    expect((await search({ q: "あ".repeat(500) })).ids).toEqual([]);
  });
});

describe("meta.pagination of the list calls", () => {
  it("pages products CATALOG_PER_PAGE at a time, from page 1, with the filters kept", async () => {
    const extra: number[] = [];
    for (let count = 0; count < CATALOG_PER_PAGE; count++) {
      extra.push(await make.product({ name: { ja: `ページ用の酒 ${count}`, en: `Paging bottle ${count}` }, imageCount: 0 }));
    }
    shop.app.services.catalog.invalidate();
    const first = await search({ q: "ページ用" });
    expect(first.body.meta.pagination).toEqual({ current_page: 1, total_page: 1 });
    expect(first.ids).toHaveLength(CATALOG_PER_PAGE);

    const total = CATALOG_PER_PAGE + 5;
    const pageOne = await search({});
    expect(pageOne.body.meta.pagination).toEqual({ current_page: 1, total_page: 2 });
    expect(pageOne.ids).toHaveLength(CATALOG_PER_PAGE);
    const pageTwo = await search({ page: "2" });
    expect(pageTwo.body.meta.pagination).toEqual({ current_page: 2, total_page: 2 });
    expect(pageTwo.ids).toHaveLength(total - CATALOG_PER_PAGE);
    expect(new Set([...pageOne.ids, ...pageTwo.ids]).size).toBe(total);
    expect(await search({ page: "3" })).toMatchObject({ ids: [], body: { meta: { pagination: { current_page: 3, total_page: 2 } } } });
    // Nonsense pages read as page 1.
    expect((await search({ page: "abc" })).body.meta.pagination.current_page).toBe(1);
    expect((await search({ page: "0" })).body.meta.pagination.current_page).toBe(1);
  });

  it("answers exhibit_products with meta.pagination and the products each exhibit is about", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/en/api/exhibit_products" });
    const body = response.json() as { data: ExhibitResource[]; meta: { pagination: unknown } };
    expect(body.meta.pagination).toEqual({ current_page: 1, total_page: 1 });
    expect(body.data.map((exhibit) => exhibit.attributes.product_ids)).toEqual([[]]);
  });
});

describe("the specification, written in the back office", () => {
  function admin(method: "POST" | "PATCH", url: string, payload: object) {
    return shop.app.inject({ method, url: `/admin/api${url}`, headers: staff.headers, payload });
  }

  it("saves every field and the shop's product answer carries it in the page's language", async () => {
    const saved = await admin("PATCH", `/products/${ids.sake}`, {
      origin_country_ja: "日本",
      origin_country_en: "Japan",
      origin_region_ja: "新潟県",
      origin_region_en: "Niigata",
      producer_ja: "蔵の月酒造",
      producer_en: "Kura no Tsuki Brewery",
      ingredients_ja: "山田錦",
      ingredients_en: "Yamada Nishiki rice",
      vintage: "2023",
      sweetness: "3",
      body_level: "2",
      storage_ja: "要冷蔵",
      storage_en: "Keep refrigerated",
      liquor_category: "seishu",
    });
    expect(saved.statusCode).toBe(200);
    const en = (await shop.app.inject({ method: "GET", url: `/en/api/products/${ids.sake}` })).json().data as ProductResource;
    expect(en.attributes.specification).toEqual({
      origin_country: "Japan",
      origin_region: "Niigata",
      producer: "Kura no Tsuki Brewery",
      ingredients: "Yamada Nishiki rice",
      vintage: 2023,
      volume_ml: 750,
      alcohol_percent: 13,
      sweetness: 3,
      body: 2,
      storage: "Keep refrigerated",
      liquor_category: "seishu",
      liquor_category_label: "Sake (seishu)",
    });
    const ja = (await shop.app.inject({ method: "GET", url: `/ja/api/products/${ids.sake}` })).json().data as ProductResource;
    expect(ja.attributes.specification).toMatchObject({ producer: "蔵の月酒造", liquor_category_label: "清酒", storage: "要冷蔵" });
    // The product's documented fields are all still there.
    expect(Object.keys(ja.attributes)).toEqual(
      expect.arrayContaining([
        "name",
        "images",
        "description",
        "price",
        "price_include_tax",
        "shipping_type",
        "buyable_limit",
        "liquor_type",
        "sold_out",
        "leaf_series",
      ]),
    );
    // …and the new text is searchable at once.
    expect((await search({ q: "山田錦" })).ids).toEqual([ids.sake]);
    expect((await search({ q: "yamada nishiki" }, "en")).ids).toEqual([ids.sake]);
  });

  it("refuses a taste outside 1–5, a vintage out of range and an unknown category, naming each field", async () => {
    const response = await shop.app.inject({
      method: "PATCH",
      url: `/admin/api/products/${ids.sake}`,
      headers: { ...staff.headers, cookie: `${staff.cookie}; locale=ja` },
      payload: { sweetness: "7", body_level: "0", vintage: "1200", liquor_category: "beer-ish" },
    });
    expect(response.statusCode).toBe(422);
    const text = JSON.stringify(response.json());
    for (const label of ["味わい(辛口〜甘口)", "味わい(ライト〜フル)", "ヴィンテージ", "酒類の品目"]) expect(text).toContain(label);
  });

  it("links an exhibit to products; the shop lists only the published ones, in order", async () => {
    const hidden = await make.product({ name: { ja: "非公開の酒", en: "Hidden" }, published: false });
    const refused = await admin("PATCH", `/exhibits/${ids.exhibit}`, { product_ids: [ids.whisky, 99999999] });
    expect(refused.statusCode).toBe(422);
    const saved = await admin("PATCH", `/exhibits/${ids.exhibit}`, { product_ids: [ids.whisky, hidden, ids.bordeaux] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.product_ids).toEqual([ids.whisky, hidden, ids.bordeaux]);
    const exhibit = (await shop.app.inject({ method: "GET", url: `/ja/api/exhibit_products/${ids.exhibit}` })).json().data as ExhibitResource;
    expect(exhibit.attributes.product_ids).toEqual([String(ids.whisky), String(ids.bordeaux)]);
  });
});
