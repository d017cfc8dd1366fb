import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { asConfirmedAdult, fillBirthDate, passOwnerSecondStep, waitForHydration } from "./fixtures.ts";
import { product } from "./checkout-steps.ts";
import { E2E_OWNER } from "./e2e-owner.ts";

// Checkout before (or without) the page's JavaScript (issue 28 item 8, decision 058): the server
// draws the whole order form; sent, the page's action places bank transfer and cash on delivery
// through the checkout API under the page's request key and goes on to the thank-you page; card,
// konbini and PayPay say that they need JavaScript.

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

/** カートに入れる on a product page, sent as a browser without JavaScript sends it. */
async function addBottle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await Promise.all([page.waitForURL(/\?cart=added/), page.getByRole("button", { name: "カートに入れる" }).press("Enter")]);
}

/** Presses 購入 and waits for the page the action answers. */
async function placeOrder(page: Page): Promise<void> {
  await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "購入" }).click()]);
}

async function fillBuyer(page: Page, email: string): Promise<void> {
  await page
    .getByLabel(/^お名前/)
    .first()
    .fill("蔵前 花子");
  await page.getByLabel(/^メールアドレス/).fill(email);
  await page
    .getByLabel(/^電話番号/)
    .first()
    .fill("03-1234-5678");
  await page.getByLabel("郵便番号").first().fill("111-0051");
  await page.getByLabel("都道府県").first().selectOption({ label: "東京都" });
  await page.getByLabel("住所", { exact: true }).first().fill("台東区蔵前3-14-7");
  await fillBirthDate(page);
}

test("a guest checks out by bank transfer without JavaScript: confirms the amount, sees the thank-you page, and a double press places one order", async ({
  page,
  request,
  browser,
}) => {
  const wine = await product(request, "バジェ・アルト");
  await addBottle(page, `/products/${wine.id}`);
  await page.goto("/checkout");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  // The whole form is there at first paint, not a loading line.
  await expect(page.getByTestId("checkout-form")).toBeVisible();
  await expect(page.getByTestId("summary-item")).toContainText(wine.attributes.name);

  const email = `nojs-${Date.now()}@example.com`;
  await fillBuyer(page, email);
  await page.getByRole("radio", { name: "銀行振込" }).check();
  await placeOrder(page);

  // The page's final confirmation showed a card: bank transfer is shown again to confirm, as typed.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("checkout-confirm-again")).toContainText("お支払い方法で「ご注文内容の最終確認」を表示しなおしました");
  await expect(page.getByTestId("confirm-payment")).toContainText("銀行振込");
  await expect(page.getByTestId("confirm-amount")).toContainText(await page.getByTestId("summary-total").innerText());
  await expect(page.getByLabel(/^メールアドレス/)).toHaveValue(email);
  await expect(page.getByRole("radio", { name: "銀行振込" })).toBeChecked();

  // Pressed twice in a row (an impatient double press sends the form twice): one order.
  await Promise.all([page.waitForURL(/\/checkout\/complete$/), page.getByRole("button", { name: "購入" }).dblclick()]);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("注文が確定されました。");
  const number = (await page.getByTestId("order-number").innerText()).trim();
  expect(number).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // The cart is empty now.
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-empty")).toBeVisible();

  // The back office, in a browser of its own with JavaScript (this file's contexts have none), counts the orders.
  const office = await browser.newContext({ javaScriptEnabled: true });
  const trader = await office.newPage();
  await trader.goto("/admin/login");
  await waitForHydration(trader);
  await trader.getByLabel("メールアドレス").fill(E2E_OWNER.email);
  await trader.getByLabel("パスワード").fill(E2E_OWNER.password);
  await trader.getByRole("button", { name: "サインイン" }).click();
  await passOwnerSecondStep(trader);
  await expect(trader.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  const orders = (await (await trader.request.get(`/admin/api/orders?q=${encodeURIComponent(email)}`)).json()).data as unknown[];
  expect(orders).toHaveLength(1);
  await office.close();
});

test("without JavaScript a missing field is answered next to it in Japanese, with what was typed kept; a card choice says JavaScript is needed", async ({
  page,
  request,
}) => {
  const wine = await product(request, "バジェ・アルト");
  await addBottle(page, `/products/${wine.id}`);
  await page.goto("/checkout");

  // A card needs the gateway's script: said next to the payment choice, nothing placed.
  await fillBuyer(page, "card-nojs@example.com");
  await placeOrder(page);
  // At the page's top, where the answer lands, and next to the payment choice.
  const summary = page.getByTestId("checkout-field-summary");
  await expect(summary).toContainText("ご注文はまだ確定していません。");
  await expect(summary).toContainText("クレジットカード・コンビニ・PayPayでのお支払いには、JavaScriptを有効にしてください。");
  await expect(
    page.getByRole("alert").filter({ hasText: /^クレジットカード・コンビニ・PayPayでのお支払いには、JavaScriptを有効にしてください。/ }),
  ).toBeVisible();
  await expect(page.getByLabel("住所", { exact: true }).first()).toHaveValue("台東区蔵前3-14-7");

  // Bank transfer with the name left out: confirmed once, then the server's message under the name.
  await page
    .getByLabel(/^お名前/)
    .first()
    .fill("");
  await page.getByRole("radio", { name: "銀行振込" }).check();
  await placeOrder(page);
  await expect(page.getByTestId("checkout-confirm-again")).toBeVisible();
  await placeOrder(page);
  const name = page.getByLabel(/^お名前/).first();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/お名前.*入力してください|名前を入力してください/).first()).toBeVisible();
  await expect(page.getByLabel(/^電話番号/).first()).toHaveValue("03-1234-5678");
  await expect(page.getByLabel("住所", { exact: true }).first()).toHaveValue("台東区蔵前3-14-7");
  await expect(page.getByRole("radio", { name: "銀行振込" })).toBeChecked();
});
