import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { traderSignsIn, waitForHydration } from "./fixtures.ts";

// Issue 19 item 6, the liquor ledger (decision 038): the trader records a receiving of 12 bottles
// from a supplier and one broken bottle on the product's page, sees both among its moves with the
// stock moved by 11, and downloads the 仕入帳 with the receiving in litres.

test.describe.configure({ timeout: testTime(180_000) });

const PRODUCT = "北風蒸溜所 ブレンデッド 700ml";
const SUPPLIER = `株式会社蔵前酒販 ${Date.now()}`;

async function stockShown(page: Page): Promise<number> {
  const text = await page
    .getByTestId("stock-ledger")
    .getByText(/^現在の在庫: \d+本$/)
    .textContent();
  return Number(/(\d+)本/.exec(text ?? "")![1]);
}

test("the trader records a receiving and a broken bottle, sees the moves and downloads the 仕入帳", async ({ browser }, testInfo) => {
  const trader = await traderSignsIn(browser);
  await trader.goto(`/admin/products?q=${encodeURIComponent("ブレンデッド")}`);
  await trader.getByRole("link", { name: PRODUCT }).first().click();
  await expect(trader.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
  await waitForHydration(trader);
  const ledger = trader.getByTestId("stock-ledger");
  const before = await stockShown(trader);

  // A receiving without its supplier is refused under the field, nothing recorded.
  const receiving = ledger.getByRole("form", { name: "仕入を記録" });
  await receiving.getByLabel("数量(本)").fill("12");
  await receiving.getByLabel("仕入単価(税抜・円)").fill("2400");
  await receiving.getByRole("button", { name: "仕入を記録する" }).click();
  await expect(receiving.getByText("仕入先の名称を入力してください")).toBeVisible();
  expect(await stockShown(trader)).toBe(before);

  await receiving.getByLabel("仕入先の名称").fill(SUPPLIER);
  await receiving.getByLabel("仕入先の所在地").fill("東京都台東区蔵前1-2-3");
  // The supplier's invoice registration number (decision 061): a wrong one is refused under the field.
  await receiving.getByLabel("仕入先の登録番号").fill("T12345");
  await receiving.getByRole("button", { name: "仕入を記録する" }).click();
  await expect(receiving.getByText("仕入先の登録番号は「T」と13桁の数字で入力してください")).toBeVisible();
  await receiving.getByLabel("仕入先の登録番号").fill("T1234567890123");
  await receiving.getByRole("button", { name: "仕入を記録する" }).click();
  await expect(trader.getByText("仕入を記録しました。")).toBeVisible();
  await expect.poll(() => stockShown(trader)).toBe(before + 12);

  const adjustment = ledger.getByRole("form", { name: "増減を記録" });
  await adjustment.getByLabel("区分").selectOption("breakage");
  await adjustment.getByLabel("数量(本)").fill("1");
  await adjustment.getByLabel("理由").fill("荷ほどき中に落として割れた");
  await adjustment.getByRole("button", { name: "増減を記録する" }).click();
  await expect(trader.getByText("増減を記録しました。")).toBeVisible();
  await expect.poll(() => stockShown(trader)).toBe(before + 11);

  const rows = trader.getByTestId("stock-moves").locator("tbody tr");
  await expect(rows.nth(0)).toContainText("破損");
  await expect(rows.nth(0)).toContainText("-1");
  await expect(rows.nth(0)).toContainText("荷ほどき中に落として割れた");
  await expect(rows.nth(0)).toContainText(String(before + 11));
  await expect(rows.nth(1)).toContainText("仕入");
  await expect(rows.nth(1)).toContainText("+12");
  await expect(rows.nth(1)).toContainText(SUPPLIER);
  await ledger.screenshot({ path: testInfo.outputPath("ledger-desktop.png") });

  // The books: the receiving in the 仕入帳 on screen and in the downloaded CSV, 12 × 700 ml = 8.400 L.
  await trader.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "酒類の帳簿" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "酒類の帳簿" })).toBeVisible();
  await waitForHydration(trader);
  const book = trader.getByTestId("purchase-book");
  const bookRow = book.getByRole("row").filter({ hasText: SUPPLIER });
  await expect(bookRow).toContainText("8.400");
  // By 品目 and 税率の適用区分, with the supplier's T-number.
  await expect(bookRow).toContainText("ウイスキー");
  await expect(bookRow).toContainText("40度以上41度未満");
  await expect(bookRow).toContainText("T1234567890123");

  // Monthly totals are offered only with a stock-take within three months; the trader records one.
  const stockTakes = trader.getByTestId("stock-takes");
  await stockTakes.getByRole("button", { name: "棚卸しを記録" }).click();
  await expect(trader.getByText("棚卸しを記録しました。")).toBeVisible();
  await expect(stockTakes.getByTestId("stock-take-overdue")).toHaveCount(0);
  await trader.getByLabel("販売帳の記帳").selectOption("monthly");
  await trader.getByRole("button", { name: "表示", exact: true }).first().click();
  await expect(trader).toHaveURL(/mode=monthly/);
  await expect(trader.getByTestId("monthly-refused")).toHaveCount(0);

  // A supplier record with its registration number.
  const suppliers = trader.getByTestId("suppliers");
  await suppliers.getByLabel("名称").fill(`${SUPPLIER} 支店`);
  await suppliers.getByLabel("所在地").fill("大阪府大阪市北区1-1");
  await suppliers.getByLabel("登録番号").fill("ｔ９８７６５４３２１０９８７");
  await suppliers.getByRole("button", { name: "仕入先を登録" }).click();
  await expect(suppliers.getByTestId("supplier-row").filter({ hasText: `${SUPPLIER} 支店` })).toContainText("T9876543210987");
  await trader.screenshot({ path: testInfo.outputPath("books-desktop.png"), fullPage: true });
  const [download] = await Promise.all([trader.waitForEvent("download"), trader.getByRole("link", { name: "仕入帳CSV", exact: true }).click()]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFF帳簿の期間,仕入年月日,品目,税率の適用区分,")).toBe(true);
  const line = csv.split("\r\n").find((each) => each.includes(SUPPLIER));
  expect(line).toContain(`,ウイスキー,40度以上41度未満,`);
  expect(line).toContain(",T1234567890123,100");
  expect(line).toContain(`,${PRODUCT},700,12,8.400,2400,28800,${SUPPLIER},東京都台東区蔵前1-2-3`);

  // The same pages on a phone, to look at.
  const phone = await traderSignsIn(browser, { width: 390, height: 844 });
  await phone.goto(trader.url());
  await expect(phone.getByRole("heading", { level: 1, name: "酒類の帳簿" })).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath("books-phone.png"), fullPage: true });
  await phone.goto(`/locale/en?to=${encodeURIComponent(new URL(trader.url()).pathname + new URL(trader.url()).search)}`);
  await expect(phone.getByRole("heading", { level: 1, name: "Liquor books" })).toBeVisible();
  await expect(phone.getByTestId("purchase-book")).toContainText("40% to below 41%");
  await phone.screenshot({ path: testInfo.outputPath("books-phone-en.png"), fullPage: true });
  await phone.goto(`/admin/products?q=${encodeURIComponent("ブレンデッド")}`);
  await phone.getByRole("link", { name: PRODUCT }).first().click();
  await expect(phone.getByTestId("stock-moves")).toBeVisible();
  await phone.getByTestId("stock-ledger").screenshot({ path: testInfo.outputPath("ledger-phone.png") });
});
