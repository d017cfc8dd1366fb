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

test("two coupons that combine, applied together on a phone: each its own line, both counted", async ({ page, browser }) => {
  const suffix = crypto.randomUUID().slice(0, 6).toUpperCase();
  const [yenCode, tenCode, aloneCode] = [`YEN${suffix}`, `TEN${suffix}`, `ALONE${suffix}`];
  const trader = await traderSignsIn(browser);
  for (const data of [
    { code: yenCode, kind: "fixed", value: "550", combinable: "on" },
    { code: tenCode, kind: "percent", value: "10", combinable: "on" },
    { code: aloneCode, kind: "fixed", value: "300" },
  ]) {
    const created = await trader.request.post("/admin/api/coupons", {
      headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
      data: { ...data, valid_from: "2020-01-01", valid_until: "2099-12-31" },
    });
    expect(created.status()).toBe(201);
  }

  await signUpAndSignIn(page, "couponstack");
  const products = (await (await page.request.get("/ja/api/products")).json()).data as { id: string; attributes: { price: number } }[];
  const wine = products[0]!;
  await checkoutWith(page, { [wine.id]: 2 });
  await fillContact(page);
  await fillAddress(page);

  const field = page.getByTestId("coupon-field");
  // A coupon that does not combine: no second field is offered.
  await field.getByLabel("クーポンコード", { exact: true }).fill(aloneCode);
  await field.getByTestId("coupon-apply").click();
  await expect(page.getByTestId("coupon-applied")).toContainText(aloneCode);
  await expect(page.getByTestId("coupon-add")).toHaveCount(0);
  await page.getByTestId("coupon-applied").getByRole("button", { name: "クーポンを外す" }).click();
  await expect(page.getByTestId("summary-charge-discount")).toHaveCount(0);

  await field.getByLabel("クーポンコード", { exact: true }).fill(tenCode.toLowerCase());
  await field.getByTestId("coupon-apply").click();
  await expect(page.getByTestId("coupon-applied")).toContainText(`クーポン「${tenCode}」を適用しました`);
  await page.getByTestId("coupon-add").click();
  const second = field.getByLabel("クーポンコード（2枚目）");
  // The same code twice, then one that does not combine: each refused under the second field.
  await second.fill(tenCode);
  await field.getByTestId("coupon-apply-1").click();
  await expect(page.getByTestId("coupon-place-1")).toContainText("同じクーポンコードがすでに入力されています");
  await second.fill(aloneCode);
  await field.getByTestId("coupon-apply-1").click();
  await expect(page.getByTestId("coupon-place-1")).toContainText("このクーポンは他のクーポンと併用できません");
  await expect(page.getByTestId("summary-charge-discount")).toHaveCount(1);

  await second.fill(yenCode);
  await field.getByTestId("coupon-apply-1").click();
  await expect(page.getByTestId("coupon-applied")).toHaveCount(2);
  // Fixed first: 550 with tax is 500 before tax on 10% goods; then 10% of what it left.
  const goods = wine.attributes.price * 2;
  const percent = Math.floor((goods - 500) / 10);
  const discounts = page.locator('tr:has([data-testid="summary-charge-discount"])');
  await expect(discounts).toHaveCount(2);
  await expect(discounts.nth(0)).toContainText(yenCode);
  await expect(discounts.nth(0)).toContainText("500");
  await expect(discounts.nth(1)).toContainText(tenCode);
  await expect(discounts.nth(1)).toContainText(percent.toLocaleString("en-US"));
  await page.getByRole("radio", { name: "銀行振込" }).check();
  const shown = await page.getByTestId("summary-total").innerText();
  await page.screenshot({ path: test.info().outputPath("two-coupons-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId("coupon-field").scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("two-coupons-desktop.png") });
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  const orders = (await (await page.request.get("/ja/api/orders")).json()).data as {
    id: string;
    attributes: { price: number; charges: { label: string }[] };
  }[];
  const labels = orders[0]!.attributes.charges.map((charge) => charge.label);
  expect(labels).toContain(`クーポン値引き（${yenCode}）`);
  expect(labels).toContain(`クーポン値引き（${tenCode}）`);
  // The summary the preview drew agreed with the order placed.
  expect(shown).toContain(orders[0]!.attributes.price.toLocaleString("en-US"));

  const after = (await (await trader.request.get("/admin/api/coupons")).json()).data as { code: string; uses: number; combinable: boolean }[];
  expect(after.find((each) => each.code === yenCode)).toMatchObject({ uses: 1, combinable: true });
  expect(after.find((each) => each.code === tenCode)).toMatchObject({ uses: 1, combinable: true });
  expect(after.find((each) => each.code === aloneCode)).toMatchObject({ uses: 0, combinable: false });
  await trader.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest types a coupon with the order form: a wrong code is named under the field, a right one is shown to confirm, then placed", async ({
    page,
    browser,
    request,
  }) => {
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
    await page
      .getByLabel(/^お名前/)
      .first()
      .fill("蔵前 花子");
    await page.getByLabel(/^メールアドレス/).fill(`nojs-coupon-${Date.now()}@example.com`);
    await page
      .getByLabel(/^電話番号/)
      .first()
      .fill("03-1234-5678");
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

  test("staff tick 「他のクーポンと併用可」 on the server-drawn form; a guest applies two codes with the order form, confirms both lines, and orders", async ({
    page,
    browser,
    request,
  }) => {
    const suffix = crypto.randomUUID().slice(0, 6).toUpperCase();
    const [firstCode, secondCode] = [`NJA${suffix}`, `NJB${suffix}`];
    const withScript = { newContext: (options?: BrowserContextOptions) => browser.newContext({ ...options, javaScriptEnabled: true }) } as Browser;
    const trader = await traderSignsIn(withScript);
    const ids: number[] = [];
    for (const data of [
      { code: firstCode, kind: "percent", value: "10" },
      { code: secondCode, kind: "fixed", value: "330", combinable: "on" },
    ]) {
      const created = await trader.request.post("/admin/api/coupons", {
        headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
        data: { ...data, valid_from: "2020-01-01", valid_until: "2099-12-31" },
      });
      expect(created.status()).toBe(201);
      ids.push((await created.json()).data.id);
    }
    // The first is made without the option; staff tick it on the page drawn by the server, without JavaScript.
    const staffNoScript = await browser.newContext({ storageState: await trader.context().storageState(), javaScriptEnabled: false });
    const staffPage = await staffNoScript.newPage();
    await staffPage.goto(`/admin/coupons/${ids[0]}/combine`);
    const box = staffPage.getByLabel("他のクーポンと併用可");
    await expect(box).not.toBeChecked();
    await box.check();
    await Promise.all([staffPage.waitForNavigation(), staffPage.getByRole("button", { name: "保存する" }).click()]);
    await expect(staffPage.getByTestId("coupon-combine-done")).toContainText("他のクーポンと併用できるようにしました");
    await expect(staffPage.getByLabel("他のクーポンと併用可")).toBeChecked();
    const listed = (await (await trader.request.get("/admin/api/coupons")).json()).data as { code: string; combinable: boolean; uses: number }[];
    expect(listed.find((each) => each.code === firstCode)).toMatchObject({ combinable: true });
    await staffNoScript.close();

    const wine = await product(request, "バジェ・アルト");
    await page.goto(`/products/${wine.id}`);
    await Promise.all([page.waitForURL(/\?cart=added/), page.getByRole("button", { name: "カートに入れる" }).press("Enter")]);
    await page.goto("/checkout");
    await page
      .getByLabel(/^お名前/)
      .first()
      .fill("蔵前 花子");
    await page.getByLabel(/^メールアドレス/).fill(`nojs-coupons-${Date.now()}@example.com`);
    await page
      .getByLabel(/^電話番号/)
      .first()
      .fill("03-1234-5678");
    await page.getByLabel("郵便番号").first().fill("111-0051");
    await page.getByLabel("都道府県").first().selectOption({ label: "東京都" });
    await page.getByLabel("住所", { exact: true }).first().fill("台東区蔵前3-14-7");
    await fillBirthDate(page);
    await page.getByRole("radio", { name: "銀行振込" }).check();

    await page.getByLabel("クーポンコード", { exact: true }).fill(firstCode);
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "購入" }).click()]);
    // The first applies and combines: the page offers a field for the next code.
    await expect(page.locator('tr:has([data-testid="summary-charge-discount"])')).toHaveCount(1);
    await page.getByLabel("クーポンコード（2枚目）").fill(secondCode.toLowerCase());
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "購入" }).click()]);
    const lines = page.locator('tr:has([data-testid="summary-charge-discount"])');
    await expect(lines).toHaveCount(2);
    // Fixed first (330 with tax: 300 before tax), then 10% of what it left.
    await expect(lines.nth(0)).toContainText(secondCode);
    await expect(lines.nth(0)).toContainText("300");
    await expect(lines.nth(1)).toContainText(firstCode);
    await expect(lines.nth(1)).toContainText(Math.floor((wine.attributes.price - 300) / 10).toLocaleString("en-US"));
    await Promise.all([page.waitForURL(/\/checkout\/complete$/), page.getByRole("button", { name: "購入" }).click()]);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("注文が確定されました。");

    const after = (await (await trader.request.get("/admin/api/coupons")).json()).data as { code: string; uses: number }[];
    expect(after.find((each) => each.code === firstCode)).toMatchObject({ uses: 1 });
    expect(after.find((each) => each.code === secondCode)).toMatchObject({ uses: 1 });
    await trader.context().close();
  });
});
