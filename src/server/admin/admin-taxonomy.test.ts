import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// The series tree (add, rename, move without cycles, delete only when empty), liquor types (add,
// rename, a taken key refused) and exhibits (create, change, delete), each seen by the shop at once.

let shop: TestApp;
let staff: StaffSession;
let make: CatalogFactory;

function admin(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, locale?: "en") {
  const headers = locale ? { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}` } : staff.headers;
  return shop.app.inject({ method, url: `/admin/api${url}`, headers, ...(payload ? { payload } : {}) });
}

async function shopSeriesNames(): Promise<string[]> {
  const names: string[] = [];
  const walk = (nodes: { name: string; children: unknown[] }[]) => {
    for (const node of nodes) {
      names.push(node.name);
      walk(node.children as typeof nodes);
    }
  };
  walk((await shop.app.services.catalog.globals("ja")).series as never);
  return names;
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  staff = await staffSession(shop);
  make = new CatalogFactory(shop.database.db);
});

afterAll(async () => {
  await shop.close();
});

describe("series", () => {
  it("are added, renamed and moved, and the shop's tree follows at once", async () => {
    const wine = (await admin("POST", "/series", { name_ja: "ワイン", name_en: "Wine" })).json().data;
    const red = (await admin("POST", "/series", { name_ja: "赤", name_en: "Red", parent_id: wine.id })).json().data;
    expect(red).toMatchObject({ parent_id: wine.id, product_count: 0, child_count: 0 });
    expect(await shopSeriesNames()).toEqual(expect.arrayContaining(["ワイン", "赤"]));
    const renamed = await admin("PATCH", `/series/${red.id}`, { name_ja: "赤ワイン" });
    expect(renamed.json().data).toMatchObject({ name_ja: "赤ワイン", name_en: "Red", parent_id: wine.id });
    expect(await shopSeriesNames()).toContain("赤ワイン");
    const moved = await admin("PATCH", `/series/${red.id}`, { parent_id: null });
    expect(moved.json().data.parent_id).toBeNull();
  });

  it("refuse a move under the series itself or one of its own sub-series", async () => {
    const top = (await admin("POST", "/series", { name_ja: "スピリッツ", name_en: "Spirits" })).json().data;
    const child = (await admin("POST", "/series", { name_ja: "ウイスキー", name_en: "Whisky", parent_id: top.id })).json().data;
    const grandchild = (await admin("POST", "/series", { name_ja: "スコッチ", name_en: "Scotch", parent_id: child.id })).json().data;
    const cycle = await admin("PATCH", `/series/${top.id}`, { parent_id: grandchild.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors).toEqual(["シリーズを、それ自身やその下のシリーズの下へは移動できません。"]);
    const itself = await admin("PATCH", `/series/${top.id}`, { parent_id: top.id }, "en");
    expect(itself.json().errors).toEqual(["A series cannot be moved under itself or under one of its own sub-series."]);
    const unknown = await admin("PATCH", `/series/${top.id}`, { parent_id: 999_999 });
    expect(unknown.json().fields).toEqual({ parent_id: ["親シリーズは一覧にありません"] });
  });

  it("are deleted only when they have no products and no sub-series", async () => {
    const parent = (await admin("POST", "/series", { name_ja: "日本酒", name_en: "Sake" })).json().data;
    const child = (await admin("POST", "/series", { name_ja: "純米", name_en: "Junmai", parent_id: parent.id })).json().data;
    const product = await make.product({ seriesIds: [child.id] });
    const withChild = await admin("DELETE", `/series/${parent.id}`);
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().errors).toEqual(["商品またはサブシリーズがあるシリーズは削除できません。先に商品やサブシリーズを移してください。"]);
    expect((await admin("DELETE", `/series/${child.id}`)).statusCode).toBe(409);
    await admin("PATCH", `/products/${product}`, { series_ids: [] });
    expect((await admin("DELETE", `/series/${child.id}`)).statusCode).toBe(204);
    expect((await admin("DELETE", `/series/${parent.id}`)).statusCode).toBe(204);
    expect(await shopSeriesNames()).not.toContain("日本酒");
  });
});

describe("liquor types", () => {
  it("are added and renamed in both languages; a taken or malformed key is a 422", async () => {
    const created = await admin("POST", "/liquor_types", { key: "umeshu", label_ja: "梅酒", label_en: "Umeshu" });
    expect(created.statusCode).toBe(201);
    const taken = await admin("POST", "/liquor_types", { key: "umeshu", label_ja: "梅酒", label_en: "Umeshu" });
    expect(taken.json().fields).toEqual({ key: ["キーはすでに存在します"] });
    const malformed = await admin("POST", "/liquor_types", { key: "Ume Shu", label_ja: "", label_en: "x" });
    expect(malformed.json().fields).toEqual({ key: ["キーは不正な値です"], label_ja: ["表示名(日本語)を入力してください"] });
    const renamed = await admin("PATCH", "/liquor_types/umeshu", { label_en: "Plum wine" });
    expect(renamed.json().data).toMatchObject({ key: "umeshu", label_ja: "梅酒", label_en: "Plum wine" });
    const globals = await shop.app.services.catalog.globals("en");
    expect(globals.liquorTypes).toEqual(expect.arrayContaining([expect.objectContaining({ label: "Plum wine" })]));
  });
});

describe("exhibits", () => {
  it("are created, changed and deleted, and the shop's exhibit list follows", async () => {
    const exhibitIds = async () =>
      ((await shop.app.inject({ method: "GET", url: "/ja/api/exhibit_products" })).json().data as { id: string }[]).map((each) => Number(each.id));
    const created = await admin("POST", "/exhibits", { name_ja: "蔵の逸品", name_en: "Kura selection", description_ja: "説明", top: true });
    expect(created.statusCode).toBe(201);
    const exhibit = created.json().data;
    expect(exhibit).toMatchObject({ top: true, published: true, images: [] });
    expect(await exhibitIds()).toContain(exhibit.id);
    const hidden = await admin("PATCH", `/exhibits/${exhibit.id}`, { published: false });
    expect(hidden.json().data.published).toBe(false);
    expect(await exhibitIds()).not.toContain(exhibit.id);
    expect((await admin("POST", "/exhibits", { name_ja: "" })).statusCode).toBe(422);
    expect((await admin("DELETE", `/exhibits/${exhibit.id}`)).statusCode).toBe(204);
    expect((await admin("GET", `/exhibits/${exhibit.id}`)).statusCode).toBe(404);
  });
});
