import { describe, expect, it } from "vitest";
import {
  bucketsEnding,
  parcelsByDate,
  productPace,
  salesByLiquorType,
  salesByMethod,
  salesOverTime,
  type SaleItem,
  type SaleOrder,
} from "./dashboard-charts.ts";

// The dashboard's chart data on a known set of orders (issue #35): sums by Japan date (an order at
// 23:30 UTC belongs to the next Japan day), by week and month against last year, by payment method
// and by liquor type, and the stock's pace.

// 2026-11-26 10:00 JST.
const NOW = new Date("2026-11-26T01:00:00Z");
const order = (iso: string, total: number, paymentMethod = "bank"): SaleOrder => ({ createdAt: new Date(iso), total, paymentMethod });

const ORDERS: SaleOrder[] = [
  order("2026-11-25T14:59:59Z", 1000, "bank"), // 23:59:59 JST on 11-25
  order("2026-11-25T15:00:00Z", 2000, "cod"), // 00:00 JST on 11-26
  order("2026-11-26T00:30:00Z", 3000, "credit"), // 09:30 JST on 11-26
  order("2026-11-01T03:00:00Z", 500, "bank"),
  order("2025-11-26T02:00:00Z", 7000, "cod"), // last year, the same Japan date
  order("2025-11-25T15:30:00Z", 400, "bank"), // 00:30 JST 2025-11-26: last year's 11-26 too
  order("2025-11-24T10:00:00Z", 800, "bank"), // last year 11-24 (a Monday; 52 weeks later is 2026-11-23)
  order("2025-10-15T10:00:00Z", 900, "bank"),
  order("2026-10-20T10:00:00Z", 600, "credit"), // 37 days back: out of the 30-day figures
];

describe("salesOverTime", () => {
  it("sums by Japan date, with the same date last year beside it", () => {
    const points = salesOverTime(ORDERS, "day", NOW);
    expect(points).toHaveLength(30);
    expect(points[29]).toEqual({ key: "2026-11-26", thisYear: 5000, lastYear: 7400 });
    expect(points[28]).toEqual({ key: "2026-11-25", thisYear: 1000, lastYear: 0 });
    expect(points[27]).toEqual({ key: "2026-11-24", thisYear: 0, lastYear: 800 });
    expect(points[0]!.key).toBe("2026-10-28");
    expect(points.find((point) => point.key === "2026-11-01")).toEqual({ key: "2026-11-01", thisYear: 500, lastYear: 0 });
  });

  it("sums by week from Monday (last year's week 52 weeks earlier) and by month", () => {
    expect(bucketsEnding("2026-11-26", "week").at(-1)).toBe("2026-11-23");
    const weeks = salesOverTime(ORDERS, "week", NOW);
    expect(weeks.at(-1)).toEqual({ key: "2026-11-23", thisYear: 6000, lastYear: 8200 });
    const months = salesOverTime(ORDERS, "month", NOW);
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toEqual({ key: "2026-11-01", thisYear: 6500, lastYear: 8200 });
    expect(months.at(-2)).toEqual({ key: "2026-10-01", thisYear: 600, lastYear: 900 });
    expect(months[0]!.key).toBe("2025-12-01");
  });
});

describe("salesByMethod and salesByLiquorType", () => {
  it("sums the last 30 Japan dates by payment method, largest first", () => {
    expect(salesByMethod(ORDERS, NOW)).toEqual([
      { key: "credit", yen: 3000, count: 1 },
      { key: "cod", yen: 2000, count: 1 },
      { key: "bank", yen: 1500, count: 2 },
    ]);
  });

  it("sums item sales and bottles by liquor type, items without a type apart", () => {
    const item = (iso: string, liquorType: string | null, yen: number, bottles: number, productId = 1): SaleItem => ({
      createdAt: new Date(iso),
      productId,
      liquorType,
      yen,
      bottles,
    });
    const items = [
      item("2026-11-25T15:00:00Z", "wine", 6000, 2),
      item("2026-11-20T03:00:00Z", "sake", 3000, 1, 2),
      item("2026-11-19T03:00:00Z", "wine", 3000, 1),
      item("2026-11-18T03:00:00Z", null, 1000, 1, 3),
      item("2026-10-01T03:00:00Z", "sake", 9000, 3, 2),
    ];
    expect(salesByLiquorType(items, NOW)).toEqual([
      { key: "wine", yen: 9000, count: 3 },
      { key: "sake", yen: 3000, count: 1 },
      { key: "", yen: 1000, count: 1 },
    ]);
    const pace = productPace(
      items,
      [
        { id: 1, name: "赤", stock: 4 },
        { id: 2, name: "純米", stock: 100 },
        { id: 3, name: "梅酒", stock: 0 },
        { id: 4, name: "古酒", stock: 12 },
      ],
      NOW,
    );
    expect(pace.bestSellers.map((product) => [product.id, product.bottles])).toEqual([
      [1, 3],
      [2, 1],
      [3, 1],
    ]);
    expect(pace.slowMovers.map((product) => product.id)).toEqual([4, 2, 1]);
    // 3 bottles in 30 days: 4 bottles last 40 days (not within 30); 0 in stock runs out today.
    expect(pace.runningOut.map((product) => [product.id, product.daysLeft])).toEqual([[3, 0]]);
  });
});

describe("parcelsByDate", () => {
  it("counts the parcels waiting by wished delivery date from today, those without a date (or past) first", () => {
    const days = parcelsByDate(
      [{ desiredDeliveryDate: null }, { desiredDeliveryDate: "2026-11-28" }, { desiredDeliveryDate: "2026-11-28" }, { desiredDeliveryDate: "2026-11-20" }],
      NOW,
      3,
    );
    expect(days).toEqual([
      { date: "", parcels: 2 },
      { date: "2026-11-26", parcels: 0 },
      { date: "2026-11-27", parcels: 0 },
      { date: "2026-11-28", parcels: 2 },
    ]);
  });
});
