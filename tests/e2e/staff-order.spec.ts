import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";
import { E2E_OWNER } from "./e2e-owner.ts";
import { csrfOf, restock, traderSignsIn, waitForHydration } from "./fixtures.ts";

// A phone order entered by the trader (issue 32 item 8, decision 081) on the server-rendered form:
// an under-20 birth date is refused under its field with what was typed kept, the order is entered
// 後払い, shipped unpaid and its invoice paid later. On a desktop and on a phone.

test.describe.configure({ timeout: testTime(180_000) });

/**
 * 後払い is off until the trader has a contract (decision 080): the owner switches it on through the
 * settings API the payment-terms page posts to (the same value from any journey; none depends on its absence).
 */
async function withDeferredPayment(trader: Page): Promise<void> {
  const settings = (await (await trader.request.get("/admin/api/settings")).json()).data as { terms: { payments: Record<string, { enabled: boolean }> } };
  const deferred = settings.terms.payments.deferred;
  if (!deferred || deferred.enabled) return;
  const saved = await trader.request.post("/admin/api/settings", {
    headers: { "x-csrf-token": await csrfOf(trader) },
    data: { ...settings, terms: { ...settings.terms, payments: { ...settings.terms.payments, deferred: { ...deferred, enabled: true } } } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test("the trader enters a phone order with the customer's birth date, ships it 後払い and sees it paid later", async ({ page, browser }) => {
  const trader = await traderSignsIn(browser, page.viewportSize() ?? undefined);
  await trader.goto("/admin/orders");
  await withDeferredPayment(trader);
  // The two bottles this order takes are received first, so later journeys still find product 1 on the shelf.
  await restock(trader, 1, 2);

  await trader.goto("/admin/orders");
  await trader.getByTestId("new-order-link").click();
  await expect(trader.getByRole("heading", { level: 1, name: "注文を入力" })).toBeVisible();
  await waitForHydration(trader);
  const email = `phone-${Date.now()}@example.com`;
  const form = trader.getByTestId("staff-order-form");
  await form.getByLabel("受付方法").selectOption("phone");
  await form.getByLabel("お名前", { exact: true }).fill("電話 太郎");
  await form.getByLabel("フリガナ", { exact: true }).fill("でんわ たろう");
  await form.getByLabel("メールアドレス").fill(email);
  await form.getByLabel("電話番号", { exact: true }).fill("03-1234-5678");
  await form.getByLabel("郵便番号", { exact: true }).fill("111-0051");
  await form.getByLabel("都道府県", { exact: true }).selectOption("13");
  await form.getByLabel("住所(市区町村・番地)", { exact: true }).fill("台東区蔵前1-2-3");
  // Nineteen years old today: the shop may not sell to them.
  const today = new Date();
  await form.getByLabel("生年月日").fill(`${today.getFullYear() - 19}-01-01`);
  await form.getByLabel("商品（1行目）").selectOption("1");
  await form.getByLabel("数量（1行目）").fill("2");
  await form.getByRole("combobox", { name: "お支払い方法" }).selectOption("deferred");
  await form.getByLabel("スタッフメモ").fill("請求書は勤務先ではなく自宅へ");
  await form.getByRole("button", { name: "この内容で注文を登録する" }).click();

  const refused = trader.getByTestId("staff-order-form");
  await expect(refused.getByText("20歳未満の方はご注文いただけません。20歳未満の者の飲酒は法律で禁止されています。")).toBeVisible();
  await expect(refused.getByLabel("お名前", { exact: true })).toHaveValue("電話 太郎");
  await expect(refused.getByLabel("数量（1行目）")).toHaveValue("2");
  await expect(refused.getByRole("combobox", { name: "お支払い方法" })).toHaveValue("deferred");

  await refused.getByLabel("生年月日").fill("1980-05-05");
  await refused.getByRole("button", { name: "この内容で注文を登録する" }).click();

  const heading = trader.getByRole("heading", { level: 1, name: /^注文 / });
  await expect(heading).toBeVisible();
  const orderId = new URL(trader.url()).pathname.split("/").at(-1)!;
  await expect(heading).toHaveText(`注文 ${orderNumberForShopper(orderId)}`);
  await waitForHydration(trader);
  await expect(trader.getByTestId("order-entered-by").locator("dd")).toHaveText(`電話注文（入力：${E2E_OWNER.email}）`);
  await expect(trader.getByTestId("order-staff-memo").locator("dd")).toHaveText("請求書は勤務先ではなく自宅へ");
  await expect(trader.getByTestId("order-birth-date")).toHaveText("1980/05/05");
  await expect(trader.getByTestId("order-history-row").first()).toContainText(`電話注文（入力：${E2E_OWNER.email}）`);

  // Shipped at once, unpaid: 後払い's invoice follows the parcel.
  const actions = trader.getByTestId("order-actions");
  await actions.getByLabel("配送伝票番号").fill("1234-5678-9012");
  await actions.getByRole("button", { name: "発送済みにする" }).click();
  await expect(trader.getByTestId("order-status")).toContainText("発送済み");

  // The service reports the invoice paid: 「入金を確認」, asked twice.
  const paid = trader.getByTestId("deferred-paid-confirm");
  await paid.locator("summary").click();
  await paid.getByRole("button").click();
  await expect(trader.getByTestId("order-action-result")).toBeVisible();
  await expect(trader.getByTestId("deferred-paid-confirm")).toHaveCount(0);
  await expect(trader.getByTestId("order-status")).toContainText("発送済み");

  // The list says who entered it.
  await trader.goto("/admin/orders");
  const row = trader.getByRole("row").filter({ hasText: orderNumberForShopper(orderId) });
  await expect(row.getByTestId("order-entered-by")).toHaveText(`電話注文（入力：${E2E_OWNER.email}）`);
  await trader.context().close();
});
