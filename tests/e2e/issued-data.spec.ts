import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import iconv from "iconv-lite";
import { writeFileSync } from "node:fs";
import { B2_COLUMNS } from "../../src/server/admin/b2-cloud.csv.ts";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, E2E_OWNER, passOwnerSecondStep, traderSignsIn, waitForHydration } from "./fixtures.ts";

// Slip numbers back from B2 Cloud (issue #35 item 1): the trader uploads the 発行済みデータ file
// B2 wrote, reads the preview (orders matched, an unpaid transfer refused with its reason),
// confirms, and the orders are shipped; the same works with JavaScript switched off.

test.describe.configure({ timeout: testTime(180_000) });

async function placeOrder(page: Page, method: "cod" | "bank"): Promise<string> {
  const response = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": `e2e-issued-${crypto.randomUUID()}` },
    data: {
      items: [{ id: 1, amount: 1 }],
      payment_method: method,
      name: "蔵前 太郎",
      email: `issued-${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone: "03-1234-5678",
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "" },
      desired_delivery_date: "",
      desired_delivery_timezone: "",
      memo: "",
      birth_date: "1990-04-01",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { order_id: string }).order_id;
}

/** B2 Cloud's issued data for these parcels, Shift_JIS with CRLF, written where the test keeps its files. */
function b2File(path: string, parcels: { id: string; slip: string }[]): string {
  const lines = [B2_COLUMNS.join(",")];
  for (const parcel of parcels) {
    const row = Array<string>(B2_COLUMNS.length).fill("");
    row[0] = parcel.id;
    row[3] = parcel.slip;
    row[15] = "蔵前 太郎";
    lines.push(row.join(","));
  }
  writeFileSync(path, iconv.encode(`${lines.join("\r\n")}\r\n`, "Shift_JIS"));
  return path;
}

async function shopOrders(page: Page, count: number) {
  await asConfirmedAdult(page);
  await page.goto("/");
  const cod: string[] = [];
  for (let n = 0; n < count; n += 1) cod.push(await placeOrder(page, "cod"));
  const unpaid = await placeOrder(page, "bank");
  const stamp = String(Date.now()).slice(-8);
  return { cod, unpaid, parcels: [...cod, unpaid].map((id, n) => ({ id, slip: `41${stamp}${String(n).padStart(2, "0")}` })) };
}

test("the trader uploads B2 Cloud's issued data on a desktop, reads the preview and confirms", async ({ page, browser }, testInfo) => {
  const { cod, unpaid, parcels } = await shopOrders(page, 3);
  const file = b2File(testInfo.outputPath("b2-issued.csv"), parcels);

  const trader = await traderSignsIn(browser);
  await trader.getByRole("link", { name: "送り状番号の取り込み" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "発行済みデータの取り込み(送り状番号)" })).toBeVisible();
  await waitForHydration(trader);
  await trader.getByLabel("発行済みデータのファイル").setInputFiles(file);
  await trader.getByRole("button", { name: "読み込んで確認する" }).click();

  const preview = trader.getByTestId("issued-preview");
  await expect(preview.getByRole("heading", { name: "取り込み内容の確認(ヤマト運輸)" })).toBeVisible();
  await expect(trader.getByTestId("issued-counts")).toHaveText("発送済みにする 3件 ・ 発送済みのため変更なし 0件 ・ 取り込めない 1件");
  const rows = preview.locator("tbody tr");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).getByRole("cell").nth(1)).toHaveText(orderNumberForShopper(cod[0]!));
  await expect(rows.nth(0)).toContainText(parcels[0]!.slip);
  await expect(rows.nth(0)).toContainText("発送済みにする");
  await expect(rows.nth(3)).toContainText(orderNumberForShopper(unpaid));
  await expect(rows.nth(3)).toContainText("入金待ちの注文です(入金の確認が先です)。");
  const previewLines = await rows.locator("td:first-child").allTextContents();
  await trader.screenshot({ path: testInfo.outputPath("issued-preview-desktop.png"), fullPage: true });

  await trader.getByRole("button", { name: "3件を発送済みにしてメールを送る" }).click();
  // The result says what became of every row of the file, numbered as the preview numbered them.
  await expect(trader.getByTestId("issued-result-counts")).toHaveText("発送済みにした注文 3件 ・ 変更なし 0件 ・ 取り込めなかった行 1件");
  const resultRows = trader.getByTestId("issued-result").locator("tbody tr");
  await expect(resultRows.nth(0)).toContainText("発送済みにしました");
  await expect(resultRows.nth(3)).toContainText("入金待ちの注文です(入金の確認が先です)。");
  expect(await resultRows.locator("td:first-child").allTextContents()).toEqual(previewLines);
  expect(previewLines[0]).toBe("2");
  await trader.screenshot({ path: testInfo.outputPath("issued-result-desktop.png"), fullPage: true });

  // The order page shows the slip number and the order as shipped.
  await trader.goto(`/admin/orders/${cod[0]}`);
  await waitForHydration(trader);
  await expect(trader.getByText(parcels[0]!.slip).first()).toBeVisible();

  // The same file again: nothing left to ship.
  await trader.goto("/admin/issued-data");
  await waitForHydration(trader);
  await trader.getByLabel("発行済みデータのファイル").setInputFiles(file);
  await trader.getByRole("button", { name: "読み込んで確認する" }).click();
  await expect(trader.getByTestId("issued-counts")).toHaveText("発送済みにする 0件 ・ 発送済みのため変更なし 3件 ・ 取り込めない 1件");
  await trader.context().close();
});

test("without JavaScript the upload, preview and confirm work as plain form posts", async ({ page, browser }, testInfo) => {
  const { parcels } = await shopOrders(page, 2);
  const file = b2File(testInfo.outputPath("b2-issued-nojs.csv"), parcels);

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const trader = await context.newPage();
  await trader.goto("/admin/issued-data");
  await expect(trader).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fissued-data$/);
  await trader.getByLabel("メールアドレス").fill(E2E_OWNER.email);
  await trader.getByLabel("パスワード").fill(E2E_OWNER.password);
  await trader.getByRole("button", { name: "サインイン" }).click();
  await passOwnerSecondStep(trader, "ja", trader.getByLabel("発行済みデータのファイル"));
  await expect(trader).toHaveURL(/\/admin\/issued-data$/);
  await trader.getByLabel("発行済みデータのファイル").setInputFiles(file);
  await trader.getByRole("button", { name: "読み込んで確認する" }).click();
  await expect(trader.getByTestId("issued-counts")).toHaveText("発送済みにする 2件 ・ 発送済みのため変更なし 0件 ・ 取り込めない 1件");
  await trader.screenshot({ path: testInfo.outputPath("issued-preview-phone-nojs.png"), fullPage: true });
  await trader.getByRole("button", { name: "2件を発送済みにしてメールを送る" }).click();
  await expect(trader.getByTestId("issued-result-counts")).toHaveText("発送済みにした注文 2件 ・ 変更なし 0件 ・ 取り込めなかった行 1件");
  // In the back office's frame: its menu and the signed-in staff member, without JavaScript too.
  // On a phone the menu is one button, closed: the page's heading is on the first screen.
  const menu = trader.getByRole("navigation", { name: "管理メニュー" });
  await expect(menu.getByRole("link", { name: "注文", exact: true })).toBeHidden();
  await expect(trader.getByRole("heading", { level: 1 })).toBeInViewport();
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "注文", exact: true })).toBeVisible();
  await expect(trader.getByTestId("admin-staff")).toContainText(E2E_OWNER.email);
  await context.close();
});
