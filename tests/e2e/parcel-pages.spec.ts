import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, traderSignsIn } from "./checkout-steps.ts";
import { csrfOf, restock, waitForHydration } from "./fixtures.ts";

// Issue #33 (decision 097): a gift order to two destinations ships parcel by parcel. Each parcel is a
// block on the order page that reads on a phone, and has a page of its own, drawn on the server,
// where staff ship it or correct its slip — with JavaScript and without it.

test.describe.configure({ timeout: testTime(240_000) });

const AUNT = { name: "比嘉 ツル", phone: "098-867-1234", zip: "900-0021", address: "那覇市泉崎1-2-3", building_name: "" };

/** A guest's bank order of two bottles of product 1, one to the buyer and one to an aunt in Okinawa, its transfer confirmed. */
async function twoDestinations(page: Page, trader: Page): Promise<string> {
  await restock(trader, 1, 2);
  await page.goto("/");
  const placed = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": crypto.randomUUID() },
    data: {
      items: [{ id: 1, amount: 2 }],
      payment_method: "bank",
      name: "蔵前 太郎",
      email: `parcels-${Date.now()}@example.com`,
      phone: "03-1234-5678",
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "" },
      desired_delivery_date: "",
      desired_delivery_timezone: "",
      memo: "",
      birth_date: "1990-04-01",
      shipments: [{ items: [{ id: 1, amount: 1 }] }, { recipient: AUNT, items: [{ id: 1, amount: 1 }] }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = ((await placed.json()) as { order_id: string }).order_id;
  await trader.goto("/admin/orders");
  const deposited = await trader.request.post(`/admin/api/orders/${orderId}/deposit`, {
    headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
  });
  expect(deposited.status(), await deposited.text()).toBe(200);
  return orderId;
}

async function parcelsOf(trader: Page, orderId: string) {
  const detail = (await (await trader.request.get(`/admin/api/orders/${orderId}`)).json()).data as {
    status: string;
    shipments: { state: string; slip_number: string | null; carrier: string | null }[];
  };
  return detail;
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function traderWithoutJavaScript(browser: Browser, trader: Page): Promise<Page> {
  const context = await browser.newContext({
    storageState: await trader.context().storageState(),
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}

test("parcel 2 ships from its own page and its slip is corrected there; the order page's blocks read at 390 px", async ({ browser, page }, testInfo) => {
  await asReturningShopper(page);
  const trader = await traderSignsIn(browser);
  const orderId = await twoDestinations(page, trader);

  // The order page: a block per parcel, each with its ship form and a link to its own page.
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  const blocks = trader.getByTestId("order-shipment-row");
  await expect(blocks).toHaveCount(2);
  await expect(blocks.nth(1)).toContainText(AUNT.name);
  await expect(blocks.nth(1)).toContainText("出荷可能");
  await expect(blocks.nth(1).getByTestId("parcel-ship-2")).toBeVisible();
  await blocks.nth(1).getByRole("link", { name: "この荷物のページを開く" }).click();
  await expect(trader).toHaveURL(new RegExp(`/admin/orders/${orderId}/shipments/2$`));
  await waitForHydration(trader);
  const parcel = trader.getByTestId("parcel-page-block");
  await expect(trader.getByRole("heading", { level: 1 })).toContainText("2個口目");
  await expect(parcel).toContainText(AUNT.name);

  // A bad slip is refused under its field, nothing ships; then parcel 2 ships alone.
  const form = trader.getByTestId("parcel-page-form");
  await form.getByLabel("配送伝票番号").fill("12/34");
  await form.getByRole("button", { name: "この荷物を発送済みにする" }).click();
  await expect(form.getByRole("alert")).toContainText("送り状番号は不正な値です");
  expect((await parcelsOf(trader, orderId)).shipments[1]!.state).toBe("ready");
  await form.getByLabel("配送伝票番号").fill("5123-4567-0002");
  await form.getByRole("button", { name: "この荷物を発送済みにする" }).click();
  await expect(trader.getByTestId("parcel-page-result")).toHaveText("2個口目を発送済みにしました(伝票番号 5123-4567-0002)。お客様にメールでお知らせします。");
  await expect(parcel.getByTestId("order-shipment-state")).toHaveText("発送済み");
  await expect(parcel.getByTestId("order-shipment-slip")).toContainText("5123-4567-0002");
  await trader.screenshot({ path: testInfo.outputPath("parcel-page-shipped-1280.png"), fullPage: true });

  // Its slip corrected on the same page, with another carrier.
  await trader.getByTestId("parcel-page-form").getByLabel("配送業者").selectOption("sagawa");
  await trader.getByTestId("parcel-page-form").getByLabel("配送伝票番号").fill("5123-4567-0022");
  await trader.getByRole("button", { name: "この荷物の送り状番号を訂正する" }).click();
  await expect(trader.getByTestId("parcel-page-result")).toHaveText("2個口目の送り状番号を 5123-4567-0022 に訂正しました。お客様へのメールは送っていません。");
  const after = await parcelsOf(trader, orderId);
  expect(after.status).toBe("deposited");
  expect(after.shipments.map((shipment) => [shipment.state, shipment.slip_number, shipment.carrier])).toEqual([
    ["ready", null, null],
    ["shipped", "5123-4567-0022", "sagawa"],
  ]);

  // Back on the order page: parcel 1 still has its ship form, parcel 2 its slip and the correction folded away.
  await trader.getByRole("link", { name: "← 注文の詳細へ" }).click();
  await waitForHydration(trader);
  await expect(blocks.nth(1).getByTestId("order-shipment-slip")).toContainText("5123-4567-0022");
  await expect(blocks.nth(0).getByTestId("parcel-ship-1")).toBeVisible();
  await expect(blocks.nth(1).getByTestId("parcel-slip-2")).toBeHidden();
  await expect(trader.getByTestId("order-partly-shipped")).toHaveText(/一部発送済み\(1\/2個口\)/);
  await trader.screenshot({ path: testInfo.outputPath("order-parcels-1280.png"), fullPage: true });

  // At a phone's width each block stacks and its form fits: nothing scrolls sideways.
  await trader.setViewportSize({ width: 390, height: 844 });
  await blocks.nth(0).scrollIntoViewIfNeeded();
  expect(await pageWidth(trader)).toBeLessThanOrEqual(390);
  const field = await blocks.nth(0).getByLabel("配送伝票番号").boundingBox();
  expect(field!.x + field!.width).toBeLessThanOrEqual(390);
  await trader.screenshot({ path: testInfo.outputPath("order-parcels-390.png"), fullPage: true });
  await trader.goto(`/admin/orders/${orderId}/shipments/1`);
  await waitForHydration(trader);
  expect(await pageWidth(trader)).toBeLessThanOrEqual(390);
  await trader.screenshot({ path: testInfo.outputPath("parcel-page-390.png"), fullPage: true });
  await trader.context().close();
});

test("without JavaScript, parcel 2 ships and its slip is corrected from its page, errors under the fields", async ({ browser, page }, testInfo) => {
  await asReturningShopper(page);
  const trader = await traderSignsIn(browser);
  const orderId = await twoDestinations(page, trader);
  const plain = await traderWithoutJavaScript(browser, trader);

  await plain.goto(`/admin/orders/${orderId}/shipments/2`);
  const form = plain.getByTestId("parcel-page-form");
  // Sent blank: the server's message under the slip field, what was chosen kept.
  await form.getByLabel("配送業者").selectOption("japanpost");
  await form.getByRole("button", { name: "この荷物を発送済みにする" }).click();
  await expect(plain.getByTestId("parcel-page-form").getByRole("alert")).toContainText("送り状番号を入力してください");
  await expect(plain.getByTestId("parcel-page-form").getByLabel("配送業者")).toHaveValue("japanpost");
  expect((await parcelsOf(trader, orderId)).shipments[1]!.state).toBe("ready");
  await plain.screenshot({ path: testInfo.outputPath("parcel-page-nojs-error-390.png"), fullPage: true });

  await plain.getByTestId("parcel-page-form").getByLabel("配送伝票番号").fill("6123-4567-0002");
  await plain.getByTestId("parcel-page-form").getByRole("button", { name: "この荷物を発送済みにする" }).click();
  await expect(plain.getByTestId("parcel-page-result")).toHaveText("2個口目を発送済みにしました(伝票番号 6123-4567-0002)。お客様にメールでお知らせします。");
  // A reload of the page after the 303 ships nothing again.
  await plain.reload();
  await expect(plain.getByTestId("parcel-page-block").getByTestId("order-shipment-state")).toHaveText("発送済み");

  // The correction: a bad slip refused under its field, then the corrected one, the customer mailed.
  const correct = plain.getByTestId("parcel-page-form");
  await correct.getByLabel("配送伝票番号").fill("6123 4567");
  await correct.getByRole("button", { name: "この荷物の送り状番号を訂正する" }).click();
  await expect(plain.getByTestId("parcel-page-form").getByRole("alert")).toContainText("送り状番号は不正な値です");
  await plain.getByTestId("parcel-page-form").getByLabel("配送伝票番号").fill("6123-4567-0022");
  await plain.getByTestId("parcel-page-form").getByLabel("お客様に訂正後の送り状番号をメールで知らせる").check();
  await plain.getByTestId("parcel-page-form").getByRole("button", { name: "この荷物の送り状番号を訂正する" }).click();
  await expect(plain.getByTestId("parcel-page-result")).toHaveText("2個口目の送り状番号を 6123-4567-0022 に訂正しました。お客様にメールでお知らせします。");
  expect(await pageWidth(plain)).toBeLessThanOrEqual(390);
  await plain.screenshot({ path: testInfo.outputPath("parcel-page-nojs-corrected-390.png"), fullPage: true });

  const after = await parcelsOf(trader, orderId);
  expect(after.status).toBe("deposited");
  expect(after.shipments.map((shipment) => [shipment.state, shipment.slip_number, shipment.carrier])).toEqual([
    ["ready", null, null],
    ["shipped", "6123-4567-0022", "japanpost"],
  ]);

  // A parcel the order lacks: said so, no form.
  await plain.goto(`/admin/orders/${orderId}/shipments/3`);
  await expect(plain.getByTestId("parcel-page")).toContainText("この荷物は見つかりません。");
  await expect(plain.getByTestId("parcel-page-form")).toHaveCount(0);
  await plain.context().close();
  await trader.context().close();
});
