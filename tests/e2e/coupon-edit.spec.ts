import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { traderSignsIn } from "./checkout-steps.ts";
import { csrfOf, waitForHydration } from "./fixtures.ts";

// One coupon's edit page (issue 34, decision 095): the trader opens a coupon from the list, sees
// every field filled in and its usage, is refused under the field for a bad value, then saves the
// coupon changed; and the same page without JavaScript, where the form posts to the page's action.

test.describe.configure({ timeout: testTime(180_000) });

type CouponEntry = { id: number; code: string } & Record<string, unknown>;

async function createCoupon(trader: Page, prefix: string): Promise<CouponEntry> {
  const code = `${prefix}${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  const created = await trader.request.post("/admin/api/coupons", {
    headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
    data: {
      code,
      name_ja: "春の感謝祭",
      name_en: "Spring thanks",
      kind: "fixed",
      value: "500",
      valid_from: "2026-04-01",
      valid_until: "2026-04-30",
      total_limit: "100",
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data;
}

async function stored(trader: Page, id: number): Promise<CouponEntry> {
  const listed = (await (await trader.request.get("/admin/api/coupons")).json()).data as CouponEntry[];
  return listed.find((each) => each.id === id)!;
}

test("staff open a coupon from the list, are refused under the field, then save it changed", async ({ browser }) => {
  const trader = await traderSignsIn(browser);
  const coupon = await createCoupon(trader, "EDJS");

  await trader.goto("/admin/coupons");
  await waitForHydration(trader);
  await trader.getByRole("link", { name: `編集 ${coupon.code}` }).scrollIntoViewIfNeeded();
  await trader.screenshot({ path: test.info().outputPath("coupon-list-1280.png") });
  await Promise.all([trader.waitForURL(`**/admin/coupons/${coupon.id}`), trader.getByRole("link", { name: `編集 ${coupon.code}` }).click()]);
  await waitForHydration(trader);
  await expect(trader.getByRole("heading", { level: 1 })).toHaveText(`クーポンの編集 ${coupon.code}`);
  await expect(trader.getByLabel("名前(日本語)")).toHaveValue("春の感謝祭");
  await expect(trader.getByLabel("値引き額(円)または割引率(%)")).toHaveValue("500");
  await expect(trader.getByLabel("利用開始日")).toHaveValue("2026-04-01");
  await expect(trader.getByLabel("利用終了日(この日まで)")).toHaveValue("2026-04-30");
  await expect(trader.getByLabel("有効(外すと、このコードは使えなくなります)")).toBeChecked();
  await expect(trader.getByTestId("coupon-usage")).toContainText("0回 / 上限 100回");

  await trader.getByLabel("名前(日本語)").fill("夏の感謝祭");
  await trader.getByLabel("値引き額(円)または割引率(%)").fill("0");
  await Promise.all([trader.waitForNavigation(), trader.getByRole("button", { name: "保存する" }).click()]);
  await waitForHydration(trader);
  const value = trader.getByLabel("値引き額(円)または割引率(%)");
  await expect(value).toHaveAttribute("aria-invalid", "true");
  await expect(trader.locator(`#${(await value.getAttribute("aria-describedby"))!.split(" ").at(-1)}`)).toHaveText("値引き額・率は1以上の値にしてください");
  await expect(trader.getByLabel("名前(日本語)")).toHaveValue("夏の感謝祭");
  expect(await stored(trader, coupon.id)).toMatchObject({ name_ja: "春の感謝祭", value: 500 });
  await trader.screenshot({ path: test.info().outputPath("coupon-edit-refused-1280.png"), fullPage: true });

  await value.fill("800");
  await trader.getByLabel("利用終了日(この日まで)").fill("2026-08-31");
  await trader.getByLabel("他のクーポンと併用可").check();
  await trader.getByLabel("有効(外すと、このコードは使えなくなります)").uncheck();
  await Promise.all([trader.waitForURL(`**/admin/coupons/${coupon.id}?saved=combine-on`), trader.getByRole("button", { name: "保存する" }).click()]);
  await expect(trader.getByTestId("coupon-edit-done")).toContainText("クーポンを保存しました。");
  await expect(trader.getByTestId("coupon-combine-done")).toHaveText("他のクーポンと併用できるようにしました");
  await expect(trader.getByLabel("値引き額(円)または割引率(%)")).toHaveValue("800");
  expect(await stored(trader, coupon.id)).toMatchObject({
    name_ja: "夏の感謝祭",
    value: 800,
    valid_until: "2026-08-31",
    combinable: true,
    active: false,
    total_limit: 100,
  });
  await trader.screenshot({ path: test.info().outputPath("coupon-edit-saved-1280.png"), fullPage: true });
  await trader.setViewportSize({ width: 390, height: 844 });
  await trader.screenshot({ path: test.info().outputPath("coupon-edit-saved-390.png"), fullPage: true });
  await trader.context().close();
});

test.describe("without JavaScript", () => {
  test("staff edit a coupon on the server-drawn form: a refusal under the field, then saved", async ({ browser }) => {
    const trader = await traderSignsIn(browser);
    const coupon = await createCoupon(trader, "EDNJ");
    const context = await browser.newContext({ storageState: await trader.context().storageState(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/admin/coupons/${coupon.id}`);
    await expect(page.getByLabel("名前(英語)")).toHaveValue("Spring thanks");

    await page.getByLabel("種類").selectOption({ label: "割引率(%)" });
    await page.getByLabel("値引き額(円)または割引率(%)").fill("150");
    await page.getByLabel("利用上限(会員ごと、空欄で無制限)").fill("1");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "保存する" }).click()]);
    await expect(page.getByTestId("coupon-edit-errors")).toContainText("値引き額・率は100以下の値にしてください");
    await expect(page.getByLabel("種類")).toHaveValue("percent");
    await expect(page.getByLabel("利用上限(会員ごと、空欄で無制限)")).toHaveValue("1");

    await page.getByLabel("値引き額(円)または割引率(%)").fill("15");
    await Promise.all([page.waitForURL(`**/admin/coupons/${coupon.id}?saved=saved`), page.getByRole("button", { name: "保存する" }).click()]);
    await expect(page.getByTestId("coupon-edit-done")).toHaveText("クーポンを保存しました。");
    await expect(page.getByTestId("coupon-combine-done")).toHaveCount(0);
    expect(await stored(trader, coupon.id)).toMatchObject({ kind: "percent", value: 15, per_member_limit: 1, active: true, combinable: false });
    await page.screenshot({ path: test.info().outputPath("coupon-edit-nojs-1280.png"), fullPage: true });
    await context.close();
    await trader.context().close();
  });
});
