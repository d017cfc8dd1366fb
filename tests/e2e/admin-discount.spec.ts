import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";
import { asConfirmedAdult, placeBankOrder, restock, traderSignsIn, waitForHydration } from "./fixtures.ts";

// A discount line added by the trader on the back office's order page (decision 070): the line at
// its rate, the tax and total worked out again, a discount that would go below zero refused with the
// server's message, and no form at all once the order is paid.

test.describe.configure({ timeout: testTime(180_000) });

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

test("the trader takes 500 yen off a bank order before payment; too large a discount is refused; a paid order has no form", async ({ page, browser }) => {
  const orderId = await placeBankOrder(page, `discount-${Date.now()}@example.com`);
  const trader = await traderSignsIn(browser);
  // The bottle of product 1 this order took goes back on the shelf: later journeys buy it too.
  await restock(trader, 1, 1);
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  await expect(trader.getByRole("heading", { level: 1, name: `注文 ${orderNumberForShopper(orderId)}` })).toBeVisible();
  // 4,200 + shipping 1,100 = 5,300; tax 530; total 5,830.
  await expect(trader.getByTestId("order-total")).toContainText("5,830 円");

  const form = trader.getByTestId("order-adjustment");
  await expect(form.getByRole("heading", { name: "値引き・金額訂正" })).toBeVisible();
  await form.getByLabel("明細の表示名(日本語)").fill("常連様値引き");
  // A discount is typed as what is taken off.
  await form.getByLabel("金額(税抜・円)").fill("500");
  await expect(form.getByLabel("税率")).toHaveValue("10");
  await form.getByRole("button", { name: "明細を追加" }).click();

  // 5,300 − 500 = 4,800 at 10%: tax 480, total 5,280.
  await expect(trader.getByTestId("order-charge-discount")).toContainText("常連様値引き(10%対象)");
  await expect(trader.getByTestId("order-charge-discount")).toContainText("-500 円");
  await expect(trader.getByTestId("order-tax")).toContainText("480 円");
  await expect(trader.getByTestId("order-total")).toContainText("5,280 円");

  await form.getByLabel("金額(税抜・円)").fill("10000");
  await form.getByRole("button", { name: "明細を追加" }).click();
  await expect(trader.getByTestId("order-adjustment-result")).toHaveText("この値引き・金額訂正を加えると注文の合計金額が0円を下回るため、追加できません。");
  await expect(trader.getByTestId("order-total")).toContainText("5,280 円");
  await expect(trader.getByTestId("order-charge-discount")).toHaveCount(1);

  // Paid: the amount may no longer change, the form is gone.
  // The deposit asks first (it mails the customer): open the question, then confirm.
  await trader.getByTestId("order-actions").getByText("入金を確認", { exact: true }).click();
  await trader.getByTestId("order-actions").getByRole("button", { name: "入金確認済みにしてメールを送る" }).click();
  await expect(trader.getByTestId("order-status")).toContainText("入金済み");
  await expect(trader.getByTestId("order-adjustment")).toHaveCount(0);
  await trader.context().close();
});
