import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, fillBirthDate, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// axe-core (WCAG 2.0 and 2.1, levels A and AA) on every shopper page and every overlay a shopper
// meets: the age gate, the cart drawer, the login prompt, the checkout with its 3-D Secure challenge,
// in Japanese and in English. A serious or critical finding fails the test and names the rule, the
// help text and the elements, so the message alone says what to fix.

test.describe.configure({ timeout: testTime(90_000) });
// Scan settled pages: the global sheet shortens every animation under reduced motion, so no
// element is caught half-faded (a fade-in would otherwise read as low contrast).
test.use({ reducedMotion: "reduce" });

const japanYear = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Tokyo", year: "numeric" }).format(new Date()));

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

interface Resource {
  id: string;
  attributes: { sold_out: boolean };
}

async function firstOf(request: APIRequestContext, path: string, available = false): Promise<string> {
  const data = (await (await request.get(path)).json()).data as Resource[];
  const found = available ? data.find((each) => !each.attributes.sold_out) : data[0];
  if (!found) throw new Error(`nothing at ${path}`);
  return found.id;
}

type AxeFindings = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

const listFindings = (results: AxeFindings) =>
  results
    .map((result) => {
      const nodes = result.nodes.map((node) => `    ${node.target.join(" ")}\n      ${(node.failureSummary ?? "").replaceAll("\n", "\n      ")}`);
      return `[${result.impact}] ${result.id}: ${result.help} (${result.helpUrl})\n${nodes.join("\n")}`;
    })
    .join("\n");

/**
 * Runs axe on the page as it is now and fails with every serious or critical violation spelled out.
 * What axe could not decide (text over a gradient or under an overlay) is attached to the test as
 * "axe needs review", to be checked by eye; it does not fail the test.
 */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const review = results.incomplete.filter((result) => result.impact === "serious" || result.impact === "critical");
  if (review.length > 0) test.info().annotations.push({ type: "axe needs review", description: `${state}:\n${listFindings(review)}` });
  expect(blocking.length, `${state} (${page.url()}) has serious or critical accessibility violations:\n${listFindings(blocking)}`).toBe(0);
}

/** The WCAG contrast ratio of an element's text against its own (opaque) background colour. */
async function contrastOf(locator: Locator): Promise<number> {
  const colours = await locator.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]);
  const [text, background] = colours.map((colour) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const c = Number(part) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
  const [light, dark] = [text!, background!].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

async function english(page: Page, path: string): Promise<void> {
  await page.goto(`/locale/en?to=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
}

/** Puts these bottles in the cart as the drawer does. */
async function fillCart(page: Page, amounts: Record<string, number>): Promise<void> {
  await page.goto("/");
  const put = await page.request.put("/api/carts", { headers: { "x-csrf-token": await csrfOf(page) }, data: { cart: { cart_product_ids: amounts } } });
  expect(put.ok()).toBe(true);
}

test("the age gate a new visitor meets", async ({ page }) => {
  await open(page, "/");
  await expect(page.getByTestId("age-gate")).toBeVisible();
  await expectAccessible(page, "age gate");

  await page
    .getByTestId("age-gate")
    .locator("select")
    .first()
    .selectOption(String(japanYear - 19));
  await page.getByRole("button", { name: "入場する" }).click();
  await expect(page.getByTestId("age-gate-refusal")).toBeVisible();
  await expectAccessible(page, "age gate refusal");
});

test.describe("shopper pages", () => {
  test.beforeEach(async ({ page }) => {
    await asConfirmedAdult(page);
    await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
  });

  test("catalogue pages in Japanese: top, shop, exhibits, a product, an exhibit", async ({ page, request }) => {
    const product = await firstOf(request, "/ja/api/products");
    const exhibit = await firstOf(request, "/ja/api/exhibit_products");
    for (const path of ["/", "/shop", "/products", `/products/${product}`, `/exhibits/${exhibit}`]) {
      await open(page, path);
      await expectAccessible(page, path);
    }
  });

  test("information and form pages in Japanese", async ({ page }) => {
    for (const path of [
      "/login",
      "/signup",
      "/password",
      "/inquiry",
      "/magazine/register",
      "/company",
      "/privacy-policy",
      "/specified-commercial-transaction-act-notes",
      "/checkout/complete",
    ]) {
      await open(page, path);
      await expectAccessible(page, path);
    }
  });

  test("the 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    // The error boundary renders it; the hydration mark is set by the App component, not here.
    await expect(page.getByTestId("not-found")).toBeVisible();
    await page.waitForLoadState("load");
    await expectAccessible(page, "404");
  });

  test("pages in English", async ({ page, request }) => {
    const product = await firstOf(request, "/en/api/products");
    await english(page, "/");
    await expectAccessible(page, "/ in English");
    for (const path of ["/shop", `/products/${product}`, "/login", "/inquiry"]) {
      await open(page, path);
      await expectAccessible(page, `${path} in English`);
    }
  });

  test("on a phone: the folded menu opened, and the shop's filter panel opened", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/");
    await page.getByTestId("menu-toggle").click();
    await expect(page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "Shop" })).toBeVisible();
    await expectAccessible(page, "phone menu");
    await open(page, "/shop");
    await page.getByTestId("filters-toggle").click();
    await expect(page.locator("details:has([data-testid=filters-toggle])")).toHaveAttribute("open", "");
    await expectAccessible(page, "phone shop filters");
  });

  test("the cart drawer with a bottle in it", async ({ page, request }) => {
    const product = await firstOf(request, "/ja/api/products", true);
    await open(page, `/products/${product}`);
    await page.getByRole("button", { name: "カートに入れる" }).click();
    await expect(page.getByTestId("cart-drawer").getByTestId("cart-item")).toHaveCount(1);
    await expectAccessible(page, "cart drawer");
    // The count badge sits over the cart button, so axe leaves its contrast "needs review"; it failed
    // once (white on the old gold, 4.0:1), hence this direct check.
    expect(await contrastOf(page.getByTestId("cart-count"))).toBeGreaterThanOrEqual(4.5);
  });

  test("checkout with a cart, and its 3-D Secure challenge", async ({ page, request }) => {
    const product = await firstOf(request, "/ja/api/products", true);
    await fillCart(page, { [product]: 1 });
    await open(page, "/checkout");
    await expect(page.getByTestId("summary-total")).toBeVisible();
    // The server draws the form (decision 058); its script owns it once its own chunk has hydrated it.
    await expect(page.getByTestId("checkout-form")).toHaveAttribute("data-interactive", "true");
    await expectAccessible(page, "checkout");

    // Pressed with nothing filled in: every missing field says so under itself.
    await page.getByRole("button", { name: "購入" }).click();
    await expect(page.getByText("お名前を入力してください")).toBeVisible();
    await expectAccessible(page, "checkout with field errors");

    await page.getByLabel("お名前").fill("蔵前 花子");
    await page.getByLabel("メールアドレス").fill("hanako@example.com");
    await page.getByLabel("電話番号").fill("03-1234-5678");
    await fillBirthDate(page);
    await page.getByLabel("郵便番号").fill("1000001");
    await expect(page.getByLabel("住所", { exact: true })).toHaveValue("千代田区千代田");
    await page.getByLabel("住所", { exact: true }).fill("千代田区千代田1-1");
    await page.getByLabel("カード番号").fill("4000 0027 6000 3184");
    await page.getByLabel("有効期限 (MM/YY)").fill("1234");
    await page.getByLabel("セキュリティコード").fill("123");
    await page.getByRole("button", { name: "購入" }).click();
    await expect(page.getByRole("dialog", { name: "3Dセキュア認証" })).toBeVisible();
    await expect(page.frameLocator('iframe[title="カード会社の本人認証画面"]').getByRole("button", { name: "認証を完了する" })).toBeVisible();
    await expectAccessible(page, "3-D Secure challenge");
  });

  test("checkout in English", async ({ page, request }) => {
    const product = await firstOf(request, "/en/api/products", true);
    await fillCart(page, { [product]: 1 });
    await english(page, "/checkout");
    await expect(page.getByTestId("summary-total")).toBeVisible();
    await expect(page.getByTestId("checkout-form")).toHaveAttribute("data-interactive", "true");
    await expectAccessible(page, "checkout in English");
  });

  test("a member's pages", async ({ page }) => {
    // A sign-up and eight pages, each checked whole: three times a journey's time (it ran out on a loaded machine).
    test.slow();
    await signUpAndSignIn(page, "a11y");
    for (const path of ["/mypage", "/mypage/address", "/mypage/address-book", "/mypage/account", "/mypage/magazine", "/mypage/credit", "/mypage/orders"]) {
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessible(page, path);
    }
    await english(page, "/mypage/orders");
    await expectAccessible(page, "/mypage/orders in English");
  });
});

test("the login prompt a guest sees with the first bottle", async ({ page, request }) => {
  await asConfirmedAdult(page);
  const product = await firstOf(request, "/ja/api/products", true);
  await open(page, `/products/${product}`);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("login-prompt")).toBeVisible();
  await expectAccessible(page, "login prompt");
});
