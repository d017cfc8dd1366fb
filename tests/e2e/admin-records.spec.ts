import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, placeBankOrder, traderSignsIn, waitForHydration } from "./fixtures.ts";

// The kept transaction records (decision 062) as an inspector is shown them: the order mail of a
// new order is found by date, amount and counterparty together, downloads as it was kept, and the
// matches export as a zip.

test.describe.configure({ timeout: testTime(120_000) });

async function downloadBytes(page: Page, link: Locator): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return readFile((await download.path())!);
}

test("an order mail is found by date range, amount range and counterparty, downloads as kept and exports", async ({ page, browser }) => {
  await asConfirmedAdult(page);
  const orderId = await placeBankOrder(page, `records-${Date.now()}@example.com`);
  const orderNumber = orderNumberForShopper(orderId);

  const trader = await traderSignsIn(browser);
  await trader.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "取引記録" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "電子取引の記録" })).toBeVisible();
  await waitForHydration(trader);
  const japanToday = new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Tokyo" }).format(new Date());
  await trader.getByLabel("取引年月日(から)").fill(japanToday);
  await trader.getByLabel("取引年月日(まで)").fill(japanToday);
  await trader.getByLabel("取引金額(下限)").fill("1");
  await trader.getByLabel("取引金額(上限)").fill("1,000,000");
  await trader.getByLabel("取引先").fill("蔵前 太郎");
  await trader.getByLabel("種類").selectOption({ label: "注文確認メール" });
  await trader.getByRole("button", { name: "検索" }).click();
  await expect(trader).toHaveURL(/counterparty=/);
  const row = trader.getByTestId("records").getByRole("row", { name: new RegExp(orderNumber) });
  await expect(row).toContainText("注文確認メール");
  await expect(row).toContainText("蔵前 太郎");
  const mail = (await downloadBytes(trader, row.getByRole("link", { name: /をダウンロード$/ }))).toString("utf8");
  expect(mail).toMatch(/^Message-ID: <kura-mail-\d+@/m);
  expect(mail).toContain(`To: records-`);

  const exported = await downloadBytes(trader, trader.getByRole("link", { name: "検索結果を書き出す(ZIP)" }));
  expect(exported.subarray(0, 2).toString("latin1")).toBe("PK");

  // A condition the server refuses is shown at its field, not as an error page.
  await trader.getByLabel("取引金額(下限)").fill("abc");
  await trader.getByRole("button", { name: "検索" }).click();
  await expect(trader.getByText("取引金額(下限)は数値で入力してください")).toBeVisible();
  await trader.context().close();
});
