import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import type { ProductResource } from "../../src/domain/catalog-api.ts";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, fillBirthDate, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// Decision 036 as a member meets it: a whisky and a non-alcoholic sparkling in one order, the date of
// birth asked next to the under-20 notice, and tax at 10% and 8% shown apart in the summary.

// A whole journey (sign-up, two checkouts, screenshots at two widths, My Page): minutes on a loaded machine.
test.describe.configure({ timeout: testTime(180_000) });

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

async function product(request: APIRequestContext, name: string): Promise<ProductResource> {
  const found = ((await (await request.get("/ja/api/products")).json()).data as ProductResource[]).find((each) => each.attributes.name.startsWith(name));
  if (!found) throw new Error(`no product named ${name}…`);
  return found;
}

async function openCheckout(page: Page, amounts: Record<string, number>): Promise<void> {
  await page.goto("/");
  const put = await page.request.put("/api/carts", { headers: { "x-csrf-token": await csrfOf(page) }, data: { cart: { cart_product_ids: amounts } } });
  expect(put.ok()).toBe(true);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByTestId("summary-total")).toBeVisible();
  // The server draws the form (decision 058); its script owns it once its own chunk has hydrated it.
  await expect(page.getByTestId("checkout-form")).toHaveAttribute("data-interactive", "true");
}

test("a member buys a whisky and a non-alcoholic sparkling: birth date asked, tax at 10% and 8% apart", async ({ page, request }) => {
  await signUpAndSignIn(page, "age");
  const whisky = await product(request, "北風蒸溜所 シングルモルト");
  const juice = await product(request, "ノンアルコール スパークリング");
  expect(juice.attributes).toMatchObject({ price: 1200, price_include_tax: 1296, tax_rate: 8 });
  await openCheckout(page, { [whisky.id]: 1, [juice.id]: 2 });

  const summary = page.getByTestId("order-summary");
  const juiceRow = summary.getByTestId("summary-item").filter({ hasText: "ノンアルコール スパークリング" });
  await expect(juiceRow.getByTestId("reduced-mark")).toHaveText("※");
  await expect(summary.getByTestId("summary-item").filter({ hasText: "北風蒸溜所" }).getByTestId("reduced-mark")).toHaveCount(0);
  await expect(summary.getByTestId("reduced-footnote")).toHaveText("※は軽減税率対象");
  // Card (no fee): 10% on 12,800 + 1,100 shipping = 13,900 → 1,390; 8% on 2,400 → 192.
  await expect(summary.getByRole("row").filter({ has: page.getByTestId("summary-tax-10") })).toContainText("消費税(10%対象 13,900");
  await expect(summary.getByTestId("summary-tax-10")).toContainText("1,390");
  await expect(summary.getByTestId("summary-tax-8")).toContainText("192");
  await expect(summary.getByTestId("summary-total")).toContainText("17,882");

  // The date of birth sits with the under-20 notice; under 20 is refused before anything is sent.
  const notice = page.getByText("20歳未満の者の飲酒は法律で禁止されています。20歳未満の方への酒類の販売はいたしません。");
  await expect(notice).toBeVisible();
  await page.getByLabel("お名前").fill("蔵前 花子");
  await page.getByLabel("電話番号").fill("03-1234-5678");
  await page.getByLabel("郵便番号").fill("1000001");
  const address = page.getByLabel("住所", { exact: true });
  await expect(address).toHaveValue("千代田区千代田");
  await address.fill("千代田区千代田1-1");
  await page.getByRole("radio", { name: "銀行振込" }).check();
  const year = new Date().getFullYear() - 19;
  await fillBirthDate(page, `${year}-06-01`);
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page.getByText("20歳未満の方はご注文いただけません。")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await fillBirthDate(page, "1985-04-01");
  for (const [name, width, height] of [
    ["desktop", 1280, 900],
    ["phone", 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByLabel("生年月日").scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`checkout-age-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);

  // My Page's order card shows the two rates apart too, the juice marked ※.
  await page.goto("/mypage/orders");
  const card = page.getByTestId("order-card").first();
  await expect(card.getByText("消費税(10%対象 13,900 円)")).toBeVisible();
  await expect(card.getByText("消費税(8%対象 2,400 円)")).toBeVisible();
  await expect(card.getByText(/^ノンアルコール スパークリング .*※$/)).toBeVisible();
  await expect(card.getByText("※は軽減税率対象")).toBeVisible();

  // The date is kept in the profile: the next checkout has it filled in.
  await openCheckout(page, { [juice.id]: 1 });
  await expect(page.getByLabel("生年月日")).toHaveValue("1985-04-01");
  // One rate only: the single tax row (shipping taxed at 10% stays apart, so two rows).
  await expect(page.getByTestId("summary-tax-8")).toContainText("96");
});
