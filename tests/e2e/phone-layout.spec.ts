import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { ADULT_BIRTH_DATE, asConfirmedAdult, csrfOf, signUpAndSignIn, waitForHydration } from "./fixtures.ts";
import { expectNothingCovered, japaneseLineFaults, namesSplitInsideWords } from "./page-checks.ts";

// Phone ergonomics at 390 px (issue 20): the cart button covers nothing a shopper reads or taps,
// the /shop filters open as a sheet that counts what it shows, and My Page puts its content first.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: testTime(120_000) });

async function putInCart(page: Page, amounts: Record<string, number>): Promise<void> {
  await page.goto("/");
  const put = await page.request.put("/api/carts", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { cart: { cart_product_ids: amounts } },
  });
  expect(put.ok()).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
});

test("the cart button covers no title, price or button on the shop, a product and checkout, in both languages", async ({ page }) => {
  await putInCart(page, { "1": 1, "2": 2 });
  for (const locale of ["ja", "en"]) {
    await page.goto(`/locale/${locale}?to=/`);
    for (const path of ["/", "/shop", "/products/1", "/checkout", "/company", "/inquiry"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByTestId("cart-button")).toBeVisible();
      if (path === "/checkout") await expect(page.getByTestId("final-confirmation")).toBeVisible();
      await test.step(`${locale} ${path}`, () => expectNothingCovered(page));
    }
  }
});

test("the cart button covers no order card's text in the purchase history, whose product names break between words", async ({ page }) => {
  await signUpAndSignIn(page, "phone");
  await page.goto("/");
  const order = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": `phone-layout-${Date.now()}-${Math.random()}` },
    data: {
      // Two long names: a Bordeaux and 北風蒸溜所 ブレンデッド 700ml, which once broke as ブレンデッ / ド.
      items: [
        { id: 1, amount: 1 },
        { id: 15, amount: 1 },
      ],
      payment_method: "bank",
      name: "蔵前 太郎",
      email: "taro@example.com",
      phone: "03-1234-5678",
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "" },
      desired_delivery_date: "",
      desired_delivery_timezone: "",
      memo: "",
      birth_date: ADULT_BIRTH_DATE,
    },
  });
  expect(order.status(), await order.text()).toBe(200);
  await page.goto("/mypage/orders");
  await waitForHydration(page);
  await expect(page.getByTestId("order-card")).toHaveCount(1);
  await expectNothingCovered(page);
  const { faults, names } = await namesSplitInsideWords(page, "[data-testid=order-card] li .phrase-wrap");
  expect(names).toBe(2);
  expect(faults).toEqual([]);
});

test("on a phone /shop's filters open as a sheet that counts the active filters and shows the results", async ({ page }) => {
  await page.goto("/shop");
  await waitForHydration(page);
  const toggle = page.getByTestId("filters-toggle");
  await expect(toggle).toHaveText("絞り込み");
  await toggle.click();
  const sheet = page.locator("aside form");
  await expect(sheet).toBeVisible();
  // A sheet: it reaches the bottom of the window and spans its width.
  const box = (await sheet.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(844);
  expect(Math.round(box.width)).toBe(390);

  await sheet.getByRole("radio", { name: "在庫あり" }).check();
  const showResults = page.getByTestId("filters-show-results");
  await expect(page).toHaveURL(/unsold=1/);
  const shown = await page.getByTestId("product-tile").count();
  await expect(showResults).toHaveText(`${shown}件を表示`);
  await expect(page.getByTestId("filters-active-count")).toContainText("1");
  await showResults.click();
  await expect(sheet).toBeHidden();
  await expect(toggle).toHaveAccessibleName(/絞り込み.*1件の条件/);
});

test("on a phone My Page shows its section first and folds the menu into one line", async ({ page }) => {
  await signUpAndSignIn(page, "phonemenu");
  await page.goto("/mypage/orders");
  await waitForHydration(page);
  const heading = page.getByRole("heading", { level: 1, name: "購入履歴" });
  await expect(heading).toBeInViewport();
  const menu = page.getByRole("navigation", { name: "マイページメニュー" });
  await expect(menu.getByRole("link", { name: "お届け先住所" })).toBeHidden();
  const toggle = page.getByTestId("mypage-menu-toggle");
  await expect(toggle).toContainText("購入履歴");
  // The section's heading starts within the first fifth of the screen (the menu takes one line).
  expect((await heading.boundingBox())!.y).toBeLessThan(844 / 5 + 100);
  await toggle.click();
  await menu.getByRole("link", { name: "お届け先住所" }).click();
  await expect(page).toHaveURL(/\/mypage\/address$/);
  await expect(toggle).toContainText("お届け先住所");
  await expect(menu.getByRole("link", { name: "購入履歴" })).toBeHidden();
});

test("on a phone headings and product names keep Japanese line-breaking rules; phone numbers and addresses never split", async ({ page }) => {
  for (const path of [
    "/",
    "/shop",
    "/products",
    "/products/1",
    "/products/5",
    "/products/12",
    "/company",
    "/inquiry",
    "/specified-commercial-transaction-act-notes",
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    const { faults, lines } = await japaneseLineFaults(page);
    expect(lines, path).toBeGreaterThan(0);
    expect(faults, path).toEqual([]);
  }
  for (const path of ["/company", "/inquiry", "/specified-commercial-transaction-act-notes"]) {
    await page.goto(path);
    const links = page.locator('main a[href^="tel:"], main a[href^="mailto:"]');
    expect(await links.count(), path).toBeGreaterThan(0);
    for (const link of await links.all()) {
      expect(await link.evaluate((element) => element.getClientRects().length), `${path} ${await link.textContent()}`).toBe(1);
    }
  }
});
