import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";
import { asReturningShopper, checkoutWith, product, traderSignsIn } from "./checkout-steps.ts";
import { csrfOf, placeBankOrder, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// Issue 28 item 12, what a careful shopper noticed (decision 054): the delivery-date hint, the
// wrapping price, figures kept whole, the snackbar on a phone, the gift's ご依頼主, the grouped order
// number in the back office and an anonymous visit to /admin.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function phonePage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext(PHONE)).newPage();
  await asReturningShopper(page);
  return page;
}

test("the delivery-date hint states the window offered, and the wrapping option its price", async ({ page, request }) => {
  await asReturningShopper(page);
  const wine = await product(request, "シャトー・ラ・クロワ");
  await checkoutWith(page, { [wine.id]: 1 });
  const options = await page.getByLabel("お届け希望日").locator("option").allTextContents();
  const dates = options.filter((label) => /^\d{4}\/\d{2}\/\d{2}$/.test(label));
  expect(dates.length).toBeGreaterThan(0);
  // Not 「明日から8日後まで」: the first date offered may be after tomorrow (shipping day plus transit).
  await expect(page.getByTestId("delivery-hint")).toHaveText(`お届け希望日は、${dates[0]}から${dates.at(-1)}までの中からお選びいただけます。`);

  await page.getByTestId("gift-section").locator("summary").click();
  const wrapping = page.getByLabel(/ギフトラッピングをする/);
  // 330 円 before tax, shown tax included beside the box (decision 045): 363 円(税込).
  await expect(page.getByTestId("gift-wrapping-price")).toHaveText("+363 円(税込)");
  await expect(wrapping).not.toBeChecked();
});

test("on a phone the wrapping price sits beside its box and the phone example stays on one line", async ({ browser, request }) => {
  const page = await phonePage(browser);
  const wine = await product(request, "シャトー・ラ・クロワ");
  await checkoutWith(page, { [wine.id]: 1 });
  await page.getByTestId("gift-section").locator("summary").click();
  const price = page.getByTestId("gift-wrapping-price");
  await expect(price).toBeVisible();
  // Beside the box: within the same label, on one line (a single box), not far above in the summary.
  expect(await price.evaluate((element) => element.getClientRects().length)).toBe(1);
  const example = page.locator(".no-break", { hasText: "(例: 03-1234-5678)" }).first();
  await expect(example).toBeVisible();
  expect(await example.evaluate((element) => element.getClientRects().length)).toBe(1);
  await page.context().close();
});

test("on a phone the 「ログインしました。」 snackbar does not cover the 保存する button", async ({ browser }) => {
  const setup = await browser.newPage();
  const email = await signUpAndSignIn(setup, "snackbar");
  await setup.context().close();

  const page = await phonePage(browser);
  await page.goto("/login?redirect=%2Fmypage");
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  const snackbar = page.getByRole("status").filter({ hasText: "ログインしました。" });
  await expect(snackbar).toBeVisible();
  const save = page.getByRole("button", { name: "保存する" });
  await save.scrollIntoViewIfNeeded();
  const [message, button] = [await snackbar.boundingBox(), await save.boundingBox()];
  expect(message && button).toBeTruthy();
  const overlaps =
    message!.x < button!.x + button!.width &&
    button!.x < message!.x + message!.width &&
    message!.y < button!.y + button!.height &&
    button!.y < message!.y + message!.height;
  expect(overlaps, `snackbar ${JSON.stringify(message)} over 保存する ${JSON.stringify(button)}`).toBe(false);
  await page.context().close();
});

test("a gift's order card names its ご依頼主", async ({ page }) => {
  await asReturningShopper(page);
  const email = await signUpAndSignIn(page, "buyer-name");
  const placed = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": `e2e-buyer-${Date.now()}` },
    data: {
      items: [{ id: 1, amount: 1 }],
      payment_method: "bank",
      name: "蔵前 太郎",
      email,
      phone: "03-1234-5678",
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "" },
      recipient: { name: "浅草 花子", phone: "03-9876-5432", country: "jp", zip: "1110032", prefecture: 13, address: "台東区浅草2-3-1", building_name: "" },
      desired_delivery_date: "",
      desired_delivery_timezone: "",
      memo: "",
      birth_date: "1985-04-01",
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  await page.goto("/mypage/orders");
  const card = page.getByTestId("order-card").first();
  await expect(card.getByTestId("order-buyer-name")).toHaveText("蔵前 太郎 様");
});

test("the back office groups the order number as the shopper reads it", async ({ browser, page }) => {
  const orderId = await placeBankOrder(page, `grouped-${Date.now()}@example.com`);
  const trader = await traderSignsIn(browser);
  await trader.goto(`/admin/orders?q=${orderId}`);
  const row = trader.getByTestId("admin-order-row").first();
  await expect(row.getByRole("link")).toHaveText(orderNumberForShopper(orderId));
  expect(orderNumberForShopper(orderId)).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await row.getByRole("link").click();
  await expect(trader.getByRole("heading", { level: 1 })).toHaveText(`注文 ${orderNumberForShopper(orderId)}`);
  await trader.context().close();
});

test("an anonymous visit to /admin goes to the sign-in page without a page error", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "サインイン" })).toBeVisible();
  // The redirect's Response used to escape as an uncaught rejection right here.
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
