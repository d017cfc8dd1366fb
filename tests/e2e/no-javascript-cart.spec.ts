import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { asConfirmedAdult } from "./fixtures.ts";

// カートに入れる before (or without) the page's JavaScript (issue 28, decision 057): the product page's
// form posts to the page, whose action adds the bottles to the server's cart and comes back to the
// page saying so; the checkout's first paint then lists them from the server's cart.

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 120_000 });

// Past the age gate as its plain form leaves a visitor (its cookie; the gate has journeys of its own
// without JavaScript in no-javascript-shop.spec.ts): the page behind an open gate is inert.
test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

/** Sends カートに入れる from the keyboard, as a shopper tabbing through the page would. */
async function addToCart(page: Page): Promise<void> {
  await Promise.all([page.waitForURL(/\?cart=/), page.getByRole("button", { name: "カートに入れる" }).press("Enter")]);
}

test("from /shop to a product, カートに入れる without JavaScript puts the bottle in the cart the checkout shows", async ({ page }) => {
  await page.goto("/shop");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  const firstProduct = page.locator('main a[href^="/products/"]').first();
  const href = (await firstProduct.getAttribute("href"))!;
  await page.goto(href);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();

  await addToCart(page);
  await expect(page).toHaveURL(new RegExp(`${href}\\?cart=added#cart-outcome$`));
  await expect(page.getByTestId("cart-outcome")).toContainText("カートに入れました。");
  // The cart button counts the bottle from the server's cart (no script has run).
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.getByTestId("cart-outcome").getByRole("link", { name: "購入手続きへ" }).press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
  const line = page.getByTestId("summary-item");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(name);
});

test("on a product page, two bottles chosen in the selector go in together, after what the cart held", async ({ page }) => {
  await page.goto("/shop");
  const links = page.locator('main a[href^="/products/"]');
  const hrefs = [...new Set(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!)))];
  const [first, second] = hrefs;

  await page.goto(first!);
  await addToCart(page);
  await page.goto(second!);
  await page.getByTestId("quantity-select").selectOption("2");
  await addToCart(page);
  await expect(page.getByTestId("cart-outcome")).toBeVisible();

  await page.goto("/checkout");
  const lines = page.getByTestId("summary-item");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1)).toHaveAttribute("data-product-id", second!.replace("/products/", ""));
  // The amount column (name, price, amount, subtotal).
  await expect(lines.nth(1).locator("td").nth(1)).toHaveText("2");
});

test("on a phone, the notice of カートに入れる is on screen after the reload, and the cart button links to the cart with its count", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/shop");
  const href = (await page.locator('main a[href^="/products/"]').first().getAttribute("href"))!;
  await page.goto(href);
  // Before: a link to the checkout (which lists the cart), with no count on an empty cart.
  const cartButton = page.getByTestId("cart-button");
  await expect(cartButton).toHaveAttribute("href", "/checkout");
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // The form sits low on a phone's page; the answer comes back scrolled to its notice.
  await page.getByRole("button", { name: "カートに入れる" }).scrollIntoViewIfNeeded();
  await addToCart(page);
  await expect(page.getByTestId("cart-outcome")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await cartButton.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("summary-item")).toHaveCount(1);
});
