import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, product, traderSignsIn, withB2BillingCodes } from "./checkout-steps.ts";
import { waitForHydration } from "./fixtures.ts";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";

// The B2 Cloud file's check, shown next to its download (issue #18 item 5): before downloading, the
// trader reads which orders will have characters replaced, in which column, and by what.

test.describe.configure({ timeout: testTime(150_000) });
test.beforeEach(async ({ page }) => asReturningShopper(page));

test("the orders page lists the characters B2 Cloud cannot take and their substitutes before the download, in Japanese and English", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const wine = await product(request, "サザン・ベイ");
  await checkoutWith(page, { [wine.id]: 1 });
  await fillContact(page, `b2-check-${Date.now()}@example.com`);
  // 髙 (an IBM extension) is not in B2's character set: the file will hold 高.
  await page.getByLabel("お名前").fill("髙橋 次郎");
  await fillAddress(page);
  await page.getByRole("radio", { name: "代金引換" }).check();
  await page.getByRole("button", { name: "購入", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  // Shown in groups of four for reading aloud: the order's id without the hyphens.
  const orderId = ((await page.getByTestId("order-number").textContent()) ?? "").trim().replaceAll("-", "");
  expect(orderId).toMatch(/^[A-Z0-9]{12}$/);

  const trader = await traderSignsIn(browser);
  await withB2BillingCodes(trader);
  await trader.goto(`/admin/orders?q=${orderId}`);
  await waitForHydration(trader);
  await expect(trader.getByTestId("b2-check-count")).toHaveText("B2クラウド用CSVには1件の注文が入ります。");
  const substitutions = trader.getByTestId("b2-substitutions");
  await expect(substitutions).toContainText("1件の注文で文字を置き換えます");
  const row = substitutions.getByTestId("b2-substitution");
  await expect(row).toHaveCount(1);
  // The back office groups the number as the shopper reads it (decision 054).
  await expect(row.getByRole("cell")).toHaveText([orderNumberForShopper(orderId), "お届け先名", "髙 → 高"]);
  await expect(row.getByRole("link", { name: orderNumberForShopper(orderId) })).toHaveAttribute("href", `/admin/orders/${orderId}`);
  await trader.screenshot({ path: testInfo.outputPath("b2-check-ja.png"), fullPage: true });

  // An order B2 takes as it is has no row.
  await trader.goto("/admin/orders?q=no-such-order");
  await waitForHydration(trader);
  await expect(trader.getByTestId("b2-check-count")).toHaveText("B2クラウド用CSVに入る注文はありません。");
  await expect(trader.getByTestId("b2-substitutions")).toHaveCount(0);

  await trader.goto(`/locale/en?to=${encodeURIComponent(`/admin/orders?q=${orderId}`)}`);
  await waitForHydration(trader);
  await expect(trader.getByTestId("b2-check-count")).toHaveText("The B2 Cloud file will hold 1 order(s).");
  await expect(trader.getByTestId("b2-substitutions")).toContainText("Characters will be replaced in 1 order(s)");
  await expect(trader.getByTestId("b2-substitution").getByRole("cell")).toHaveText([orderNumberForShopper(orderId), "お届け先名", "髙 → 高"]);
  await trader.context().close();
});
