import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { japanIsoDate } from "../../domain/dashboard-charts.ts";
import { comparedBarChart } from "./dashboard-svg.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// GET /admin/api/dashboard/charts (decision 068): today's orders in today's bar, by method, with
// the SVG's title, description and axis labels, the figures as rows, texts escaped, ja and en.

let shop: TestApp;
let staff: StaffSession;

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  staff = await staffSession(shop);
  const client = new CheckoutClient(shop);
  const wine = await new CatalogFactory(shop.database.db).product({ name: { ja: "蔵の赤 <限定>", en: "Kura red <limited>" }, price: 3000, stock: 3 });
  for (const method of ["bank", "cod", "cod"] as const) {
    const response = await client.post(shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { payment_method: method }));
    expect(response.statusCode).toBe(200);
  }
});

afterAll(async () => {
  await shop.close();
});

function charts(query: string, locale: "ja" | "en" = "ja") {
  return shop.app.inject({
    method: "GET",
    url: `/admin/api/dashboard/charts${query}`,
    headers: { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}` },
  });
}

describe("GET /admin/api/dashboard/charts", () => {
  it("puts today's orders in today's bar and sums them by method, with an accessible SVG and the rows behind it", async () => {
    const response = await charts("");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.period).toBe("day");
    expect(body.sales.rows).toHaveLength(30);
    const today = body.sales.rows.at(-1);
    expect(today.key).toBe(japanIsoDate(new Date()));
    expect(today.this_year).toBeGreaterThan(9000);
    expect(today.last_year).toBe(0);
    expect(body.sales.svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="chart-sales-title chart-sales-desc"/);
    expect(body.sales.svg).toContain('<title id="chart-sales-title">売上の推移(税込・昨年同期との比較)</title>');
    expect(body.sales.svg).toContain("日付(直近30日)");
    expect(body.methods.rows.map((row: { label: string; orders: number }) => [row.label, row.orders])).toEqual([
      ["代金引換", 2],
      ["銀行振込", 1],
    ]);
    // 3 bottles sold of 3 in stock (the order took them): sold out at this pace.
    expect(body.best_sellers[0]).toMatchObject({ name: "蔵の赤 <限定>", bottles: 3 });
    expect(body.parcels.rows[0]).toMatchObject({ date: "", label: "希望日なし", parcels: 2 });
    expect(body.parcels.svg).toContain("希望日なし");
  });

  it("sums by week and month on request, in English, and escapes what it draws", async () => {
    const week = (await charts("?period=week", "en")).json();
    expect(week.period).toBe("week");
    expect(week.sales.rows).toHaveLength(12);
    expect(week.sales.svg).toContain("Week from Monday (last 12 weeks)");
    expect(week.methods.svg).toContain("Cash on delivery");
    expect((await charts("?period=month")).json().sales.rows).toHaveLength(12);
    expect((await charts("?period=century")).json().period).toBe("day");
    for (const chart of [week.sales, week.methods, week.liquor_types, week.parcels]) expect(chart.svg).not.toMatch(/<限定>|<limited>/);
  });
});

describe("the phone's form of each chart", () => {
  const xLabels = (svg: string) => [...svg.matchAll(/text-anchor="middle"[^>]*>(\d+\/\d+|\d+月)</g)].map((match) => match[1]);
  const viewBoxWidth = (svg: string) => Number(/viewBox="0 0 (\d+) /.exec(svg)![1]);
  const fontSizes = (svg: string) => [...svg.matchAll(/font-size="(\d+)"/g)].map((match) => Number(match[1]));

  it("draws the last 14 days with fewer labels, today's last, its texts readable once scaled to a phone's box", async () => {
    const body = (await charts("")).json();
    const wide = body.sales.svg;
    const narrow = body.sales.svg_narrow;
    expect(narrow).toMatch(/^<svg [^>]*role="img" aria-labelledby="chart-sales-narrow-title chart-sales-narrow-desc"/);
    expect(narrow).toContain("日付(直近14日)");
    expect(wide.match(/<rect [^>]*fill="#7a1f35"\/>/g)).toHaveLength(30 + 1); // 30 bars and the legend's key
    expect(narrow.match(/<rect [^>]*fill="#7a1f35"\/>/g)).toHaveLength(14 + 1);
    expect(xLabels(narrow).length).toBeLessThanOrEqual(5);
    expect(xLabels(narrow).length).toBeLessThan(xLabels(wide).length);
    const today = body.sales.rows.at(-1).label;
    expect(xLabels(narrow).at(-1)).toBe(today);
    expect(xLabels(narrow)[0]).toBe(body.sales.rows.at(-14).label);
    // Scaled from its viewBox to a 324 px box (a 390 px phone), no text under 11 px.
    for (const svg of [narrow, body.methods.svg_narrow, body.liquor_types.svg_narrow, body.parcels.svg_narrow]) {
      expect(Math.min(...fontSizes(svg)) * (324 / viewBoxWidth(svg))).toBeGreaterThanOrEqual(11);
    }
    expect(Math.min(...fontSizes(wide)) * (324 / viewBoxWidth(wide))).toBeLessThan(11);
    expect(body.parcels.svg_narrow).toContain("希望日なし");
  });

  it("keeps the 12 months but labels only a few of them, short", async () => {
    const body = (await charts("?period=month")).json();
    expect(body.sales.svg_narrow.match(/<rect [^>]*fill="#7a1f35"\/>/g)).toHaveLength(12 + 1);
    const shown = xLabels(body.sales.svg_narrow);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThanOrEqual(5);
    expect(shown.at(-1)).toBe(`${Number(body.sales.rows.at(-1).key.slice(5, 7))}月`);
  });
});

describe("the x axis's labels", () => {
  it("show today's and never one so close before it that the two overlap", () => {
    const labels = Array.from({ length: 27 }, (_, index) => `11/${index + 1}`);
    const svg = comparedBarChart({
      id: "t",
      title: "t",
      description: "d",
      xLabel: "x",
      yLabel: "y",
      labels,
      current: labels.map(() => 1),
      previous: labels.map(() => 1),
      currentName: "a",
      previousName: "b",
      formatY: String,
    });
    const shown = [...svg.matchAll(/text-anchor="middle"[^>]*>([^<]+)</g)].map((match) => match[1]).filter((label) => labels.includes(label!));
    expect(shown.at(-1)).toBe("11/27");
    const every = Math.ceil(labels.length / 8);
    const positions = shown.map((label) => labels.indexOf(label!));
    for (let n = 1; n < positions.length; n += 1) expect(positions[n]! - positions[n - 1]!).toBeGreaterThanOrEqual(every);
  });
});

describe("the y axis's ticks", () => {
  const series = (values: number[]) => ({
    id: "t",
    title: "t",
    description: "d",
    xLabel: "x",
    yLabel: "y",
    labels: values.map((_, index) => `11/${index + 1}`),
    current: values,
    previous: values.map(() => 0),
    currentName: "a",
    previousName: "b",
    formatY: (value: number) => `${value}円`,
  });
  const ticks = (svg: string) => [...svg.matchAll(/text-anchor="end"[^>]*>([^<]+)</g)].map((match) => match[1]);

  it("are whole yen and whole orders, also on a day without sales (no 0.5 円)", () => {
    expect(ticks(comparedBarChart(series([0, 0, 0])))).toEqual(["0円", "1円"]);
    expect(ticks(comparedBarChart(series([0, 1, 3])))).toEqual(["0円", "1円", "2円", "3円"]);
    expect(ticks(comparedBarChart(series([0, 12_000, 30_000])))).toEqual(["0円", "10000円", "20000円", "30000円"]);
  });
});
