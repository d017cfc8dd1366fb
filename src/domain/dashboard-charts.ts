import { japanDateOf } from "./japan-time.ts";

// The dashboard's chart data (issue #35 item 3, decision 068): sums of binding orders by Japan
// date, by payment method and by liquor type, this period against the same period a year before,
// and the stock's pace. Pure functions over rows the read models give, so a test feeds known orders.

export const CHART_PERIODS = ["day", "week", "month"] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** Buckets shown per period: 30 days, 12 weeks (from Monday), 12 months. */
export const PERIOD_BUCKETS: Record<ChartPeriod, number> = { day: 30, week: 12, month: 12 };

/** The days the method, type and stock figures look back over. */
export const PACE_DAYS = 30;

export interface SaleOrder {
  createdAt: Date;
  /** The total paid, yen (tax, shipping and fees included). */
  total: number;
  paymentMethod: string;
}

export interface SaleItem {
  createdAt: Date;
  productId: number | null;
  /** The product's liquor type key, null when none or the product is gone. */
  liquorType: string | null;
  /** Item price × bottles, yen, as the order line was charged (before tax). */
  yen: number;
  bottles: number;
}

export interface SalesPoint {
  /** The bucket's first Japan date, YYYY-MM-DD. */
  key: string;
  thisYear: number;
  lastYear: number;
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a Japan calendar date. */
function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The Japan date of an instant, YYYY-MM-DD. */
export function japanIsoDate(instant: Date): string {
  const { year, month, day } = japanDateOf(instant);
  return iso(year, month, day);
}

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split("-").map(Number);
  return [year!, month!, day!];
}

/** A calendar date plus `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  const shifted = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS);
  return iso(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** The same date a year later (29 February becomes 28 February). */
function yearLater(date: string): string {
  const [year, month, day] = parts(date);
  const last = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return iso(year + 1, month, Math.min(day, last));
}

/** The bucket a Japan date falls in: itself, its week's Monday, or its month's first day. */
function bucketOf(date: string, period: ChartPeriod): string {
  if (period === "day") return date;
  const [year, month, day] = parts(date);
  if (period === "month") return iso(year, month, 1);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7; // Monday 0
  return addDays(date, -weekday);
}

/** The buckets ending with the one holding `today`, oldest first. */
export function bucketsEnding(today: string, period: ChartPeriod): string[] {
  const count = PERIOD_BUCKETS[period];
  const last = bucketOf(today, period);
  const keys: string[] = [];
  for (let n = count - 1; n >= 0; n -= 1) {
    if (period === "day") keys.push(addDays(last, -n));
    else if (period === "week") keys.push(addDays(last, -7 * n));
    else {
      const [year, month] = parts(last);
      const at = new Date(Date.UTC(year, month - 1 - n, 1));
      keys.push(iso(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
    }
  }
  return keys;
}

/** The first Japan date the chart needs orders from, last year's included. */
export function chartSince(today: string, period: ChartPeriod): string {
  const first = bucketsEnding(today, period)[0]!;
  // A year and a week back covers last year's first bucket for every period.
  return addDays(first, -372);
}

/**
 * Sales per bucket: this year's orders in their bucket, and last year's in the bucket of the same
 * date a year later (days and months), or 52 weeks later (weeks, so Monday meets Monday).
 */
export function salesOverTime(orders: readonly SaleOrder[], period: ChartPeriod, now: Date): SalesPoint[] {
  const keys = bucketsEnding(japanIsoDate(now), period);
  const points = new Map(keys.map((key) => [key, { key, thisYear: 0, lastYear: 0 }]));
  for (const order of orders) {
    const date = japanIsoDate(order.createdAt);
    const own = points.get(bucketOf(date, period));
    if (own) own.thisYear += order.total;
    const aYearLater = period === "week" ? addDays(date, 364) : yearLater(date);
    const matched = points.get(bucketOf(aYearLater, period));
    if (matched) matched.lastYear += order.total;
  }
  return keys.map((key) => points.get(key)!);
}

/** Orders placed in the `days` Japan dates ending today. */
function within<T extends { createdAt: Date }>(rows: readonly T[], now: Date, days: number): T[] {
  const today = japanIsoDate(now);
  const first = addDays(today, -(days - 1));
  return rows.filter((row) => {
    const date = japanIsoDate(row.createdAt);
    return date >= first && date <= today;
  });
}

export interface ShareRow {
  key: string;
  yen: number;
  count: number;
}

function sortedShares(map: Map<string, ShareRow>): ShareRow[] {
  return [...map.values()].sort((a, b) => b.yen - a.yen || a.key.localeCompare(b.key));
}

/** Sales per payment method over the last `PACE_DAYS` Japan dates (count = orders). */
export function salesByMethod(orders: readonly SaleOrder[], now: Date): ShareRow[] {
  const map = new Map<string, ShareRow>();
  for (const order of within(orders, now, PACE_DAYS)) {
    const row = map.get(order.paymentMethod) ?? { key: order.paymentMethod, yen: 0, count: 0 };
    row.yen += order.total;
    row.count += 1;
    map.set(order.paymentMethod, row);
  }
  return sortedShares(map);
}

/** Item sales per liquor type over the last `PACE_DAYS` Japan dates (count = bottles; "" = no type). */
export function salesByLiquorType(items: readonly SaleItem[], now: Date): ShareRow[] {
  const map = new Map<string, ShareRow>();
  for (const item of within(items, now, PACE_DAYS)) {
    const key = item.liquorType ?? "";
    const row = map.get(key) ?? { key, yen: 0, count: 0 };
    row.yen += item.yen;
    row.count += item.bottles;
    map.set(key, row);
  }
  return sortedShares(map);
}

export interface StockedProduct {
  id: number;
  name: string;
  stock: number;
}

export interface ProductPace {
  id: number;
  name: string;
  stock: number;
  /** Bottles sold in the last `PACE_DAYS` days. */
  bottles: number;
  /** Days until the stock is gone at that pace; null when none sold. */
  daysLeft: number | null;
}

/**
 * Best sellers (most bottles), slow movers (in stock, fewest bottles) and what runs out within
 * `PACE_DAYS` at the pace of the last `PACE_DAYS` days, five of each.
 */
export function productPace(items: readonly SaleItem[], products: readonly StockedProduct[], now: Date, limit = 5) {
  const sold = new Map<number, number>();
  for (const item of within(items, now, PACE_DAYS)) if (item.productId !== null) sold.set(item.productId, (sold.get(item.productId) ?? 0) + item.bottles);
  const paced: ProductPace[] = products.map((product) => {
    const bottles = sold.get(product.id) ?? 0;
    return { ...product, bottles, daysLeft: bottles > 0 ? Math.floor(product.stock / (bottles / PACE_DAYS)) : null };
  });
  return {
    bestSellers: paced
      .filter((product) => product.bottles > 0)
      .sort((a, b) => b.bottles - a.bottles || a.id - b.id)
      .slice(0, limit),
    slowMovers: paced
      .filter((product) => product.stock > 0)
      .sort((a, b) => a.bottles - b.bottles || b.stock - a.stock || a.id - b.id)
      .slice(0, limit),
    runningOut: paced
      .filter((product): product is ProductPace & { daysLeft: number } => product.daysLeft !== null && product.daysLeft <= PACE_DAYS)
      .sort((a, b) => a.daysLeft - b.daysLeft || a.id - b.id)
      .slice(0, limit),
  };
}

export interface ParcelDay {
  /** The wished delivery date, or "" for parcels without one (sent first thing). */
  date: string;
  parcels: number;
}

/** Orders waiting to ship by their wished delivery date for the coming `days`, those without a date first. */
export function parcelsByDate(waiting: readonly { desiredDeliveryDate: string | null }[], now: Date, days = 14): ParcelDay[] {
  const today = japanIsoDate(now);
  const dates = Array.from({ length: days }, (_, n) => addDays(today, n));
  const counts = new Map<string, number>([["", 0], ...dates.map((date) => [date, 0] as [string, number])]);
  for (const order of waiting) {
    const date = order.desiredDeliveryDate && order.desiredDeliveryDate >= today ? order.desiredDeliveryDate : "";
    if (counts.has(date)) counts.set(date, counts.get(date)! + 1);
  }
  return [...counts.entries()].map(([date, parcels]) => ({ date, parcels }));
}

/** One chart as the back office gets it: the server's SVG and the figures of its table. */
export interface ChartAnswer<Row> {
  title: string;
  svg: string;
  /** The same chart drawn for a phone's width: fewer bars or labels, larger texts (decision 068). */
  svg_narrow: string;
  rows: Row[];
}

/** GET /admin/api/dashboard/charts. */
export interface DashboardCharts {
  period: ChartPeriod;
  sales: ChartAnswer<{ key: string; label: string; this_year: number; last_year: number }>;
  methods: ChartAnswer<{ key: string; label: string; yen: number; orders: number }>;
  liquor_types: ChartAnswer<{ key: string; label: string; yen: number; bottles: number }>;
  parcels: ChartAnswer<{ date: string; label: string; parcels: number }>;
  best_sellers: { id: number; name: string; bottles: number; stock: number }[];
  slow_movers: { id: number; name: string; bottles: number; stock: number }[];
  running_out: { id: number; name: string; bottles: number; stock: number; days_left: number }[];
}
