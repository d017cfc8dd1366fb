import { expect, test } from "@playwright/test";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, product, traderSignsIn } from "./checkout-steps.ts";
import { csrfOf, fillBirthDate, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// Coupons (issue 34 item 2, decision 086): the trader creates a members-only 500円OFF code in the
// back office's API; a member on a phone types a wrong code (its message), then the right one in
// small letters: the summary shows 「クーポン値引き」 before the total at once, the order is placed with
// it, and My Page's order shows the line.

test.describe.configure({ timeout: testTime(180_000) });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;

test.beforeEach(async ({ page }) => asReturningShopper(page));

test("staff create a coupon; a member uses it at checkout on a phone and sees it on My Page", async ({ page, browser }) => {
  const code = `E2E${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  const trader = await traderSignsIn(browser);
  const created = await trader.request.post("/admin/api/coupons", {
    headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
    data: { code, name_ja: "e2e", kind: "fixed", value: "500", valid_from: "2020-01-01", valid_until: "2099-12-31", members_only: "on" },
  });
  expect(created.status()).toBe(201);
  const listed = (await (await trader.request.get("/admin/api/coupons")).json()).data as { code: string; uses: number }[];
  expect(listed.find((each) => each.code === code)).toMatchObject({ uses: 0 });

  await signUpAndSignIn(page, "coupon");
  const products = (await (await page.request.get("/ja/api/products")).json()).data as { id: string; attributes: { price: number } }[];
  const wine = products[0]!;
  await checkoutWith(page, { [wine.id]: 1 });
  await fillContact(page);
  await fillAddress(page);

  const field = page.getByTestId("coupon-field");
  await field.getByLabel("クーポンコード").fill("NOSUCHCODE");
  await field.getByRole("button", { name: "適用する" }).click();
  await expect(field).toContainText("このクーポンコードは見つかりません。入力内容をご確認ください");
  await expect(page.getByTestId("summary-charge-discount")).toHaveCount(0);

  await field.getByLabel("クーポンコード").fill(code.toLowerCase());
  await field.getByRole("button", { name: "適用する" }).click();
  await expect(page.getByTestId("coupon-applied")).toContainText(`クーポン「${code}」を適用しました`);
  // 500 yen with tax on 10% goods: 454 before tax, in the summary before the total.
  await expect(page.getByTestId("summary-charge-discount")).toContainText("454");
  const base = wine.attributes.price + 1100 - 454;
  await expect(page.getByTestId("summary-total")).toHaveText(yen(base + Math.ceil(base / 10)));

  await page.getByRole("radio", { name: "代金引換" }).check();
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  const orders = (await (await page.request.get("/ja/api/orders")).json()).data as { id: string }[];

  await page.goto("/mypage/orders");
  await waitForHydration(page);
  await expect(page.locator(`[data-testid="order-card"][data-order-id="${orders[0]!.id}"]`)).toContainText(`クーポン値引き（${code}）`);

  const after = (await (await trader.request.get("/admin/api/coupons")).json()).data as { code: string; uses: number }[];
  expect(after.find((each) => each.code === code)).toMatchObject({ uses: 1 });
  await trader.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest types a coupon with the order form: a wrong code is named under the field, a right one is shown to confirm, then placed", async ({ page, browser, request }) => {
    const code = `NOJS${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    // The trader's back office needs its script: their own context with JavaScript on.
    const withScript = { newContext: (options?: BrowserContextOptions) => browser.newContext({ ...options, javaScriptEnabled: true }) } as Browser;
    const trader = await traderSignsIn(withScript);
    const created = await trader.request.post("/admin/api/coupons", {
      headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
      data: { code, kind: "percent", value: "10", valid_from: "2020-01-01", valid_until: "2099-12-31" },
    });
    expect(created.status()).toBe(201);
    await trader.context().close();

    const wine = await product(request, "バジェ・アルト");
    await page.goto(`/products/${wine.id}`);
    await Promise.all([page.waitForURL(/\?cart=added/), page.getByRole("button", { name: "カートに入れる" }).press("Enter")]);
    await page.goto("/checkout");
    await page.getByLabel(/^お名前/).first().fill("蔵前 花子");
    await page.getByLabel(/^メールアドレス/).fill(`nojs-coupon-${Date.now()}@example.com`);
    await page.getByLabel(/^電話番号/).first().fill("03-1234-5678");
    await page.getByLabel("郵便番号").first().fill("111-0051");
    await page.getByLabel("都道府県").first().selectOption({ label: "東京都" });
    await page.getByLabel("住所", { exact: true }).first().fill("台東区蔵前3-14-7");
    await fillBirthDate(page);
    await page.getByRole("radio", { name: "銀行振込" }).check();

    await page.getByLabel("クーポンコード").fill("WRONGCODE");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "購入" }).click()]);
    await expect(page.getByTestId("coupon-field")).toContainText("このクーポンコードは見つかりません。入力内容をご確認ください");

    await page.getByLabel("クーポンコード").fill(code);
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "購入" }).click()]);
    // The amount changed with the coupon: the page shows its line and asks to confirm the new total.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("summary-charge-discount")).toContainText(String(Math.floor(wine.attributes.price / 10)));
    await expect(page.getByTestId("confirm-amount")).toContainText(await page.getByTestId("summary-total").innerText());
    await Promise.all([page.waitForURL(/\/checkout\/complete$/), page.getByRole("button", { name: "購入" }).click()]);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("注文が確定されました。");
  });
});
