import { expect, test } from "@playwright/test";
import { asConfirmedAdult } from "./fixtures.ts";

// The shop before its JavaScript has started (issue 28, decision 056): on a slow phone the page
// shows seconds before hydration, and in that window the age gate, the filters, the menu and the
// language switch work as plain HTML. Here the scripts never run at all.

test.use({ javaScriptEnabled: false });
// Every step is a full page load (a form post and its redirect): generous on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const thisYear = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Tokyo", year: "numeric" }).format(new Date()));

test.describe("the age gate without JavaScript", () => {
  test("an adult passes by the form, back on the same page, and the next page shows no gate", async ({ page }) => {
    await page.goto("/company?from=mail");
    const gate = page.getByTestId("age-gate");
    await expect(gate).toBeVisible();
    await expect(page.locator("#site")).toHaveAttribute("inert", "");
    // The default birth date (1 January, 20 years ago) is an adult's.
    await gate.getByRole("button", { name: "入場する" }).click();
    await expect(page).toHaveURL(/\/company\?from=mail$/);
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    await expect(page.locator("#site")).not.toHaveAttribute("inert");
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
    await page.goto("/shop");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
  });

  test("an underage visitor is refused and the gate stays, also on the next page", async ({ page }) => {
    await page.goto("/");
    const gate = page.getByTestId("age-gate");
    await gate.locator("select[name=year]").selectOption(String(thisYear - 19));
    await gate.getByRole("button", { name: "入場する" }).click();
    await expect(page).toHaveURL(/\/\?age_gate=underage$/);
    await expect(page.getByTestId("age-gate-refusal")).toHaveText(
      "申し訳ありません、あなたは法定年齢以下です。 私達は私達のサイトであなたを歓迎することはできません。",
    );
    expect((await page.context().cookies()).some((cookie) => cookie.name === "age_confirmed")).toBe(false);
    await page.goto("/shop");
    await expect(page.getByTestId("age-gate")).toBeVisible();
  });

  test("a date that does not exist is named as such, in English too", async ({ page }) => {
    await page.goto("/locale/en?to=/shop");
    const gate = page.getByTestId("age-gate");
    await gate.locator("select[name=year]").selectOption("2001");
    await gate.locator("select[name=month]").selectOption("2");
    await gate.locator("select[name=day]").selectOption("29");
    await gate.getByRole("button", { name: "Enter" }).click();
    await expect(gate.getByRole("alert")).toHaveText("The date entered does not exist.");
    await expect(page).toHaveURL(/\/shop\?age_gate=nonexistent-date$/);
  });
});

test.describe("the shop without JavaScript, past the gate", () => {
  test.beforeEach(async ({ page }) => {
    await asConfirmedAdult(page);
  });

  test("the filters are a form: a liquor type chosen and applied by its button", async ({ page, request }) => {
    await page.goto("/shop");
    // The filter's radios (the header's search also carries the chosen filter, in a hidden field).
    const type = page.locator('input[type="radio"][name="liquor_type"]:not([value=""])').first();
    const key = (await type.getAttribute("value"))!;
    await type.check();
    await page.getByTestId("filters-apply").click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?.*liquor_type=${key}`));
    await expect(page.locator(`input[type="radio"][name="liquor_type"][value="${key}"]`)).toBeChecked();
    const expected = ((await (await request.get(`/ja/api/products?liquor_type=${key}`)).json()) as { data: unknown[] }).data.length;
    expect(expected).toBeGreaterThan(0);
    await expect(page.getByTestId("product-tile")).toHaveCount(expected);
  });

  test("on a phone the menu opens, and the filter sheet opens and applies", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/shop");
    const nav = page.getByRole("navigation", { name: "メインメニュー" });
    await expect(nav).toBeHidden();
    await page.getByTestId("menu-toggle").click();
    await expect(nav).toBeVisible();
    await expect(page.getByTestId("menu-toggle")).toHaveAccessibleName("メニューを閉じる");
    await page.getByTestId("menu-toggle").click();
    await expect(nav).toBeHidden();

    const sheet = page.locator("aside form");
    await expect(sheet).toBeHidden();
    await page.getByTestId("filters-toggle").click();
    await expect(sheet).toBeVisible();
    await sheet.getByRole("radio", { name: "在庫あり" }).check();
    await page.getByTestId("filters-show-results").click();
    await expect(page).toHaveURL(/\/shop\?.*unsold=1/);
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("filters-active-count")).toContainText("1");
  });

  test("the language switch goes to English and back to the same page", async ({ page }) => {
    await page.goto("/shop?unsold=1");
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/shop\?unsold=1$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop");
  });
});
