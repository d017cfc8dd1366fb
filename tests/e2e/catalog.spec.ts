import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { SHOP_NAME_JA, asConfirmedAdult, waitForHydration } from "./fixtures.ts";

interface ProductResource {
  id: string;
  attributes: {
    name: string;
    sold_out: boolean;
    price_include_tax: number;
    image_details: { id: number }[];
    leaf_series: { attributes: { hashid: string; name: string } }[];
  };
}

async function products(request: APIRequestContext, locale = "ja"): Promise<ProductResource[]> {
  return (await (await request.get(`/${locale}/api/products`)).json()).data;
}

const yen = (amount: number) => amount.toLocaleString("en-US");

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

test("the home page shows the Shop and Our Products sections with their links", async ({ page }) => {
  await page.goto("/");
  const shop = page.getByTestId("home-shop");
  await expect(shop.getByTestId("product-tile")).toHaveCount(8);
  const exhibits = page.getByTestId("home-exhibits");
  await expect(exhibits.getByRole("listitem")).not.toHaveCount(0);
  await waitForHydration(page);
  await shop.getByRole("link", { name: "View All" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await page.goBack();
  await page.getByTestId("home-exhibits").getByRole("link", { name: "View More" }).click();
  await expect(page).toHaveURL(/\/products$/);
  const firstExhibit = page.getByTestId("exhibit-grid").getByRole("link").first();
  const exhibitName = await firstExhibit.innerText();
  await firstExhibit.click();
  await expect(page).toHaveURL(/\/exhibits\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(exhibitName.trim());
});

test("/shop filters update the grid and the address without adding history", async ({ page, request }) => {
  const all = await products(request);
  const inStock = all.filter((product) => !product.attributes.sold_out);
  const soldOut = all.filter((product) => product.attributes.sold_out);
  expect(soldOut.length).toBeGreaterThan(0);

  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "Shop", exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const grid = page.getByTestId("product-grid");
  await expect(grid.getByTestId("product-tile")).toHaveCount(all.length);
  await expect(grid.locator('[data-sold-out="true"]')).toHaveCount(soldOut.length);

  await page.getByRole("radio", { name: "在庫あり" }).check();
  await expect(page).toHaveURL(/\/shop\?unsold=1$/);
  await expect(grid.getByTestId("product-tile")).toHaveCount(inStock.length);
  await expect(grid.locator('[data-sold-out="true"]')).toHaveCount(0);

  await page.getByRole("radio", { name: "在庫なし" }).check();
  await expect(page).toHaveURL(/unsold=0/);
  await expect(grid.getByTestId("product-tile")).toHaveCount(soldOut.length);

  await page.getByRole("radio", { name: "すべて", exact: true }).check();
  // The grid redraws from the new address; a box ticked during that redraw is drawn unticked again.
  await expect(page).toHaveURL(/\/shop$/);
  await expect(grid.getByTestId("product-tile")).toHaveCount(all.length);
  await page.getByRole("checkbox", { name: "赤ワイン" }).check();
  await expect(page).toHaveURL(/series%5B%5D=/);
  const reds = all.filter((product) => product.attributes.leaf_series.some((series) => series.attributes.name === "赤ワイン"));
  await expect(grid.getByTestId("product-tile")).toHaveCount(reds.length);

  await page.getByRole("checkbox", { name: "未分類" }).check();
  await expect(page).toHaveURL(/unselect_series=1/);
  const unclassified = all.filter((product) => product.attributes.leaf_series.length === 0);
  await expect(grid.getByTestId("product-tile")).toHaveCount(reds.length + unclassified.length);

  // Filter changes replaced the address: Back leaves /shop for the page before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test("no match shows a message and a way back to every product", async ({ page, request }) => {
  const all = await products(request);
  await page.goto("/shop?series[]=zzzzzz");
  await waitForHydration(page);
  await expect(page.getByTestId("shop-empty")).toContainText("条件に合う商品が見つかりませんでした。");
  await page.getByRole("button", { name: "絞り込みを解除する" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByTestId("product-tile")).toHaveCount(all.length);
});

test("a product page: gallery hover, price, type, description, and the breadcrumb filters the shop", async ({ page, request }) => {
  const product = (await products(request)).find(
    (candidate) => !candidate.attributes.sold_out && candidate.attributes.image_details.length > 1 && candidate.attributes.leaf_series.length > 0,
  )!;
  await page.goto(`/products/${product.id}`);
  await expect(page).toHaveTitle(`${product.attributes.name} | ${SHOP_NAME_JA}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.attributes.name);
  await expect(page.getByTestId("product-price")).toHaveText(`価格 ${yen(product.attributes.price_include_tax)}円(税込)`);
  await expect(page.getByTestId("liquor-type")).not.toBeEmpty();
  await expect(page.getByRole("button", { name: "カートに入れる" })).toBeVisible();
  // Line breaks of the description are kept.
  expect(await page.getByTestId("product-description").evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("pre-line");

  await waitForHydration(page);
  const main = page.getByTestId("gallery-main");
  const [first, second] = product.attributes.image_details;
  await expect(main).toHaveAttribute("data-image-id", String(first!.id));
  await page.getByTestId("gallery-thumb").nth(1).hover();
  await expect(main).toHaveAttribute("data-image-id", String(second!.id));

  const leaf = product.attributes.leaf_series[0]!.attributes;
  await page.getByRole("navigation", { name: "現在位置" }).getByRole("link", { name: leaf.name }).click();
  await expect(page).toHaveURL(new RegExp(`/shop\\?series%5B%5D=${leaf.hashid}$`));
  await expect(page.getByRole("checkbox", { name: leaf.name })).toBeChecked();
  await expect(page.getByTestId("product-grid").getByRole("link", { name: new RegExp(product.attributes.name) })).toBeVisible();
});

test("a sold-out product shows SOLD OUT and no add button", async ({ page, request }) => {
  const soldOut = (await products(request)).find((product) => product.attributes.sold_out)!;
  await page.goto(`/products/${soldOut.id}`);
  await expect(page.getByTestId("sold-out")).toHaveText("SOLD OUT");
  await expect(page.getByRole("button", { name: "カートに入れる" })).toHaveCount(0);
});

test("the product page HTML holds name, price and JSON-LD before any script runs", async ({ request }) => {
  const product = (await products(request))[0]!;
  const html = await (await request.get(`/products/${product.id}`)).text();
  expect(html).toContain(product.attributes.name);
  expect(html).toContain(`価格 ${yen(product.attributes.price_include_tax)}円(税込)`);
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(jsonLd).not.toBeNull();
  const data = JSON.parse(jsonLd![1]!);
  expect(data).toMatchObject({
    "@type": "Product",
    name: product.attributes.name,
    offers: { price: product.attributes.price_include_tax, priceCurrency: "JPY" },
  });
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/images\/\d+\/1200w\.jpg"/);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/products/${product.id}"`));
});

test("English names after the language switch, and a missing product is a 404 page", async ({ page, request }) => {
  const english = (await products(request, "en"))[0]!;
  await page.goto(`/products/${english.id}`);
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(english.attributes.name);
  const response = await page.goto("/products/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
});
