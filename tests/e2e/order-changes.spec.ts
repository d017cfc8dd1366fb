import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, placeBankOrder, signUpAndSignIn, traderSignsIn, waitForHydration, withMailbox } from "./fixtures.ts";

// Order changes before shipping (issue 32 item 7, decision 074): a member moves the delivery date of
// a bank-transfer order from My Page — a plain form post, here without JavaScript — reads the
// 「お届け日時変更のお知らせ」 mail, and the trader sees the new date on the back office's order page.
// The member also sends such an order to another address (お届け先) the same way.

test.describe.configure({ timeout: testTime(150_000) });

/** Puts back the bottle of product 1 the journey's order took (placeBankOrder buys product 1; its demo stock is small). */
async function restockProductOne(trader: Page, bottles: number): Promise<void> {
  const restocked = await trader.request.post("/admin/api/products/1/restock", {
    headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
    data: { amount: bottles },
  });
  expect(restocked.status(), await restocked.text()).toBe(200);
}

test("a member moves the delivery date of a bank-transfer order from My Page without JavaScript, is mailed, and the trader sees the new date", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await asConfirmedAdult(page);
  const email = await signUpAndSignIn(page, "order-change");
  const orderId = await placeBankOrder(page, email);

  await page.goto(`/mypage/orders/${orderId}/delivery`);
  await expect(page.getByRole("heading", { level: 1, name: "お届け日時の変更" })).toBeVisible();
  await expect(page.getByTestId("order-delivery-current")).toHaveText("(日指定なし) (時間指定なし)");
  const form = page.getByTestId("order-delivery-form");
  // A plain form post to the page's own action: what works before and without JavaScript.
  await expect(form).toHaveAttribute("method", "post");
  expect(await form.getAttribute("action")).toBeNull();
  await expect(form.locator('input[type="hidden"][name="_request_key"]')).toHaveCount(1);

  // The last date the checkout's calendar offers now, and the first time band.
  const dateSelect = page.getByLabel("お届け希望日");
  const lastDate = dateSelect.locator("option").last();
  const dateValue = (await lastDate.getAttribute("value"))!;
  const dateLabel = (await lastDate.textContent())!.trim();
  expect(dateValue).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await dateSelect.selectOption(dateValue);
  const bandSelect = page.getByLabel("お届け時間帯");
  const band = bandSelect.locator("option").nth(1);
  const bandLabel = (await band.textContent())!.trim();
  await bandSelect.selectOption((await band.getAttribute("value"))!);
  await page.getByRole("button", { name: "お届け日時を変更" }).click();

  await expect(page).toHaveURL(new RegExp(`/mypage/orders/${orderId}/delivery\\?changed=1$`));
  await expect(page.getByTestId("order-delivery-changed")).toHaveText("お届け日時を変更しました。確認のメールをお送りしました。");
  await expect(page.getByTestId("order-delivery-current")).toHaveText(`${dateLabel} ${bandLabel}`);

  // The mail, through the outbox into the built-in mailbox.
  await withMailbox(page, async (mailbox) => {
    const row = mailbox.getByRole("row", { name: email }).filter({ hasText: "お届け日時変更のお知らせ" });
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
    await expect(text).toContainText("変更前: 指定なし 指定なし");
    await expect(text).toContainText(`変更後: ${dateValue.replaceAll("-", "/")} ${bandLabel}`);
  });

  // The trader opens the order in the back office: the new wish is there, and its history says the member moved it.
  const trader = await traderSignsIn(browser);
  await restockProductOne(trader, 1);
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  await expect(trader.getByRole("region", { name: "ご注文者" })).toContainText(dateLabel);
  await expect(trader.getByTestId("order-delivery-change")).toBeVisible();
  await expect(trader.getByText(/お届け日時を変更: 指定なし 指定なし →/)).toBeVisible();
  await trader.context().close();
  await context.close();
});

test("a member sends a bank-transfer order to another address from My Page without JavaScript: a refused form keeps what was typed, the change is mailed and the trader sees it", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await asConfirmedAdult(page);
  const email = await signUpAndSignIn(page, "order-recipient");
  const orderId = await placeBankOrder(page, email);

  // (The order history that links here is drawn by its script; the page itself needs none.)
  await page.goto(`/mypage/orders/${orderId}/recipient`);
  await expect(page.getByRole("heading", { level: 1, name: "お届け先の変更" })).toBeVisible();
  // The parcel goes to the buyer's address so far: the form starts from it.
  await expect(page.getByLabel("住所", { exact: true })).toHaveValue("台東区蔵前1-2-3");
  const form = page.getByTestId("order-recipient-form");
  await expect(form).toHaveAttribute("method", "post");
  expect(await form.getAttribute("action")).toBeNull();

  // A phone number that is none is refused by the API (checkout's rules); its message stands under the field and the rest stays as typed.
  await page.getByLabel("お届け先のお名前").fill("田中 次郎");
  await page.getByLabel("お届け先の電話番号").fill("12");
  await page.getByLabel("郵便番号").fill("530-0001");
  await page.getByLabel("都道府県").selectOption("27");
  await page.getByLabel("住所", { exact: true }).fill("大阪市北区梅田1-1-1");
  await page.getByLabel("建物名").fill("梅田ビル3階");
  await page.getByRole("button", { name: "お届け先を変更" }).click();
  await expect(page.getByTestId("form-refused")).toBeVisible();
  await expect(page.getByLabel("お届け先の電話番号")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("住所", { exact: true })).toHaveValue("大阪市北区梅田1-1-1");
  await expect(page.getByLabel("都道府県")).toHaveValue("27");

  await page.getByLabel("お届け先の電話番号").fill("06-1234-5678");
  await page.getByRole("button", { name: "お届け先を変更" }).click();
  await expect(page).toHaveURL(new RegExp(`/mypage/orders/${orderId}/recipient\\?changed=1$`));
  await expect(page.getByTestId("order-recipient-changed")).toHaveText("お届け先を変更しました。確認のメールをお送りしました。");
  await expect(page.getByTestId("order-recipient-current")).toContainText("田中 次郎");
  await expect(page.getByTestId("order-recipient-current")).toContainText("大阪府大阪市北区梅田1-1-1");

  await withMailbox(page, async (mailbox) => {
    const row = mailbox.getByRole("row", { name: email }).filter({ hasText: "お届け先" });
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
    await expect(mailbox.locator("pre")).toContainText("大阪市北区梅田1-1-1");
  });

  const trader = await traderSignsIn(browser);
  await restockProductOne(trader, 1);
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  await expect(trader.getByText(/お届け先を変更: .*大阪市北区梅田1-1-1/)).toBeVisible();
  await trader.context().close();
  await context.close();
});
