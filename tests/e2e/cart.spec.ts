import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { asConfirmedAdult, waitForHydration } from "./fixtures.ts";

interface ProductResource {
  id: string;
  attributes: { name: string; sold_out: boolean; price_include_tax: number; buyable_limit: number | null };
}

async function products(request: APIRequestContext): Promise<ProductResource[]> {
  return (await (await request.get("/ja/api/products")).json()).data;
}

const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;

async function openProduct(page: Page, product: ProductResource) {
  await page.goto(`/products/${product.id}`);
  await waitForHydration(page);
}

/** Visitors in these tests already saw the login prompt in this browser session. */
async function promptAlreadyShown(page: Page) {
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
}

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

test("adding from a product page opens the drawer with the bottle, and a reload keeps the cart", async ({ page, request }) => {
  await promptAlreadyShown(page);
  const [first, second] = (await products(request)).filter((p) => !p.attributes.sold_out && p.attributes.buyable_limit === null);
  await openProduct(page, first!);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  const drawer = page.getByTestId("cart-drawer");
  await expect(drawer).toBeVisible();
  const line = drawer.getByTestId("cart-item");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(first!.attributes.name);
  await expect(line.getByTestId("cart-line")).toHaveText(`${yen(first!.attributes.price_include_tax)} x 1 = ${yen(first!.attributes.price_include_tax)}(税込)`);

  await drawer.getByRole("button", { name: `${first!.attributes.name}を1本増やす` }).click();
  await expect(line.getByTestId("cart-line")).toHaveText(
    `${yen(first!.attributes.price_include_tax)} x 2 = ${yen(first!.attributes.price_include_tax * 2)}(税込)`,
  );
  await drawer.getByRole("button", { name: "カートを閉じる" }).click();

  await openProduct(page, second!);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  const total = first!.attributes.price_include_tax * 2 + second!.attributes.price_include_tax;
  await expect(drawer.getByTestId("cart-total")).toHaveText(yen(total));
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  // Wait for the server to have the last change, then reload.
  await expect.poll(async () => (await (await page.request.get("/ja/api/carts")).json()).data.length).toBe(2);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await page.getByTestId("cart-button").click();
  await expect(drawer.getByTestId("cart-total")).toHaveText(yen(total));
});

test("a bottle added before the page has loaded the cart joins the bottles already in it", async ({ page, request }) => {
  await promptAlreadyShown(page);
  const [first, second] = (await products(request)).filter((p) => !p.attributes.sold_out && p.attributes.buyable_limit === null);
  await page.goto("/");
  const put = await page.request.put("/ja/api/carts", {
    headers: { "x-csrf-token": (await page.locator('meta[name="csrf-token"]').getAttribute("content"))! },
    data: { cart: { cart_product_ids: { [first!.id]: 2 } } },
  });
  expect(put.status()).toBe(200);
  // The page's own GET /api/carts is held until the click has happened: the order a slow network
  // (or a quick shopper) gives, which once replaced the saved cart with the new bottle alone.
  let releaseLoad!: () => void;
  const loadHeld = new Promise<void>((resolve) => (releaseLoad = resolve));
  let loadAsked!: () => void;
  const loadStarted = new Promise<void>((resolve) => (loadAsked = resolve));
  await page.route("**/ja/api/carts", async (route) => {
    if (route.request().method() === "GET") {
      loadAsked();
      await loadHeld;
    }
    await route.continue();
  });
  await openProduct(page, second!);
  await loadStarted;
  await page.getByRole("button", { name: "カートに入れる" }).click();
  const drawer = page.getByTestId("cart-drawer");
  await expect(drawer.getByTestId("cart-item")).toHaveCount(1);
  releaseLoad();
  const total = first!.attributes.price_include_tax * 2 + second!.attributes.price_include_tax;
  await expect(drawer.getByTestId("cart-total")).toHaveText(yen(total));
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await expect
    .poll(async () => {
      const items = (await (await page.request.get("/ja/api/carts")).json()).data as { id: string; amount: number }[];
      return Object.fromEntries(items.map((item) => [item.id, item.amount]));
    })
    .toEqual({ [first!.id]: 2, [second!.id]: 1 });
});

test("the plus button greys out at buyable_limit and typing 0 removes the bottle", async ({ page, request }) => {
  await promptAlreadyShown(page);
  const limited = (await products(request)).find((p) => !p.attributes.sold_out && p.attributes.buyable_limit !== null && p.attributes.buyable_limit >= 2)!;
  const limit = limited.attributes.buyable_limit!;
  await openProduct(page, limited);
  const addButton = page.getByRole("button", { name: "カートに入れる" });
  await addButton.click();
  const drawer = page.getByTestId("cart-drawer");
  const plus = drawer.getByRole("button", { name: `${limited.attributes.name}を1本増やす` });
  for (let amount = 1; amount < limit; amount++) await plus.click();
  const quantity = drawer.getByRole("textbox", { name: `${limited.attributes.name}の数量` });
  await expect(quantity).toHaveValue(String(limit));
  await expect(plus).toBeDisabled();

  // Typing more than the limit keeps the limit and says why, next to the line and to screen readers;
  // letters are refused without breaking the cart.
  await quantity.fill(String(limit + 5));
  await quantity.blur();
  await expect(quantity).toHaveValue(String(limit));
  const reduced = drawer.getByTestId("cart-item").getByRole("status");
  await expect(reduced).toHaveText(`お一人様${limit}本までのため、数量を${limit}本にしました`);
  await expect(reduced).toHaveAttribute("aria-live", "polite");
  await quantity.fill("abc");
  await quantity.blur();
  await expect(quantity).toHaveValue(String(limit));
  // Changing the quantity again clears the reason.
  await drawer.getByRole("button", { name: `${limited.attributes.name}を1本減らす` }).click();
  await expect(quantity).toHaveValue(String(limit - 1));
  await expect(drawer.getByTestId("cart-reduced")).toBeEmpty();

  await quantity.fill("0");
  await expect(drawer.getByTestId("cart-item")).toHaveCount(0);
  await expect(drawer).toContainText("カートは空です");
});

test("the login prompt appears when a guest's cart gets its first bottle, once per session", async ({ page, request }) => {
  const [first, second] = (await products(request)).filter((p) => !p.attributes.sold_out);
  await openProduct(page, first!);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  const prompt = page.getByTestId("login-prompt");
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText("カートの中身を複数の端末で共有できます");
  await expect(prompt.getByRole("link", { name: "ログインする" })).toHaveAttribute("href", "/login");
  await expect(prompt.getByRole("link", { name: /新規登録/ })).toHaveAttribute("href", "/signup");
  await prompt.getByRole("button", { name: "閉じる" }).click();
  await expect(prompt).toBeHidden();
  expect(await page.evaluate(() => sessionStorage.getItem("propmtedLogIn"))).toBeTruthy();

  // Empty the cart and fill it again: no second prompt in this session.
  const drawer = page.getByTestId("cart-drawer");
  await drawer.getByRole("button", { name: `${first!.attributes.name}をカートから削除` }).click();
  await expect(drawer.getByTestId("cart-item")).toHaveCount(0);
  await drawer.getByRole("button", { name: "カートを閉じる" }).click();
  await openProduct(page, second!);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("cart-drawer").getByTestId("cart-item")).toHaveCount(1);
  await expect(prompt).toBeHidden();
});

test("a sold-out product in the cart is shown as unavailable", async ({ page, request }) => {
  await promptAlreadyShown(page);
  const all = await products(request);
  const soldOut = all.find((p) => p.attributes.sold_out)!;
  const available = all.find((p) => !p.attributes.sold_out)!;
  await page.goto("/");
  await waitForHydration(page);
  // A cart saved earlier, when the bottle was still in stock: stored straight through the API.
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const response = await page.request.put("/ja/api/carts", {
    headers: { "x-csrf-token": token! },
    data: { cart: { cart_product_ids: { [available.id]: 1, [soldOut.id]: 1 } } },
  });
  expect(response.status()).toBe(200);
  await page.reload();
  await waitForHydration(page);
  await page.getByTestId("cart-button").click();
  const unavailable = page.locator(`[data-testid="cart-item"][data-product-id="${soldOut.id}"]`);
  await expect(unavailable).toHaveAttribute("data-unavailable", "true");
  await expect(unavailable).toContainText("現在お買い求めいただけません");
  await expect(unavailable.getByRole("button", { name: /増やす/ })).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText(yen(available.attributes.price_include_tax));
});

test("a typed quantity above the stock left is lowered to it, and the drawer says why", async ({ page, request }) => {
  await promptAlreadyShown(page);
  const bottle = (await products(request)).find((p) => !p.attributes.sold_out && p.attributes.buyable_limit === null)!;
  await openProduct(page, bottle);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  const drawer = page.getByTestId("cart-drawer");
  const quantity = drawer.getByRole("textbox", { name: `${bottle.attributes.name}の数量` });
  await expect(quantity).toHaveValue("1");
  await quantity.fill("999");
  // The server clamps to the stock; the box then shows what is left.
  await expect(quantity).not.toHaveValue("999");
  const left = Number(await quantity.inputValue());
  expect(left).toBeGreaterThan(1);
  const reduced = drawer.getByTestId("cart-item").getByRole("status");
  await expect(reduced).toHaveText(`在庫が残り${left}本のため、数量を${left}本にしました`);
  // The tax-included line total is labelled as such.
  await expect(drawer.getByTestId("cart-line")).toContainText(`= ${yen(bottle.attributes.price_include_tax * left)}(税込)`);
  await drawer.getByRole("button", { name: `${bottle.attributes.name}を1本減らす` }).click();
  await expect(quantity).toHaveValue(String(left - 1));
  await expect(drawer.getByTestId("cart-reduced")).toBeEmpty();
});
