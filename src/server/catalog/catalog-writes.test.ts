import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { liquorTypesTable } from "../db/schema/catalog.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { invalidatingWrites } from "./catalog-writes.ts";

// The catalogue refreshes its cache on its own writes (issue 17): each back-office write path is
// followed at once by a shop read that was cached before it, with nobody calling `changed()`.

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "20" });
let owner: StaffSession;

function admin(method: "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return shop.app.inject({ method, url: `/admin/api${url}`, headers: owner.headers, ...(payload ? { payload } : {}) });
}

async function shopJson(url: string) {
  const response = await shop.app.inject({ method: "GET", url });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const productNames = async () => ((await shopJson("/en/api/products")).data as { attributes: { name: string } }[]).map((each) => each.attributes.name);
const productById = async (id: number) =>
  ((await shopJson("/en/api/products")).data as { id: string; attributes: Record<string, unknown> }[]).find((each) => Number(each.id) === id);
const exhibitNames = async () => ((await shopJson("/en/api/exhibit_products")).data as { attributes: { name: string } }[]).map((each) => each.attributes.name);

beforeAll(async () => {
  owner = await staffSession(shop, "owner");
  await new CatalogFactory(shop.database.db).liquorType("sake", { ja: "日本酒", en: "Sake" });
});

describe("the handle the catalogue's write services use", () => {
  it("reports each insert, update, delete and transaction once it has finished, and never a read", async () => {
    let reported = 0;
    const db = invalidatingWrites(shop.database.db, async () => {
      reported += 1;
    });
    await db.select().from(liquorTypesTable);
    expect(reported).toBe(0);
    await db.insert(liquorTypesTable).values({ key: "gin", labelJa: "ジン", labelEn: "Gin" }).returning({ key: liquorTypesTable.key });
    expect(reported).toBe(1);
    await db.update(liquorTypesTable).set({ labelEn: "Dry gin" }).where(eq(liquorTypesTable.key, "gin"));
    expect(reported).toBe(2);
    await db.transaction(async (tx) => {
      await tx.update(liquorTypesTable).set({ labelEn: "London gin" }).where(eq(liquorTypesTable.key, "gin"));
      // Inside the transaction nothing is reported yet: other readers could not see the row.
      expect(reported).toBe(2);
    });
    expect(reported).toBe(3);
    await db.delete(liquorTypesTable).where(eq(liquorTypesTable.key, "gin"));
    expect(reported).toBe(4);
    // A statement that fails changed nothing and reports nothing.
    await expect(db.insert(liquorTypesTable).values({ key: "sake", labelJa: "x", labelEn: "x" })).rejects.toThrow();
    expect(reported).toBe(4);
  });
});

describe("a back-office write is seen by the shop's next read", () => {
  it("products: create, edit, restock", async () => {
    expect(await productNames()).not.toContain("Kura fresh sake"); // cached without it
    const created = await admin("POST", "/products", { name_ja: "蔵の新酒", name_en: "Kura fresh sake", price: 2000, stock: 0, published: true });
    expect(created.statusCode).toBe(201);
    const id = Number(created.json().data.id);
    expect(await productById(id)).toMatchObject({ attributes: { name: "Kura fresh sake", price: 2000, sold_out: true } });
    await admin("PATCH", `/products/${id}`, { price: 2400 });
    expect((await productById(id))?.attributes.price).toBe(2400);
    await admin("POST", `/products/${id}/restock`, { amount: 6 });
    expect((await productById(id))?.attributes.sold_out).toBe(false);
  });

  it("exhibits: create, hide, delete", async () => {
    expect(await exhibitNames()).not.toContain("Cellar pick");
    const created = await admin("POST", "/exhibits", { name_ja: "蔵の逸品", name_en: "Cellar pick" });
    expect(await exhibitNames()).toContain("Cellar pick");
    const id = created.json().data.id;
    await admin("PATCH", `/exhibits/${id}`, { name_en: "Cellar choice" });
    expect(await exhibitNames()).toContain("Cellar choice");
    expect((await admin("DELETE", `/exhibits/${id}`)).statusCode).toBe(204);
    expect(await exhibitNames()).not.toContain("Cellar choice");
  });

  it("series and liquor types", async () => {
    const names = async () => (await shop.app.services.catalog.globals("en")).series.map((series) => series.name);
    expect(await names()).not.toContain("Shochu");
    const series = (await admin("POST", "/series", { name_ja: "焼酎", name_en: "Shochu" })).json().data;
    expect(await names()).toContain("Shochu");
    await admin("PATCH", `/series/${series.id}`, { name_en: "Imo shochu" });
    expect(await names()).toContain("Imo shochu");
    await admin("DELETE", `/series/${series.id}`);
    expect(await names()).not.toContain("Imo shochu");

    const labels = async () => (await shop.app.services.catalog.globals("en")).liquorTypes.map((type) => type.label);
    expect(await labels()).not.toContain("Umeshu");
    await admin("POST", "/liquor_types", { key: "umeshu", label_ja: "梅酒", label_en: "Umeshu" });
    expect(await labels()).toContain("Umeshu");
    await admin("PATCH", "/liquor_types/umeshu", { label_en: "Plum wine" });
    expect(await labels()).toContain("Plum wine");
  });

  it("the tax rate in the settings", async () => {
    const id = await new CatalogFactory(shop.database.db).product({ price: 1000 });
    // The factory writes behind the catalogue's back (test set-up), so it says so itself.
    await shop.app.services.catalog.changed();
    expect((await productById(id))?.attributes.price_include_tax).toBe(1100);
    const settings = (await shop.app.inject({ method: "GET", url: "/admin/api/settings", headers: owner.headers })).json().data;
    const saved = await admin("POST", "/settings", { ...settings, terms: { ...settings.terms, taxRatePercent: 8 } });
    expect(saved.statusCode).toBe(200);
    expect((await productById(id))?.attributes.price_include_tax).toBe(1080);
  });
});
