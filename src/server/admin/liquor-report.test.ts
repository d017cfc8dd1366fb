import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiquorReportService } from "./liquor-report.service.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// GET /admin/api/reports/liquor-sales: bottles sold per kind of liquor in a fiscal year (April to
// March, Japan dates), in litres, for the tax office's annual report; as JSON and as CSV.

let shop: TestApp;
let staff: StaffSession;
let wine: number;
let whisky: number;
let unmeasured: number;
let gin: number;

function report(query: string, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method: "GET", url: `/admin/api/reports/liquor-sales?${query}`, headers: { cookie: `${staff.cookie}; locale=${locale}` } });
}

beforeAll(async () => {
  shop = await createTestApp();
  staff = await staffSession(shop);
  const make = new CatalogFactory(shop.database.db);
  await make.liquorType("report-wine", { ja: "果実酒", en: "Fruit wine" });
  await make.liquorType("report-whisky", { ja: "ウイスキー", en: "Whisky" });
  wine = await make.product({ name: { ja: "蔵の赤", en: "Kura red" }, liquorType: "report-wine", volumeMl: 750, alcoholPermille: 135 });
  whisky = await make.product({ name: { ja: "蔵の琥珀", en: "Kura amber" }, liquorType: "report-whisky", volumeMl: 700, alcoholPermille: 430 });
  unmeasured = await make.product({ name: { ja: "容量未登録", en: "No volume" }, liquorType: "report-wine", volumeMl: null });
  await make.liquorType("report-gin", { ja: "スピリッツ", en: "Spirits" });
  gin = await make.product({ name: { ja: "蔵のジン", en: "Kura gin" }, liquorType: "report-gin", volumeMl: 500, alcoholPermille: 400 });
  await insertOrder(shop, { productId: gin, status: "sent", method: "bank" });
  // Fiscal 2031: 1 April 2031 00:00 to 31 March 2032 24:00 in Japan. Every order is two bottles.
  await insertOrder(shop, { productId: wine, status: "sent", method: "bank", createdAt: new Date("2031-03-31T14:59:00Z") }); // 31 Mar 23:59 JST: fiscal 2030
  await insertOrder(shop, { productId: wine, status: "sent", method: "bank", createdAt: new Date("2031-03-31T15:00:00Z") }); // 1 Apr 00:00 JST
  await insertOrder(shop, { productId: wine, status: "deposited", method: "credit", createdAt: new Date("2031-10-01T03:00:00Z") });
  await insertOrder(shop, { productId: wine, status: "cancelled", method: "bank", createdAt: new Date("2031-10-02T03:00:00Z") });
  await insertOrder(shop, { productId: wine, status: "pending", method: "credit", createdAt: new Date("2031-10-03T03:00:00Z") });
  await insertOrder(shop, { productId: whisky, status: "await_payment", method: "cod", createdAt: new Date("2032-03-31T14:00:00Z") }); // 31 Mar 23:00 JST
  await insertOrder(shop, { productId: unmeasured, status: "sent", method: "bank", createdAt: new Date("2031-06-01T03:00:00Z") });
});

afterAll(async () => {
  await shop.close();
});

describe("GET /admin/api/reports/liquor-sales", () => {
  it("is for staff only", async () => {
    const anonymous = await shop.app.inject({ method: "GET", url: "/admin/api/reports/liquor-sales" });
    expect(anonymous.statusCode).toBe(401);
    const member = await shop.memberSession();
    const shopper = await shop.app.inject({ method: "GET", url: "/admin/api/reports/liquor-sales", headers: { cookie: member.cookie } });
    expect(shopper.statusCode).toBe(401);
  });

  it("answers this fiscal year's bottles by kind in litres, as JSON", async () => {
    const response = await report("");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta.current_fiscal_year).toBe(body.data.fiscal_year);
    expect(body.data.groups).toContainEqual({
      liquor_type: "report-gin",
      label: "スピリッツ",
      bottles: 2,
      litres: "1.000",
      bottles_without_volume: 0,
      lines: [{ product_id: gin, name: "蔵のジン", volume_ml: 500, alcohol_percent: "40.0", bottles: 2, litres: "1.000" }],
    });
  });

  it("answers the report of a year through the service with the right sums (Japan dates, April to March)", async () => {
    const result = await new LiquorReportService(shop.database.db).report(2031, "ja");
    const wineGroup = result.groups.find((group) => group.liquor_type === "report-wine");
    const whiskyGroup = result.groups.find((group) => group.liquor_type === "report-whisky");
    expect(result).toMatchObject({ fiscal_year: 2031, from: "2031-04-01", to: "2032-03-31" });
    // 1 April and 1 October orders (2 bottles each), not the cancelled or unpaid ones, not 31 March 2031.
    expect(wineGroup).toMatchObject({ label: "果実酒", bottles: 6, litres: "3.000", bottles_without_volume: 2 });
    expect(wineGroup?.lines).toEqual([
      { product_id: wine, name: "蔵の赤", volume_ml: 750, alcohol_percent: "13.5", bottles: 4, litres: "3.000" },
      { product_id: unmeasured, name: "容量未登録", volume_ml: null, alcohol_percent: "13.0", bottles: 2, litres: null },
    ]);
    expect(whiskyGroup).toMatchObject({ label: "ウイスキー", bottles: 2, litres: "1.400" });
    const previous = await new LiquorReportService(shop.database.db).report(2030, "en");
    expect(previous.groups).toEqual([expect.objectContaining({ label: "Fruit wine", bottles: 2, litres: "1.500" })]);
  });

  it("downloads the current year as CSV with a BOM, a line per product and a subtotal per kind", async () => {
    const response = await report("format=csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="liquor-sales-FY\d{4}\.csv"$/);
    expect(response.body.startsWith("\uFEFF品目,商品ID,商品名,容量(ml),アルコール度数(%),販売本数,販売数量(L)\r\n")).toBe(true);
    const english = await report("format=csv", "en");
    expect(response.body).toContain(`\r\nスピリッツ,${gin},蔵のジン,500,40.0,2,1.000\r\nスピリッツ,,小計,,,2,1.000\r\n`);
    expect(english.body.startsWith("\uFEFFKind,Product ID,Product,Volume (ml),Alcohol (%),Bottles,Litres\r\n")).toBe(true);
  });

  it("refuses a year that is malformed or not started yet with a 422 naming the field", async () => {
    for (const year of ["abc", "1999", "9999"]) {
      const response = await report(`year=${year}`);
      expect(response.statusCode).toBe(422);
      expect(JSON.stringify(response.json())).toContain("year");
    }
  });
});
