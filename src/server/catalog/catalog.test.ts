import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductResource } from "../../domain/catalog-api.ts";
import { productsTable } from "../db/schema/catalog.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { CatalogService } from "./catalog.service.ts";

const shop = testAppFixture();
type Named =
  | "wine"
  | "red"
  | "white"
  | "spirits"
  | "whiskySeries"
  | "redWine"
  | "whiteSoldOut"
  | "whiteMarked"
  | "whisky"
  | "sake"
  | "hidden"
  | "topExhibit"
  | "otherExhibit"
  | "hiddenExhibit";
const ids = {} as Record<Named, number>;
const hashids: Record<string, string> = {};

beforeAll(async () => {
  const make = new CatalogFactory(shop.database.db);
  await make.liquorType("wine", { ja: "ワイン", en: "Wine" });
  await make.liquorType("whisky", { ja: "ウイスキー", en: "Whisky" });
  await make.liquorType("sake", { ja: "日本酒", en: "Sake" });
  ids.wine = await make.series({ ja: "ワイン", en: "Wine" });
  ids.red = await make.series({ ja: "赤ワイン", en: "Red wine" }, ids.wine);
  ids.white = await make.series({ ja: "白ワイン", en: "White wine" }, ids.wine);
  ids.spirits = await make.series({ ja: "スピリッツ", en: "Spirits" });
  ids.whiskySeries = await make.series({ ja: "ウイスキー", en: "Whisky" }, ids.spirits);

  ids.redWine = await make.product({
    name: { ja: "赤ワイン A", en: "Red wine A" },
    price: 2981,
    liquorType: "wine",
    seriesIds: [ids.red],
    buyableLimit: 3,
    shippingType: "cool",
    imageCount: 2,
  });
  ids.whiteSoldOut = await make.product({ name: { ja: "白ワイン B", en: "White wine B" }, stock: 0, liquorType: "wine", seriesIds: [ids.white] });
  ids.whiteMarked = await make.product({ name: { ja: "白ワイン C", en: "White wine C" }, stock: 5, soldOut: true, liquorType: "wine", seriesIds: [ids.white] });
  ids.whisky = await make.product({ name: { ja: "ウイスキー D", en: "Whisky D" }, price: 12000, liquorType: "whisky", seriesIds: [ids.whiskySeries] });
  ids.sake = await make.product({ name: { ja: "日本酒 E", en: "Sake E" }, liquorType: "sake", seriesIds: [] });
  ids.hidden = await make.product({ name: { ja: "非公開", en: "Hidden" }, published: false, seriesIds: [ids.red] });

  ids.topExhibit = await make.exhibit({ name: { ja: "蔵オリジナル", en: "Kura original" }, top: true });
  ids.otherExhibit = await make.exhibit({ name: { ja: "季節の梅酒", en: "Seasonal umeshu" } });
  ids.hiddenExhibit = await make.exhibit({ published: false });

  shop.app.services.catalog.invalidate();
  const globals = await shop.app.services.catalog.globals("ja");
  const walk = (nodes: typeof globals.series) => {
    for (const node of nodes) {
      hashids[node.name] = node.hashid;
      walk(node.children);
    }
  };
  walk(globals.series);
});

async function listNames(query: string, locale = "ja"): Promise<string[]> {
  const response = await shop.app.inject({ method: "GET", url: `/${locale}/api/products${query}` });
  expect(response.statusCode).toBe(200);
  return (response.json().data as ProductResource[]).map((product) => product.attributes.name);
}

describe("GET /{locale}/api/products", () => {
  it("lists every published product as JSON:API resources in the path's language", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/ja/api/products" });
    const data = response.json().data as ProductResource[];
    expect(data.map((p) => p.attributes.name).sort()).toEqual(["ウイスキー D", "白ワイン B", "白ワイン C", "赤ワイン A", "日本酒 E"].sort());
    const red = data.find((p) => p.id === String(ids.redWine))!;
    expect(red.type).toBe("product");
    expect(red.attributes).toMatchObject({
      price: 2981,
      price_include_tax: 3280,
      shipping_type: "cool",
      buyable_limit: 3,
      liquor_type: "wine",
      sold_out: false,
      description: "一行目\n二行目",
    });
    expect(red.attributes.images).toHaveLength(2);
    expect(red.attributes.images[0]).toMatch(/^\/images\/\d+\/720w\.jpg$/);
    expect(red.attributes.image_details[0]).toMatchObject({ width: 40, height: 50 });
    expect(red.attributes.leaf_series).toEqual([{ id: String(ids.red), type: "series", attributes: { hashid: hashids["赤ワイン"], name: "赤ワイン" } }]);

    expect(await listNames("", "en")).toContain("Red wine A");
  });

  it("marks products sold out when stock is 0 or the trader says so", async () => {
    const data = (await shop.app.inject({ method: "GET", url: "/en/api/products" })).json().data as ProductResource[];
    const soldOut = Object.fromEntries(data.map((p) => [p.attributes.name, p.attributes.sold_out]));
    expect(soldOut).toMatchObject({ "White wine B": true, "White wine C": true, "Red wine A": false });
  });

  it("filters by stock, type, series (with descendants) and 未分類, alone and combined", async () => {
    expect((await listNames("?unsold=1")).sort()).toEqual(["ウイスキー D", "赤ワイン A", "日本酒 E"].sort());
    expect((await listNames("?unsold=0")).sort()).toEqual(["白ワイン B", "白ワイン C"].sort());
    expect(await listNames("?liquor_type=whisky")).toEqual(["ウイスキー D"]);
    expect((await listNames(`?series[]=${hashids["ワイン"]}`)).sort()).toEqual(["白ワイン B", "白ワイン C", "赤ワイン A"].sort());
    expect(await listNames(`?series[]=${hashids["赤ワイン"]}`)).toEqual(["赤ワイン A"]);
    expect((await listNames(`?series[]=${hashids["赤ワイン"]}&series[]=${hashids["スピリッツ"]}`)).sort()).toEqual(["ウイスキー D", "赤ワイン A"].sort());
    expect(await listNames("?unselect_series=1")).toEqual(["日本酒 E"]);
    expect((await listNames(`?unselect_series=1&series[]=${hashids["スピリッツ"]}`)).sort()).toEqual(["ウイスキー D", "日本酒 E"].sort());
    expect(await listNames(`?series[]=${hashids["ワイン"]}&unsold=1`)).toEqual(["赤ワイン A"]);
    expect(await listNames(`?series[]=${hashids["ワイン"]}&liquor_type=whisky`)).toEqual([]);
  });

  it("never answers bad query values with a 500: meaningless values are ignored", async () => {
    const all = (await listNames("")).length;
    for (const query of [
      "?unsold=abc",
      "?liquor_type=",
      "?series[]=%00",
      "?series[][]=x",
      "?unselect_series[]=1",
      "?unsold[]=1&unsold=0",
      "?series=<script>",
      `?${"series[]=a&".repeat(300)}`,
    ]) {
      const response = await shop.app.inject({ method: "GET", url: `/ja/api/products${query}` });
      expect(response.statusCode, query).toBe(200);
    }
    expect(await listNames("?unsold=abc")).toHaveLength(all);
    expect(await listNames("?series[]=zzzzzz")).toEqual([]);
  });
});

describe("GET /{locale}/api/products/{id}", () => {
  it("answers one product in the path's language", async () => {
    const response = await shop.app.inject({ method: "GET", url: `/en/api/products/${ids.whisky}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: String(ids.whisky), type: "product", attributes: { name: "Whisky D", price_include_tax: 13200 } });
  });

  it("answers unknown, unpublished and malformed ids with a 404 and a message", async () => {
    for (const id of [String(ids.hidden), "999999", "abc", "-1", "0", "1.5", "99999999999999"]) {
      const response = await shop.app.inject({ method: "GET", url: `/ja/api/products/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().errors).toEqual(["指定されたリソースは存在しません。"]);
    }
    const english = await shop.app.inject({ method: "GET", url: "/en/api/products/999999" });
    expect(english.json().errors).toEqual(["The requested resource does not exist."]);
  });
});

describe("exhibits and the home page", () => {
  it("lists published exhibits and answers one by id", async () => {
    const list = (await shop.app.inject({ method: "GET", url: "/ja/api/exhibit_products" })).json().data;
    expect(list.map((e: { attributes: { name: string } }) => e.attributes.name).sort()).toEqual(["季節の梅酒", "蔵オリジナル"].sort());
    const one = await shop.app.inject({ method: "GET", url: `/en/api/exhibit_products/${ids.topExhibit}` });
    expect(one.json().data).toMatchObject({ type: "exhibit_product", attributes: { name: "Kura original", top: true, description: "About\nline two" } });
    expect((await shop.app.inject({ method: "GET", url: `/ja/api/exhibit_products/${ids.hiddenExhibit}` })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: "GET", url: "/ja/api/exhibit_products/nope" })).statusCode).toBe(404);
  });

  it("GET /root gives the top exhibits and the newest products", async () => {
    const body = (await shop.app.inject({ method: "GET", url: "/ja/api/root" })).json();
    expect(body.exhibits.data.map((e: { id: string }) => e.id)).toEqual([String(ids.topExhibit)]);
    expect(body.products.data.length).toBe(5);
  });
});

describe("catalogue cache", () => {
  it("shows a write at once after changed(), and other processes hear of it through NOTIFY", async () => {
    const other = new CatalogService(shop.database, shop.app.services.shopProfiles, "kura-series");
    await other.startListening();
    expect((await other.product("ja", ids.whisky))?.attributes.price).toBe(12000);
    expect(JSON.parse(await listJson()).data.find((p: ProductResource) => p.id === String(ids.whisky)).attributes.price).toBe(12000);

    await shop.database.db.update(productsTable).set({ price: 15000 }).where(eq(productsTable.id, ids.whisky));
    await shop.app.services.catalog.changed();

    expect(JSON.parse(await listJson()).data.find((p: ProductResource) => p.id === String(ids.whisky)).attributes.price).toBe(15000);
    await expect.poll(async () => (await other.product("ja", ids.whisky))?.attributes.price).toBe(15000);
  });

  async function listJson(): Promise<string> {
    return (await shop.app.inject({ method: "GET", url: "/ja/api/products" })).body;
  }
});

describe("images", () => {
  it("serves resized variants of a published product's image, cached publicly for an hour", async () => {
    const product = (await shop.app.inject({ method: "GET", url: `/ja/api/products/${ids.redWine}` })).json().data as ProductResource;
    const imageId = product.attributes.image_details[0]!.id;
    for (const [file, type] of [
      ["240w.webp", "image/webp"],
      ["480w.avif", "image/avif"],
      ["720w.jpg", "image/jpeg"],
    ] as const) {
      const response = await shop.app.inject({ method: "GET", url: `/images/${imageId}/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers["content-type"]).toBe(type);
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
      expect(response.rawPayload.length).toBeGreaterThan(20);
    }
  });

  it("refuses sizes and formats it does not make, and unknown images", async () => {
    for (const url of ["/images/1/241w.webp", "/images/1/240w.gif", "/images/abc/240w.jpg", "/images/999999/240w.jpg", "/images/1/..%2f..%2fetc"]) {
      expect((await shop.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });
});

describe("sitemap and robots", () => {
  it("lists public pages, products and exhibits, and robots.txt points to it", async () => {
    const sitemap = await shop.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    expect(sitemap.body).toContain(`/products/${ids.redWine}</loc>`);
    expect(sitemap.body).toContain(`/exhibits/${ids.topExhibit}</loc>`);
    expect(sitemap.body).not.toContain(`/products/${ids.hidden}</loc>`);
    const robots = await shop.app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.body).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
  });
});
