import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, linkInMail, restock, signUpAndSignIn, traderSignsIn, waitForHydration } from "./fixtures.ts";

// 再入荷のお知らせ and お気に入り (decision 083) on a phone: a member keeps a favourite from the grid,
// finds it on My Page, asks to be told when a sold-out bottle is back; the trader receives bottles
// and the mail is in the built-in mailbox. And the heart's form without JavaScript.

test.describe.configure({ timeout: testTime(180_000) });

/** A new published product with no bottles, made by the trader; answers its id. */
async function soldOutProduct(trader: Page, name: string): Promise<number> {
  const created = await trader.request.post("/admin/api/products", {
    headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
    data: {
      name_ja: name,
      name_en: `${name} (en)`,
      description_ja: "限定の一本です。",
      description_en: "A limited bottle.",
      price: 5000,
      stock: 0,
      sold_out_flag: false,
      shipping_type: "normal",
      liquor_type: "sake",
      published: true,
      volume_ml: 720,
      alcohol_percent: "16",
      mail_order_allowed: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a member favourites from the grid, sees it on My Page, asks for a restock mail, and gets it once the trader receives bottles", async ({
    page,
    browser,
  }) => {
    const trader = await traderSignsIn(browser);
    const name = `再入荷テスト酒 ${Date.now()}`;
    const productId = await soldOutProduct(trader, name);

    await asConfirmedAdult(page);
    const email = await signUpAndSignIn(page, "restock");

    // The heart on a grid card, toggled in place.
    await page.goto("/shop");
    await waitForHydration(page);
    const tile = page.getByTestId("product-tile").filter({ hasText: name });
    const heart = tile.getByTestId("favorite-button");
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(tile.getByTestId("restock-link")).toBeVisible();

    await page.goto("/mypage/favorites");
    const favorite = page.getByTestId("favorite").filter({ hasText: name });
    await expect(favorite).toContainText("売り切れ");
    await expect(favorite).toContainText("5,500");

    // The sold-out bottle's page: one click for a member.
    await page.goto(`/products/${productId}`);
    await waitForHydration(page);
    await page.getByTestId("restock-submit").click();
    await expect(page.getByTestId("restock-done")).toContainText("再入荷のお知らせを登録しました");
    await page.goto("/mypage/restock");
    await expect(page.getByTestId("restock-row").filter({ hasText: name })).toBeVisible();

    // The trader sees the request waiting, and receives bottles.
    await trader.goto(`/admin/products/${productId}`);
    await expect(trader.getByTestId("restock-waiting")).toHaveText("再入荷待ち 1件");
    await restock(trader, productId, 6);

    const link = await linkInMail(email, `products%2F${productId}`);
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`/products/${productId}$`));
    await expect(page.getByTestId("sold-out")).toHaveCount(0);
    await page.goto("/mypage/restock");
    await expect(page.getByTestId("restock-empty")).toBeVisible();
    await trader.context().close();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the heart sends a guest to sign in and back, and a member's post keeps the favourite", async ({ page }) => {
    await asConfirmedAdult(page);
    await page.goto("/products/1");
    const pageHeart = page.getByRole("button", { name: "お気に入りに追加", exact: true });
    await pageHeart.click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fproducts%2F1$/);

    await signUpAndSignIn(page, "nojs-favorite");
    await page.goto("/products/1");
    const name = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await pageHeart.click();
    await expect(page).toHaveURL(/\/products\/1\?favorite=added$/);
    await expect(page.getByText("お気に入りに追加しました。")).toBeVisible();

    await page.goto("/mypage/favorites");
    const row = page.getByTestId("favorite").filter({ hasText: name });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "削除する" }).click();
    await expect(page.getByText("お気に入りから削除しました。")).toBeVisible();
    await expect(page.getByTestId("favorites-empty")).toBeVisible();
  });
});
