import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { E2E_OWNER as OWNER, asConfirmedAdult, waitForHydration, passOwnerSecondStep } from "./fixtures.ts";

// Changing the shipping fee in the settings, which the shop then charges at once. It changes what
// every other journey sees, so playwright.config.ts runs this file in a project of its own after
// all the others.

// One after the other: each saves the whole settings form, and two saves at once would each write
// back the other's field as it was read (the last save wins, as for two staff at two desks).
test.describe.configure({ mode: "default", timeout: testTime(180_000) });

async function signInAsOwner(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(OWNER.email);
  await page.getByLabel("パスワード").fill(OWNER.password);
  await page.getByRole("button", { name: "サインイン" }).click();
  await passOwnerSecondStep(page);
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

test("the trader turns shipping abroad on in the settings (decision 051), and off again", async ({ browser }, testInfo) => {
  const trader = await signInAsOwner(browser);
  await trader.goto("/admin/settings");
  await waitForHydration(trader);
  const abroad = trader.getByRole("checkbox", { name: "海外への発送を承る" });
  await expect(abroad).not.toBeChecked();
  await expect(abroad).toHaveAccessibleDescription(/海外への発送は承っておりません/);
  const save = async () => {
    await trader.getByRole("button", { name: "設定を保存" }).click();
    await expect(trader.getByText("設定を保存しました。ショップと購入手続きにすぐに反映されます。").first()).toBeVisible();
  };
  try {
    await abroad.check();
    await save();
    await abroad.scrollIntoViewIfNeeded();
    await trader.screenshot({ path: testInfo.outputPath("settings-ships-abroad.png") });
    await trader.reload();
    await waitForHydration(trader);
    await expect(trader.getByRole("checkbox", { name: "海外への発送を承る" })).toBeChecked();
  } finally {
    // Other journeys on this server expect the demo profile (no shipping abroad).
    const box = trader.getByRole("checkbox", { name: "海外への発送を承る" });
    if (await box.isChecked()) {
      await box.uncheck();
      await save();
    }
  }
  expect((await (await trader.request.get("/admin/api/settings")).json()).data.shipsAbroad).toBe(false);
});
