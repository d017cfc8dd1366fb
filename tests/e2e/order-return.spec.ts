import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";
import { asConfirmedAdult, csrfOf, placeBankOrder, restock, traderSignsIn, waitForHydration } from "./fixtures.ts";

// A broken bottle returned on a shipped order from the back office (issue 32 item 6, decision 079):
// the server-rendered form refuses an empty return with its message under the lines and keeps what
// was typed, then records the return; the order page lists it with its return invoice, a PDF.

test.describe.configure({ timeout: testTime(180_000) });

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

test("the trader records a broken bottle returned on a shipped order and opens its return invoice", async ({ page, browser }) => {
  const orderId = await placeBankOrder(page, `return-${Date.now()}@example.com`);
  const trader = await traderSignsIn(browser);
  // The bottle comes back broken (返品受入, then 破損): it never returns to the shelf, so put one back for later journeys.
  await restock(trader, 1, 1);
  await trader.goto("/admin");
  const headers = async () => ({ "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() });
  const deposit = await trader.request.post(`/admin/api/orders/${orderId}/deposit`, { headers: await headers() });
  expect(deposit.status(), await deposit.text()).toBe(200);
  const ship = await trader.request.post(`/admin/api/orders/${orderId}/ship`, {
    headers: await headers(),
    data: { slip_number: "1234-5678-9012", carrier: "yamato" },
  });
  expect(ship.status(), await ship.text()).toBe(200);

  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  const section = trader.getByTestId("order-returns");
  await expect(section.getByRole("heading", { name: "返品" })).toBeVisible();
  await expect(section).toContainText("返品の記録はありません。");
  await section.getByRole("link", { name: "返品を記録" }).click();

  await expect(trader.getByRole("heading", { level: 1, name: "返品を記録" })).toBeVisible();
  const form = trader.getByTestId("return-form");
  await form.getByLabel("理由の詳細").fill("外箱ごと割れて届いた");
  await form.getByLabel("ボトルの状態").selectOption("yes");
  await form.getByRole("button", { name: "返品を記録する" }).click();
  // Nothing typed in the lines: refused under them, the details kept.
  await expect(trader.getByTestId("return-lines-error")).toHaveText("返品する数量を入力してください");
  await expect(trader.getByTestId("return-form").getByLabel("理由の詳細")).toHaveValue("外箱ごと割れて届いた");
  await expect(trader.getByTestId("return-form").getByLabel("ボトルの状態")).toHaveValue("yes");

  const again = trader.getByTestId("return-form");
  await again.getByRole("spinbutton").first().fill("1");
  await again.getByLabel("返品の理由").selectOption("damaged_in_transit");
  await again.getByRole("button", { name: "返品を記録する" }).click();

  await expect(trader.getByRole("heading", { level: 1, name: `注文 ${orderNumberForShopper(orderId)}` })).toBeVisible();
  const recorded = trader.getByTestId("order-return-1");
  await expect(recorded).toContainText("配送中の破損(割れあり)");
  await expect(recorded).toContainText("振込で返金(未了)");
  const link = trader.getByTestId("return-invoice-1");
  await expect(link).toHaveText(`${orderNumberForShopper(orderId)}-R1 (PDF)`);
  const pdf = await trader.request.get((await link.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The trader transfers the refund to the customer's account and marks it.
  await recorded.getByRole("button", { name: "振込で返金した" }).click();
  await expect(recorded).toContainText("振込で返金済み");
  await expect(recorded.getByRole("button", { name: "振込で返金した" })).toHaveCount(0);
  await trader.context().close();
});

test("without JavaScript the return form refuses too many bottles under the lines, keeps what was typed, then records the return", async ({
  page,
  browser,
}) => {
  const orderId = await placeBankOrder(page, `return-nojs-${Date.now()}@example.com`);
  const trader = await traderSignsIn(browser);
  await trader.goto("/admin");
  const headers = async () => ({ "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() });
  expect((await trader.request.post(`/admin/api/orders/${orderId}/deposit`, { headers: await headers() })).status()).toBe(200);
  expect(
    (
      await trader.request.post(`/admin/api/orders/${orderId}/ship`, { headers: await headers(), data: { slip_number: "2234-5678-9012", carrier: "yamato" } })
    ).status(),
  ).toBe(200);

  // The trader's signed-in session in a browser with JavaScript off.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await trader.context().storageState(),
    viewport: { width: 1280, height: 900 },
  });
  const form = await noScript.newPage();
  await form.goto(`/admin/orders/${orderId}/return`);
  await expect(form.getByRole("heading", { level: 1, name: "返品を記録" })).toBeVisible();
  await form.getByRole("spinbutton").first().fill("5");
  await form.getByLabel("返品の理由").selectOption("other");
  await form.getByLabel("理由の詳細").fill("お客様のご都合");
  await form.getByLabel("送料の返金").selectOption("no");
  await form.getByRole("button", { name: "返品を記録する" }).click();
  await expect(form.getByTestId("return-lines-error")).toContainText("返品数は1本以下にしてください(発送1本、返品済み0本)");
  await expect(form.getByRole("spinbutton").first()).toHaveValue("5");
  await expect(form.getByLabel("返品の理由")).toHaveValue("other");
  await expect(form.getByLabel("理由の詳細")).toHaveValue("お客様のご都合");
  await expect(form.getByLabel("送料の返金")).toHaveValue("no");

  await form.getByRole("spinbutton").first().fill("1");
  await form.getByRole("button", { name: "返品を記録する" }).click();
  await expect(form).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  const returns = await trader.request.get(`/admin/api/orders/${orderId}/returns`);
  const [recorded] = ((await returns.json()) as { data: { reason: string; refund_shipping: boolean; broken: boolean }[] }).data;
  expect(recorded).toMatchObject({ reason: "other", refund_shipping: false, broken: false });
  await noScript.close();
  await trader.context().close();
});
