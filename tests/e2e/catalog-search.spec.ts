import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { asConfirmedAdult, waitForHydration } from "./fixtures.ts";

// Issue 20: the header's search, the product page's specification, quantity selector, stock hint and
// related bottles, and exhibits linking to their bottles, as a shopper uses them.

interface ProductResource {
  id: string;
  attributes: { name: string; sold_out: boolean; buyable_limit: number | null; liquor_type: string | null; specification: { producer: string } };
}

async function list(request: APIRequestContext, query: string, locale = "ja"): Promise<ProductResource[]> {
  return (await (await request.get(`/${locale}/api/products?${query}`)).json()).data;
}

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
});

test("searching ｳｲｽｷｰ from the header lists the whiskies; a search with no match offers to clear it", async ({ page, request }) => {
  const whiskies = await list(request, "liquor_type=whisky");
  expect(whiskies.length).toBeGreaterThan(1);

  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("search").getByRole("searchbox", { name: "商品を検索" });
  await box.fill("ｳｲｽｷｰ");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?q=/);
  // The query is shown as it was read: half-width kana in their full-width form.
  await expect(page.getByTestId("search-for")).toHaveText("「ウイスキー」の検索結果");
  const names = page.getByTestId("product-grid").getByRole("heading", { level: 3 });
  await expect(names).toHaveText(whiskies.map((product) => product.attributes.name));

  // Search and filters combine: only the whiskies in stock.
  await page.getByRole("radio", { name: "在庫あり" }).check();
  await expect(page).toHaveURL(/q=.*unsold=1|unsold=1.*q=/);
  await expect(names).toHaveText(whiskies.filter((product) => !product.attributes.sold_out).map((product) => product.attributes.name));

  await box.fill("存在しないお酒");
  await box.press("Enter");
  await expect(page.getByTestId("shop-empty")).toContainText("「存在しないお酒」に合う商品は見つかりませんでした。");
  await page.getByTestId("clear-search").click();
  await expect(page).toHaveURL(/\/shop\?unsold=1$/);
  await expect(box).toHaveValue("");
  await expect(names).not.toHaveCount(0);
});

test("the search box's focus ring stays clear of the search button, on a phone and on a desktop", async ({ page }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/shop");
    const search = page.getByRole("search");
    const box = search.getByRole("searchbox", { name: "商品を検索" });
    // Reached from the keyboard, as :focus-visible draws its ring then.
    await box.focus();
    await page.keyboard.type("a");
    const { ringRight, buttonLeft } = await box.evaluate((input) => {
      const style = getComputedStyle(input);
      const ring = style.outlineStyle === "none" ? 0 : Math.max(0, parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset));
      const button = input.closest("form")!.querySelector("button[type=submit]")!;
      return { ringRight: input.getBoundingClientRect().right + ring, buttonLeft: button.getBoundingClientRect().left };
    });
    expect(ringRight, `at ${viewport.width} px`).toBeLessThanOrEqual(buttonLeft + 0.5);
  }
});

test("しゃとー, ｼｬﾄｰ and シャトー find the same bottles", async ({ page }) => {
  const found: string[][] = [];
  for (const q of ["しゃとー", "ｼｬﾄｰ", "シャトー"]) {
    await page.goto(`/shop?q=${encodeURIComponent(q)}`);
    found.push(await page.getByTestId("product-grid").getByRole("heading", { level: 3 }).allInnerTexts());
  }
  expect(found[0]!.length).toBeGreaterThan(0);
  expect(found[1]).toEqual(found[0]);
  expect(found[2]).toEqual(found[0]);
});

test("a product page shows its specification, a bounded quantity selector, and puts the chosen number in the cart", async ({ page, request }) => {
  const [wine] = await list(request, "q=" + encodeURIComponent("甲州 シュール"));
  expect(wine).toBeDefined();
  await page.goto(`/products/${wine!.id}`);
  const spec = page.getByTestId("product-specification");
  await expect(page.getByRole("heading", { level: 2, name: "商品の仕様" })).toBeVisible();
  await expect(spec.getByRole("rowheader")).toHaveText([
    "酒類の品目",
    "産地",
    "生産者",
    "品種",
    "ヴィンテージ",
    "容量",
    "アルコール度数",
    "味わい(甘辛)",
    "味わい(ボディ)",
    "保存方法",
  ]);
  await expect(spec.locator('[data-spec="origin"] td')).toHaveText("日本 / 山梨県");
  await expect(spec.locator('[data-spec="category"] td')).toHaveText("果実酒");
  await expect(spec.locator('[data-spec="sweetness"] td')).toContainText("辛口〜甘口の5段階で1");

  // Related bottles share its series.
  await expect(page.getByTestId("related-products").getByRole("heading", { level: 2 })).toHaveText("同じシリーズのお酒");
  await expect(page.getByTestId("related-products").getByTestId("product-tile")).not.toHaveCount(0);

  await waitForHydration(page);
  const quantity = page.getByLabel("数量");
  await quantity.selectOption("2");
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByRole("textbox", { name: `${wine!.attributes.name}の数量` })).toHaveValue("2");

  // The same table in English.
  await page.goto(`/locale/en?to=${encodeURIComponent(`/products/${wine!.id}`)}`);
  await expect(page.getByTestId("product-specification").getByRole("rowheader").first()).toHaveText("Liquor tax category");
  await expect(page.getByTestId("product-specification").locator('[data-spec="ingredients"] th')).toHaveText("Grapes");
});

test("a bottle with a purchase limit and few left says so, and the selector stops at the limit", async ({ page, request }) => {
  const [rare] = await list(request, "q=" + encodeURIComponent("30年 レアカスク"));
  expect(rare?.attributes.buyable_limit).toBe(1);
  await page.goto(`/products/${rare!.id}`);
  await expect(page.getByTestId("low-stock")).toHaveText("残りわずか");
  await expect(page.getByText("お一人様1本まで")).toBeVisible();
  await expect(page.getByLabel("数量").locator("option")).toHaveText(["1"]);
  // A bottle with plenty in stock says nothing of the kind.
  const [plenty] = await list(request, "q=" + encodeURIComponent("芋焼酎 黒潮"));
  await page.goto(`/products/${plenty!.id}`);
  await expect(page.getByRole("button", { name: "カートに入れる" })).toBeVisible();
  await expect(page.getByTestId("low-stock")).toHaveCount(0);
});

test("an exhibit links to the bottles it is about", async ({ page, request }) => {
  const exhibits = (await (await request.get("/ja/api/exhibit_products")).json()).data as { id: string; attributes: { product_ids: string[] } }[];
  const withProducts = exhibits.find((exhibit) => exhibit.attributes.product_ids.length > 0);
  expect(withProducts).toBeDefined();
  await page.goto(`/exhibits/${withProducts!.id}`);
  const section = page.getByTestId("exhibit-products");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("この記事で紹介しているお酒");
  await expect(section.getByTestId("product-tile")).toHaveCount(withProducts!.attributes.product_ids.length);
  await waitForHydration(page);
  await section.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${withProducts!.attributes.product_ids[0]}$`));
});
