import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, waitForHydration } from "./fixtures.ts";

// 20歳未満の者の飲酒防止に関する表示基準 items 7 and 8 (decision 060): every page that lists or sells
// liquor shows 「20歳未満の者の飲酒は法律で禁止されています。」 in Japanese — the English page too,
// with the translation — with the products, at a rendered size never smaller than the largest price
// on the page (or in the cart drawer), on a phone and on a desktop.

test.describe.configure({ timeout: testTime(240_000) });

const CATALOGUE_JA = "20歳未満の者の飲酒は法律で禁止されています。";
const ORDER_JA = "20歳未満の者の飲酒は法律で禁止されています。20歳未満の方への酒類の販売はいたしません。";
const VIEWPORTS = [
  ["phone", 390, 844],
  ["desktop", 1280, 900],
] as const;
const LOCALES = ["ja", "en"] as const;

interface Measure {
  notices: { text: string; lang: string | null; size: number; translation: string; top: number; bottom: number; inFooter: boolean }[];
  prices: { text: string; size: number; top: number }[];
}

/** The visible notices and prices inside `scope` (the page, or the open cart drawer), as the browser renders them. */
async function measure(scope: Locator): Promise<Measure> {
  return scope.evaluate((root) => {
    const visible = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
    const size = (element: Element) => Number.parseFloat(getComputedStyle(element).fontSize);
    const notices = [...root.querySelectorAll("[data-age-notice]")].filter(visible).map((notice) => {
      const ja = notice.querySelector("[data-age-notice-ja]");
      const box = notice.getBoundingClientRect();
      return {
        text: ja?.textContent ?? "",
        lang: ja?.getAttribute("lang") ?? null,
        size: ja ? size(ja) : 0,
        translation: notice.querySelector('[lang="en"]')?.textContent ?? "",
        top: box.top + window.scrollY,
        bottom: box.bottom + window.scrollY,
        inFooter: notice.closest("footer") !== null,
      };
    });
    const prices = [...root.querySelectorAll("[data-price]")]
      .filter(visible)
      .map((price) => ({ text: price.textContent ?? "", size: size(price), top: price.getBoundingClientRect().top + window.scrollY }));
    return { notices, prices };
  });
}

/** Fails when the notice is missing, not the Japanese wording, smaller than a price, or away from the products. */
function expectNoticeAtPriceSize(found: Measure, where: string, options: { wording: string; locale: "ja" | "en" }) {
  expect(found.notices.length, `${where}: an under-20 notice`).toBeGreaterThan(0);
  expect(found.prices.length, `${where}: prices to compare with`).toBeGreaterThan(0);
  const largest = Math.max(...found.prices.map((price) => price.size));
  for (const notice of found.notices) {
    expect(notice.text, `${where}: the Japanese wording`).toBe(options.wording);
    expect(notice.lang, `${where}: marked as Japanese`).toBe("ja");
    expect(notice.inFooter, `${where}: with the products, not in the footer`).toBe(false);
    expect(notice.size, `${where}: notice ${notice.size}px against the largest price ${largest}px`).toBeGreaterThanOrEqual(largest);
    if (options.locale === "en") expect(notice.translation, `${where}: the English translation`).toMatch(/under 20 is prohibited by law/);
    else expect(notice.translation, `${where}: Japanese only`).toBe("");
  }
}

async function firstProduct(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const products = (await (await request.get("/ja/api/products")).json()).data as { id: string; attributes: { name: string; sold_out: boolean } }[];
  const product = products.find((each) => !each.attributes.sold_out)!;
  return { id: product.id, name: product.attributes.name };
}

async function exhibitWithProducts(request: APIRequestContext): Promise<string> {
  const exhibits = (await (await request.get("/ja/api/exhibit_products")).json()).data as { id: string; attributes: { product_ids: string[] } }[];
  return exhibits.find((exhibit) => exhibit.attributes.product_ids.length > 0)!.id;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const locale of LOCALES) {
  for (const [device, width, height] of VIEWPORTS) {
    test(`the notice is shown at price size on every page that sells liquor (${locale}, ${device})`, async ({ page, request }) => {
      await asConfirmedAdult(page);
      await page.context().addCookies([{ name: "locale", value: locale, url: test.info().project.use.baseURL!, sameSite: "Lax" }]);
      await page.setViewportSize({ width, height });
      const product = await firstProduct(request);
      const exhibit = await exhibitWithProducts(request);
      const query = encodeURIComponent(product.name.slice(0, 2));

      for (const path of ["/", "/shop", `/shop?q=${query}`, `/products/${product.id}`, `/exhibits/${exhibit}`]) {
        await open(page, path);
        const found = await measure(page.locator("main"));
        expectNoticeAtPriceSize(found, `${path} (${locale}, ${device})`, { wording: CATALOGUE_JA, locale });
        // With the products: above the first price of a list, right under the price on a product page.
        const firstPrice = Math.min(...found.prices.map((price) => price.top));
        expect(found.notices[0]!.top, `${path}: the notice comes with the first products`).toBeLessThan(firstPrice + height);
        await shoot(page, `${locale}-${device}-${path === "/" ? "home" : path.replace(/[/?=%]+/g, "-").replace(/^-/, "")}`);
      }

      // The cart drawer: the notice with the bottles and the total.
      await page.goto(`/products/${product.id}`);
      await waitForHydration(page);
      const put = await page.request.put("/api/carts", {
        headers: { "x-csrf-token": await csrfOf(page) },
        data: { cart: { cart_product_ids: { [product.id]: 2 } } },
      });
      expect(put.ok()).toBe(true);
      await open(page, `/products/${product.id}`);
      await page.getByTestId("cart-button").click();
      const drawer = page.getByTestId("cart-drawer");
      await expect(drawer.getByTestId("cart-total")).toBeVisible();
      expectNoticeAtPriceSize(await measure(drawer), `cart drawer (${locale}, ${device})`, { wording: CATALOGUE_JA, locale });
      await shoot(page, `${locale}-${device}-cart-drawer`);

      // Checkout: the notice beside the birth-date field, at least as large as the amount to pay.
      await open(page, "/checkout");
      await expect(page.getByTestId("summary-total")).toBeVisible();
      const found = await measure(page.locator("main"));
      expectNoticeAtPriceSize(found, `/checkout (${locale}, ${device})`, { wording: ORDER_JA, locale });
      const birthDate = page.locator('input[name="birth_date"]');
      const notice = page.locator("#checkout-age-notice");
      // Measured until the form has its final layout (the saved address and the delivery dates fill in as the page loads).
      const gap = async () => {
        const [noticeBox, fieldBox] = [await notice.boundingBox(), await birthDate.boundingBox()];
        return fieldBox!.y - (noticeBox!.y + noticeBox!.height);
      };
      await expect.poll(gap, { message: "the notice stands right above the birth-date field" }).toBeLessThan(120);
      await birthDate.scrollIntoViewIfNeeded();
      await shoot(page, `${locale}-${device}-checkout`);
    });
  }
}
