import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, product, serverCart } from "./checkout-steps.ts";
import { signUpAndSignIn, waitForHydration, withMailbox } from "./fixtures.ts";

// Payments finished away from the checkout, on the built-in test gateway, as a shopper clicks them:
// a guest pays at a convenience store with the voucher (コンビニ決済), a member approves on PayPay's
// page and comes back, and a guest cancels there and finds the checkout and the cart as they were.

test.describe.configure({ timeout: testTime(120_000) });

/** Name and phone, the address from its postcode plus the street number; the e-mail when given. */
async function fillOrderer(page: Page, email?: string) {
  await fillContact(page, email);
  await fillAddress(page);
}

function guestEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The text of the newest mail to `to` whose subject contains `subject`, read in the mailbox. */
async function mailText(page: Page, to: string, subject: string): Promise<string> {
  return withMailbox(page, async (mailbox) => {
    const row = mailbox.getByRole("row").filter({ hasText: to }).filter({ hasText: subject }).first();
    // Mails leave through the outbox a moment after what caused them.
    await expect(async () => {
      await mailbox.goto("/dev/mailbox");
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: testTime(60_000) });
    await row.getByRole("link").click();
    const body = mailbox.locator("pre").first();
    await expect(body).toBeVisible();
    return (await body.textContent()) ?? "";
  });
}

test.beforeEach(async ({ page }) => asReturningShopper(page));

test("a guest pays at a convenience store: number and deadline on the complete page and in the mail, paid with the voucher", async ({ page, request }) => {
  const shochu = await product(request, "米焼酎 球磨の霧");
  await checkoutWith(page, { [shochu.id]: 1 });
  const email = guestEmail("konbini");

  await page.getByRole("radio", { name: "コンビニ決済" }).check();
  await expect(page.getByTestId("method-konbini")).toContainText("ご注文後に表示される確認番号で");
  await expect(page.getByTestId("confirm-payment")).toContainText("コンビニ決済：ご注文時にお知らせするお支払い期限までに店頭でお支払いください");
  await expect(page.getByLabel("カード番号")).toBeHidden();
  await fillOrderer(page, email);
  await page.getByRole("button", { name: "購入" }).click();

  await expect(page).toHaveURL(/\/checkout\/complete$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const orderNumber = page.getByTestId("order-number");
  await expect(orderNumber).toHaveText(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  const instructions = page.getByRole("region", { name: "コンビニでのお支払い" });
  await expect(instructions.getByTestId("payment-number")).toHaveText(/^[1-9]\d{10}$/);
  // Stripe's deadline: days after the order, at 23:59 Japan time.
  await expect(instructions.getByTestId("payment-deadline")).toHaveText(/23:59/);
  await expect(instructions).toContainText("確認番号をお伝えのうえ、現金でお支払いください。");
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  const number = (await orderNumber.textContent())!;
  const confirmation = (await instructions.getByTestId("payment-number").textContent())!;
  const deadline = (await instructions.getByTestId("payment-deadline").textContent())!;

  // The order mail carries the same number and deadline, and how to pay.
  const orderMail = await mailText(page, email, "ご注文ありがとうございます");
  expect(orderMail).toContain(number);
  expect(orderMail).toContain(`確認番号: ${confirmation}`);
  expect(orderMail).toContain(`お支払い期限: ${deadline}`);
  expect(orderMail).toContain("セブン-イレブン以外の全国のコンビニエンスストア");
  expect(orderMail).toContain("店頭のレジ(ファミリーマート、ローソン、ミニストップ、セイコーマート)で確認番号をお伝えのうえ、現金でお支払いください。");

  // The voucher opens in a tab of its own from the complete page.
  const opened = page.waitForEvent("popup");
  await instructions.getByRole("link", { name: "払込票を表示する" }).click();
  const voucher = await opened;
  await expect(voucher).toHaveURL(/\/test-gateway\/konbini\/[^/?]+\?token=/);
  await expect(voucher.getByRole("heading", { level: 1, name: "コンビニ払込票" })).toBeVisible();
  await expect(voucher.getByTestId("confirmation-number")).toHaveText(confirmation);
  await expect(voucher.getByTestId("deadline")).toHaveText(deadline);
  await expect(voucher.getByRole("heading", { name: "お支払い方法" })).toBeVisible();
  await voucher.getByRole("button", { name: "店頭で支払ったことにする(テスト)" }).click();
  await expect(voucher.getByText("お支払いが完了しました。")).toBeVisible();
  await expect(voucher.getByRole("button", { name: "店頭で支払ったことにする(テスト)" })).toHaveCount(0);

  // The shop heard of it from the gateway: the order is paid, and the shopper is told by mail.
  const paidMail = await mailText(page, email, `ご入金を確認しました(注文番号 ${number})`);
  expect(paidMail).toContain("蔵前 花子 様");
  expect(paidMail).toContain("ご注文代金のご入金を確認いたしました。");
});

test("a member approves on PayPay's page, comes back to the complete page and finds the order paid", async ({ page, request }) => {
  const email = await signUpAndSignIn(page, "paypay");
  const wine = await product(request, "バジェ・アルト");
  await checkoutWith(page, { [wine.id]: 2 });
  await expect(page.getByLabel("メールアドレス")).toHaveValue(email);
  await fillOrderer(page);

  await page.getByRole("radio", { name: "PayPay" }).check();
  await expect(page.getByTestId("method-paypay")).toContainText("「購入」を押すとPayPayの画面に移動します。");
  await expect(page.getByLabel("カード番号")).toBeHidden();
  const total = (await page.getByTestId("summary-total").textContent())!.replace(/\D/g, "");
  await page.getByRole("button", { name: "購入" }).click();

  await expect(page).toHaveURL(/\/test-gateway\/paypay\/[^/?]+\?client_secret=/);
  await expect(page.getByRole("heading", { level: 1, name: "PayPayでのお支払い" })).toBeVisible();
  await expect(page.getByText(/^お支払い金額:/)).toHaveText(new RegExp(`${Number(total).toLocaleString("en-US")}`));
  await page.getByRole("button", { name: "支払いを承認する" }).click();

  await expect(page).toHaveURL(/\/checkout\/complete$/);
  const number = page.getByTestId("order-number");
  await expect(number).toHaveText(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await expect(page.getByTestId("payment-instructions")).toHaveCount(0);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  const orderNumber = (await number.textContent())!;

  await waitForHydration(page);
  await page.getByRole("link", { name: "購入履歴を見る" }).click();
  await expect(page).toHaveURL(/\/mypage\/orders$/);
  const card = page.getByTestId("order-card").filter({ hasText: orderNumber });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("入金済み");
  await expect(card).toContainText("PayPay");
  await expect(card).toContainText(wine.attributes.name);
  expect(await serverCart(page)).toEqual({});
});

test("a guest who cancels on PayPay's page is back at the checkout with the message, the bottles still in the cart", async ({ page, request }) => {
  const shochu = await product(request, "薩摩 黒麹仕込み");
  const cava = await product(request, "カステル・ソル");
  const amounts = { [shochu.id]: 2, [cava.id]: 1 };
  await checkoutWith(page, amounts);
  await page.getByRole("radio", { name: "PayPay" }).check();
  await fillOrderer(page, guestEmail("paypay-cancel"));
  await page.getByRole("button", { name: "購入" }).click();

  await expect(page).toHaveURL(/\/test-gateway\/paypay\//);
  await page.getByRole("button", { name: "キャンセルする" }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("payment-error")).toHaveText("PayPayでのお支払いがキャンセルされました。別のお支払い方法をお選びください。");
  await expect(page.getByRole("button", { name: "購入" })).toBeEnabled();
  await expect(page.getByTestId("summary-item")).toHaveCount(2);
  await expect(page.locator(`[data-testid="summary-item"][data-product-id="${shochu.id}"]`).getByRole("cell").nth(1)).toHaveText("2");
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  expect(await serverCart(page)).toEqual(amounts);
});
