import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { japanDateOf } from "../../domain/japan-time.ts";
import { trainingWarning } from "../../domain/liquor-law.ts";
import { inquiriesTable } from "../db/schema/inquiries.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { Dashboard } from "../../domain/back-office.ts";
import { DashboardService } from "./dashboard.service.ts";

// GET /admin/api/dashboard: today's and this month's binding orders and sales (Japan dates), the
// work waiting (transfers to check, parcels to send), bottles running low, inquiries not handled.

let shop: TestApp;
let staff: StaffSession;
let make: CatalogFactory;
let wine: number;

function dashboard(locale?: "ja" | "en") {
  return shop.app.inject({ method: "GET", url: "/admin/api/dashboard", headers: { cookie: locale ? `${staff.cookie}; locale=${locale}` : staff.cookie } });
}

/** The profile's deadline as the domain rule sees it today (the rule itself is tested below and in domain/). */
async function expectedTrainingWarning() {
  const deadline = (await shop.app.services.shopProfiles.profile()).liquorSalesManager.nextTrainingDeadline;
  return trainingWarning(japanDateOf(new Date()), deadline);
}

beforeAll(async () => {
  shop = await createTestApp();
  staff = await staffSession(shop);
  make = new CatalogFactory(shop.database.db);
  wine = await make.product({ name: { ja: "蔵の赤", en: "Kura red" }, stock: 50 });
});

afterAll(async () => {
  await shop.close();
});

describe("GET /admin/api/dashboard", () => {
  it("answers zeros on an empty shop", async () => {
    const response = await dashboard();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      today: { orders: 0, sales: 0 },
      month: { orders: 0, sales: 0 },
      awaiting_deposit: 0,
      to_ship: 0,
      overdue_invoices: 0,
      low_stock: [],
      unhandled_inquiries: 0,
      training_deadline: await expectedTrainingWarning(),
    });
  });

  it("counts binding orders and their sales today and this month, the work waiting, low stock and open inquiries", async () => {
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000);
    const lastMonth = new Date(now.getTime() - 40 * 86_400_000);
    // Today: bank waiting (7,810), cod waiting (8,294), paid card (7,810), sent cod (8,294); not counted: pending card, cancelled bank.
    await insertOrder(shop, { productId: wine, status: "await_payment", method: "bank" });
    await insertOrder(shop, { productId: wine, status: "await_payment", method: "cod" });
    await insertOrder(shop, { productId: wine, status: "deposited", method: "credit" });
    await insertOrder(shop, { productId: wine, status: "sent", method: "cod" });
    await insertOrder(shop, { productId: wine, status: "pending", method: "credit" });
    await insertOrder(shop, { productId: wine, status: "cancelled", method: "bank" });
    // Yesterday (this month unless today is the 1st in Japan) and 40 days ago: a paid bank order each.
    await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", createdAt: yesterday });
    await insertOrder(shop, { productId: wine, status: "await_payment", method: "bank", createdAt: lastMonth });

    const low = await make.product({ name: { ja: "残りわずか", en: "Nearly gone" }, stock: 3 });
    const empty = await make.product({ name: { ja: "在庫なし", en: "Out of stock" }, stock: 0 });
    await make.product({ stock: 4 });
    await make.product({ stock: 1, soldOut: true });
    await make.product({ stock: 1, published: false });

    await shop.database.db.insert(inquiriesTable).values([
      { name: "A", email: "a@example.com", subject: "在庫", message: "?", locale: "ja" },
      { name: "B", email: "b@example.com", subject: "配送", message: "?", locale: "ja" },
      { name: "C", email: "c@example.com", subject: "済", message: "?", locale: "ja", handledAt: now },
    ]);

    const yesterdayThisMonth = japanDateOf(yesterday).month === japanDateOf(now).month;
    const response = await dashboard();
    expect(response.json()).toEqual({
      today: { orders: 4, sales: 7810 + 8294 + 7810 + 8294 },
      month: { orders: yesterdayThisMonth ? 5 : 4, sales: 7810 + 8294 + 7810 + 8294 + (yesterdayThisMonth ? 7810 : 0) },
      // Bank transfers not yet arrived, of any day.
      awaiting_deposit: 2,
      // Paid orders (card today, bank yesterday) and cod waiting to leave.
      to_ship: 3,
      overdue_invoices: 0,
      low_stock: [
        { id: empty, name: "在庫なし", stock: 0 },
        { id: low, name: "残りわずか", stock: 3 },
      ],
      unhandled_inquiries: 2,
      training_deadline: await expectedTrainingWarning(),
    } satisfies Dashboard);
    expect((await dashboard("en")).json().low_stock.map((row: { name: string }) => row.name)).toEqual(["Out of stock", "Nearly gone"]);
  });

  it("takes today and this month in Japan time, whatever the server's clock zone", async () => {
    const figures = new DashboardService(shop.database.db, shop.app.services.shopProfiles);
    // 00:30 on 1 May 2030 in Japan is 15:30 UTC on 30 April.
    const now = new Date("2030-04-30T15:30:00Z");
    await insertOrder(shop, { productId: wine, status: "await_payment", method: "bank", createdAt: new Date("2030-04-30T15:10:00Z") });
    await insertOrder(shop, { productId: wine, status: "await_payment", method: "cod", createdAt: new Date("2030-04-30T14:50:00Z") });
    const result = await figures.figures("ja", now);
    expect(result.today).toEqual({ orders: 1, sales: 7810 });
    expect(result.month).toEqual({ orders: 1, sales: 7810 });
    // Five minutes earlier it is still 30 April in Japan: the other order is today's.
    const endOfApril = await figures.figures("ja", new Date("2030-04-30T14:55:00Z"));
    expect(endOfApril.today).toEqual({ orders: 1, sales: 8294 });
    expect(endOfApril.month).toEqual({ orders: 1, sales: 8294 });
    // December rolls over into the next year.
    await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", createdAt: new Date("2030-12-31T14:00:00Z") });
    expect((await figures.figures("ja", new Date("2030-12-15T03:00:00Z"))).month).toEqual({ orders: 1, sales: 7810 });
  });

  it("warns about the liquor-sales manager's training 90 days before its deadline (Japan dates)", async () => {
    const figures = new DashboardService(shop.database.db, shop.app.services.shopProfiles);
    const deadline = (await shop.app.services.shopProfiles.profile()).liquorSalesManager.nextTrainingDeadline;
    const deadlineNoon = new Date(`${deadline}T12:00:00+09:00`);
    const daysBefore = (days: number) => new Date(deadlineNoon.getTime() - days * 86_400_000);
    expect((await figures.figures("ja", daysBefore(91))).training_deadline).toBeNull();
    expect((await figures.figures("ja", daysBefore(90))).training_deadline).toEqual({ deadline, daysLeft: 90, overdue: false });
    expect((await figures.figures("ja", daysBefore(-2))).training_deadline).toEqual({ deadline, daysLeft: -2, overdue: true });
  });
});
