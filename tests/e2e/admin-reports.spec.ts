import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, placeBankOrder, traderSignsIn, waitForHydration } from "./fixtures.ts";

// The back office's report screens share one form, download and table shape (report-table.tsx):
// the liquor sales report keeps its fiscal year in the address, shows a subtotal per kind and
// downloads its CSV; the magazine's subscribers filter by status and download the filtered list.

test.describe.configure({ timeout: testTime(120_000) });

async function downloadText(page: Page, link: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return readFile((await download.path())!, "utf8");
}

test("the liquor sales report and the magazine's subscribers: the choice in the address, tables, CSV downloads", async ({ page, browser }) => {
  await asConfirmedAdult(page);
  // A bottle of wine (product 1): it counts in this fiscal year's report.
  await placeBankOrder(page, `reports-${Date.now()}@example.com`);
  const reader = `reports-reader-${Date.now()}@example.com`;
  await page.goto("/magazine/register");
  const subscribed = await page.request.post("/api/magazine/subscriptions", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { email: reader, consent: true },
  });
  expect(subscribed.status()).toBe(202);

  const trader = await traderSignsIn(browser);
  const menu = trader.getByRole("navigation", { name: "管理メニュー" });
  await menu.getByRole("link", { name: "酒類販売数量" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "酒類の販売数量" })).toBeVisible();
  await waitForHydration(trader);
  const year = await trader.getByLabel("年度").inputValue();
  await trader.getByRole("button", { name: "表示" }).click();
  await expect(trader).toHaveURL(new RegExp(`/admin/reports/liquor-sales\\?year=${year}$`));
  const report = trader.getByTestId("liquor-report");
  await expect(report.getByRole("row", { name: /ワイン 小計/ })).toBeVisible();
  const reportCsv = trader.getByRole("link", { name: "CSVをダウンロード" });
  await expect(reportCsv).toHaveAttribute("href", `/admin/api/reports/liquor-sales?year=${year}&format=csv`);
  expect(await downloadText(trader, reportCsv)).toContain("ワイン");

  await menu.getByRole("link", { name: "メールマガジン" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "メールマガジン" })).toBeVisible();
  await waitForHydration(trader);
  const subscribers = trader.getByTestId("magazine-subscribers");
  await subscribers.getByRole("link", { name: /^確認待ち/ }).click();
  await expect(trader).toHaveURL(/\/admin\/magazine\?status=pending$/);
  await expect(subscribers.getByRole("row", { name: new RegExp(reader) })).toContainText("確認待ち");
  const subscribersCsv = subscribers.getByRole("link", { name: "CSVをダウンロード" });
  await expect(subscribersCsv).toHaveAttribute("href", "/admin/api/magazine/subscribers?status=pending&format=csv");
  expect(await downloadText(trader, subscribersCsv)).toContain(reader);
  await trader.context().close();
});
