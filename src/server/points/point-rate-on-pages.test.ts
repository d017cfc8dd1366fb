import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// The base point rate is read for every page drawn and kept in memory (app.ts): a save of the
// point settings must reach the next page at once, kept product pages included.

let shop: TestApp;
let productPath: string;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("scripts/ensure-build.mjs failed");
  shop = await createTestApp({}, undefined, { pages: "production" });
  const make = new CatalogFactory(shop.database.db);
  const id = await make.product({ name: { ja: "純米大吟醸 試験", en: "Junmai daiginjo test" }, price: 10000, stock: 20 });
  shop.app.services.catalog.invalidate();
  const listed = await shop.app.inject({ method: "GET", url: "/api/products" });
  const product = (listed.json().data as { id: string; attributes: { name: string } }[]).find((entry) => entry.attributes.name === "純米大吟醸 試験");
  productPath = `/products/${product?.id ?? id}`;
}, 900_000);

afterAll(async () => {
  await shop?.close();
});

async function pointsLine(): Promise<string | undefined> {
  const page = await shop.app.inject({ method: "GET", url: productPath, headers: { cookie: `${shop.browserSession().cookie}; age_confirmed=1` } });
  expect(page.statusCode).toBe(200);
  return /data-testid="product-points"[^>]*>([^<]*)</.exec(page.body)?.[1];
}

it("a product page shows the base rate the owner saved, at once, though the rate is kept in memory", async () => {
  const first = await pointsLine();
  expect(first).toMatch(/^会員さまは[\d,]+ポイント獲得$/);
  const owner = await staffSession(shop, "owner");
  const saved = await shop.app.inject({
    method: "PUT",
    url: "/admin/api/points/settings",
    headers: owner.headers,
    payload: { base_rate_percent: "7", grant_on: "paid", expiry_months: "12" },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const after = await pointsLine();
  expect(after).not.toBe(first);
  expect(after).toMatch(/^会員さまは[\d,]+ポイント獲得$/);
  // From the demo's 1% to 7%: the figure is about seven times the first (point-figures.ts rounds it).
  const figure = (line: string | undefined) => Number(line?.replace(/\D/g, ""));
  expect(figure(after)).toBeGreaterThan(figure(first) * 6);
});
