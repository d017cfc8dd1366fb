import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, placeBankOrder, traderSignsIn, waitForHydration } from "./fixtures.ts";

// The dashboard to look at (issue #35 item 3): the season's sales against last year's as a chart
// drawn on the server, with its table of figures, on a desktop and on a phone.

test.describe.configure({ timeout: testTime(150_000) });

for (const [device, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`the dashboard shows the charts with their tables on a ${device}`, async ({ page, browser }, testInfo) => {
    await asConfirmedAdult(page);
    await placeBankOrder(page, `charts-${device}-${Date.now()}@example.com`);
    const trader = await traderSignsIn(browser, viewport);
    await waitForHydration(trader);
    const sales = trader.getByTestId("chart-sales");
    const chart = sales.getByRole("img", { name: "売上の推移(税込・昨年同期との比較)" });
    await expect(chart).toBeVisible();
    // The table behind the chart: 30 Japan dates, this period and last year.
    await expect(sales.getByRole("columnheader")).toHaveText(["期間", "今期", "昨年同期"]);
    await expect(sales.locator("tbody tr")).toHaveCount(30);
    await expect(trader.getByTestId("chart-methods").getByRole("img", { name: "支払方法別の売上(税込・直近30日)" })).toBeVisible();
    await expect(trader.getByTestId("chart-methods").getByRole("rowheader", { name: "銀行振込" })).toBeVisible();
    await expect(trader.getByTestId("chart-types").getByRole("img")).toBeVisible();
    await expect(trader.getByTestId("chart-parcels").getByRole("img")).toBeVisible();
    // One drawing shown, the other display:none (a screen reader meets one chart): the phone's on a
    // phone, 14 days; the desk's above, 30 days.
    const form = device === "phone" ? "narrow" : "wide";
    const shown = sales.locator(`[data-chart-form="${form}"] svg`);
    await expect(shown).toBeVisible();
    await expect(sales.locator(`[data-chart-form="${device === "phone" ? "wide" : "narrow"}"]`)).toHaveCSS("display", "none");
    await expect(sales.getByRole("img")).toHaveCount(1);
    await expect(shown.locator("rect.bar")).toHaveCount(device === "phone" ? 14 : 30);
    if (device === "phone") {
      // Each visible chart fits its box, no sideways scrolling inside it; today's bar is on the screen.
      for (const id of ["chart-sales", "chart-methods", "chart-types", "chart-parcels"]) {
        const box = (await trader.getByTestId(id).locator('[data-chart-form="narrow"]').boundingBox())!;
        const svg = (await trader.getByTestId(id).locator('[data-chart-form="narrow"] svg').boundingBox())!;
        expect(svg.width).toBeGreaterThan(200);
        expect(svg.width).toBeLessThanOrEqual(box.width);
        expect(svg.x).toBeGreaterThanOrEqual(box.x);
      }
      const box = (await sales.locator('[data-chart-form="narrow"]').boundingBox())!;
      const today = (await shown.locator("rect.bar").last().boundingBox())!;
      expect(today.x).toBeGreaterThanOrEqual(box.x);
      expect(today.x + today.width).toBeLessThanOrEqual(box.x + box.width);
      expect(today.x + today.width).toBeLessThanOrEqual(viewport.width);
    }
    // Nothing wider than the screen but the tables' own scrolling.
    const overflow = await trader.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await trader.screenshot({ path: testInfo.outputPath(`dashboard-${device}.png`), fullPage: true });

    await trader.getByRole("link", { name: "月別" }).click();
    await expect(sales.locator("tbody tr")).toHaveCount(12);
    await expect(chart).toBeVisible();
    await trader.context().close();
  });
}
