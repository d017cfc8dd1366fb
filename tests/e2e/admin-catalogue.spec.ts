import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import sharp from "sharp";
import { E2E_OWNER as OWNER, asConfirmedAdult, waitForHydration, passOwnerSecondStep } from "./fixtures.ts";

// The trader's new bottle: signed in on /admin/login, a product created in the back office, two
// pictures added by direct upload (and a broken file refused with the upload's failure wording), the order
// of the pictures changed, the product published, and the shopper finds it in /shop with both.

test.describe.configure({ timeout: testTime(180_000) });

async function traderSignsIn(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(OWNER.email);
  await page.getByLabel("パスワード").fill(OWNER.password);
  await page.getByRole("button", { name: "サインイン" }).click();
  await passOwnerSecondStep(page);
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  return page;
}

function png(red: number): Promise<Buffer> {
  return sharp({ create: { width: 90, height: 120, channels: 3, background: { r: red, g: 40, b: 60 } } })
    .png()
    .toBuffer();
}

async function imageOrder(page: Page): Promise<string[]> {
  return page.getByTestId("image-item").evaluateAll((items) => items.map((item) => item.getAttribute("data-image-id") ?? ""));
}

test("the trader creates a product with two images, publishes it, and it is in /shop", async ({ browser, page }) => {
  const name = `蔵の新酒 ${Date.now()}`;
  const trader = await traderSignsIn(browser);

  await trader.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "商品", exact: true }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "商品" })).toBeVisible();
  await trader.getByRole("link", { name: "新しい商品" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "新しい商品" })).toBeVisible();

  // The server's messages appear under their fields when something is missing.
  await trader.getByRole("button", { name: "作成する" }).click();
  await expect(trader.getByTestId("product-form-errors")).toContainText("名前(日本語)を入力してください");

  await trader.getByLabel("名前(日本語)").fill(name);
  await trader.getByLabel("名前(英語)").fill(`Kura new sake ${name.slice(5)}`);
  await trader.getByLabel("説明(日本語)").fill("新米で仕込んだ一本。");
  await trader.getByLabel("価格(税抜・円)").fill("2800");
  await trader.getByLabel("在庫数").fill("12");
  await trader.getByLabel("容量(ml)").fill("720");
  await trader.getByLabel("アルコール度数(%)").fill("15.5");
  await trader.getByRole("button", { name: "作成する" }).click();
  await expect(trader.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(trader.getByText("非公開", { exact: true })).toBeVisible();

  // Two pictures by direct upload (MD5 in the browser, blob record, PUT).
  const upload = trader.getByTestId("image-upload");
  await upload.setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await png(150) },
    { name: "back.png", mimeType: "image/png", buffer: await png(60) },
  ]);
  await expect(trader.getByTestId("image-item")).toHaveCount(2);
  const uploaded = await imageOrder(trader);

  // A file that is no picture is refused with the upload's failure message and the server's reason.
  await upload.setInputFiles([{ name: "label.png", mimeType: "image/png", buffer: Buffer.from("this is not a picture") }]);
  await expect(trader.getByTestId("image-errors")).toContainText("Error storing label.png. Status: 422");
  await expect(trader.getByTestId("image-errors")).toContainText("画像として読み込めないファイルです");
  await expect(trader.getByTestId("image-item")).toHaveCount(2);

  // The back label first, by the button a tablet uses; the order is kept after a reload.
  await trader.getByRole("button", { name: "2枚目を前へ" }).click();
  await expect.poll(() => imageOrder(trader)).toEqual([uploaded[1], uploaded[0]]);
  await trader.reload();
  await expect.poll(() => imageOrder(trader)).toEqual([uploaded[1], uploaded[0]]);

  await trader.getByLabel("ショップに公開する").check();
  await trader.getByRole("button", { name: "保存する" }).click();
  await expect(trader.getByText("公開中", { exact: true })).toBeVisible();

  // The shopper sees it at once, with both pictures, the back label first.
  await asConfirmedAdult(page);
  await page.goto("/shop");
  const tile = page.getByRole("link", { name: new RegExp(name) }).first();
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const shopImages = await page.locator(`img[src*="/images/${uploaded[1]}/"], img[src*="/images/${uploaded[0]}/"]`).count();
  expect(shopImages).toBeGreaterThanOrEqual(2);
  const firstSrc = await page.locator('main img[src^="/images/"]').first().getAttribute("src");
  expect(firstSrc).toContain(`/images/${uploaded[1]}/`);
});
