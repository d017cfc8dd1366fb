import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, placeBankOrder, restock, signUpAndSignIn, traderSignsIn, waitForHydration, withMailbox } from "./fixtures.ts";

// Gift options changed before shipping (issue 32 item 7, decision 074): on a phone, a member opens
// an unshipped bank-transfer order from My Page's order history, adds のし (御歳暮, 内のし, 名入れ)
// with a plain form post, reads 「ギフト設定変更のお知らせ」, and the trader sees the new のし on the
// back office's order page and its history. A refused post (名入れ too long for a crafted form)
// keeps what was chosen.

test.describe.configure({ timeout: testTime(150_000) });

test("a member adds のし to an unshipped order from My Page on a phone, is mailed, and the trader sees it", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await asConfirmedAdult(page);
  const email = await signUpAndSignIn(page, "gift-change");
  const orderId = await placeBankOrder(page, email);

  // The order card links to the change while the order may change.
  await page.goto("/mypage/orders");
  await waitForHydration(page);
  const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await card.getByTestId("order-gift-link").click();
  await expect(page).toHaveURL(new RegExp(`/mypage/orders/${orderId}/gift$`));
  await expect(page.getByRole("heading", { level: 1, name: "ギフト設定の変更" })).toBeVisible();
  await expect(page.getByTestId("order-gift-current")).toHaveText("ギフト設定なし");
  const form = page.getByTestId("order-gift-form");
  // A plain form post to the page's own action with its request key: the same before and without JavaScript.
  await expect(form).toHaveAttribute("method", "post");
  expect(await form.getAttribute("action")).toBeNull();
  await expect(form.locator('input[type="hidden"][name="_request_key"]')).toHaveCount(1);
  await waitForHydration(page);

  // A name longer than the checkout allows (the field's maxlength lifted, as a crafted post would): the API's message under it, the choices kept.
  await page.getByLabel("のしを付ける").check();
  await page.getByLabel("表書き").selectOption("御歳暮");
  await page.getByLabel("内のし(包装の内側に掛ける)").check();
  const name = page.getByLabel("名入れ(贈り主のお名前)");
  await name.evaluate((input) => input.removeAttribute("maxlength"));
  await name.fill("蔵".repeat(21));
  await page.getByRole("button", { name: "ギフト設定を変更" }).tap();
  await expect(page.getByTestId("form-refused")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("名入れは20文字以内で入力してください。").first()).toBeVisible();
  await expect(page.getByLabel("のしを付ける")).toBeChecked();
  await expect(page.getByLabel("表書き")).toHaveValue("御歳暮");
  await expect(page.getByLabel("内のし(包装の内側に掛ける)")).toBeChecked();

  await waitForHydration(page);
  await name.fill("蔵前");
  await page.getByRole("button", { name: "ギフト設定を変更" }).tap();
  await expect(page).toHaveURL(new RegExp(`/mypage/orders/${orderId}/gift\\?changed=1$`));
  await expect(page.getByTestId("order-gift-changed")).toHaveText("ギフト設定を変更しました。確認のメールをお送りしました。");
  await expect(page.getByTestId("order-gift-current")).toContainText("御歳暮(内のし)");
  await expect(page.getByTestId("order-gift-current")).toContainText("蔵前");
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await withMailbox(page, async (mailbox) => {
    const row = mailbox.getByRole("row", { name: email }).filter({ hasText: "ギフト設定変更のお知らせ" });
    await expect
      .poll(
        async () => {
          await mailbox.goto("/dev/mailbox");
          return row.count();
        },
        { timeout: testTime(60_000) },
      )
      .toBe(1);
    await row.getByRole("link").first().click();
    const text = mailbox.locator("pre");
    await expect(text).toContainText("変更前: なし");
    await expect(text).toContainText("変更後: のし: 御歳暮(内のし) / 名入れ: 蔵前");
  });

  // The trader's order page shows the new のし and the history says the member changed it.
  const trader = await traderSignsIn(browser);
  await restock(trader, 1, 1);
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  await expect(trader.getByText("ギフト設定を変更: なし → のし: 御歳暮(内のし) / 名入れ: 蔵前")).toBeVisible();
  await expect(trader.getByTestId("order-gift-link")).toBeVisible();
  await trader.context().close();
  await context.close();
});
