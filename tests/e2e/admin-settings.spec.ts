import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { E2E_OWNER as OWNER, asConfirmedAdult, waitForHydration } from "./fixtures.ts";

// Changing the shipping fee in the settings, which the shop then charges at once. It changes what
// every other journey sees, so playwright.config.ts runs this file in a project of its own after
// all the others.

test.describe.configure({ timeout: testTime(180_000) });

async function signInAsOwner(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(OWNER.email);
  await page.getByLabel("パスワード").fill(OWNER.password);
  await page.getByRole("button", { name: "サインイン" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  return page;
}

test("the trader changes the shipping fee in the settings and the shop charges it at once", async ({ page, browser }) => {
  const trader = await signInAsOwner(browser);
  await trader.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "設定" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "設定" })).toBeVisible();
  const fee = trader.getByLabel("東京都 送料(円)");
  await expect(fee).toHaveValue("1100");

  // A wrong value is refused under the field and nothing changes.
  await fee.fill("-5");
  await trader.getByRole("button", { name: "設定を保存" }).click();
  await expect(trader.getByText("東京都の送料は0以上の値にしてください").first()).toBeVisible();
  expect(await (await page.request.get("/api/shipping")).json()).toEqual({ fee: 1100 });

  try {
    await fee.fill("1210");
    await trader.getByRole("button", { name: "設定を保存" }).click();
    await expect(trader.getByText("設定を保存しました。ショップと購入手続きにすぐに反映されます。").first()).toBeVisible();
    expect(await (await page.request.get("/api/shipping")).json()).toEqual({ fee: 1210 });
    // The legal notice, read on every page view, shows the new fee too.
    await asConfirmedAdult(page);
    await page.goto("/specified-commercial-transaction-act-notes");
    await expect(page.getByText("送料(1箱あたり・税抜)：北海道 1,650 円／東京都 1,210 円／沖縄県 2,200 円／上記以外の地域 1,100 円")).toBeVisible();
  } finally {
    // Other journeys on this server expect the demo fee.
    await fee.fill("1100");
    await trader.getByRole("button", { name: "設定を保存" }).click();
    await expect.poll(async () => (await page.request.get("/api/shipping")).json()).toEqual({ fee: 1100 });
  }
});
