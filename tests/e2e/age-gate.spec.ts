import { expect, test } from "@playwright/test";
import { asConfirmedAdult, waitForHydration } from "./fixtures.ts";

const thisYear = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Tokyo", year: "numeric" }).format(new Date()));

test.describe("age gate", () => {
  test("a new visitor must state an adult birth date; the default (1 January, 20 years ago) passes", async ({ page }) => {
    await page.goto("/");
    const gate = page.getByTestId("age-gate");
    await expect(gate).toBeVisible();
    await expect(gate).toContainText("20歳未満の者の飲酒は法律で禁止されています");
    await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
    await waitForHydration(page);

    const [year, month, day] = await gate.locator("select").all();
    await expect(year!).toHaveValue(String(thisYear - 20));
    await expect(month!).toHaveValue("1");
    await expect(day!).toHaveValue("1");
    // 100 years below the empty placeholder a required select starts with.
    await expect(year!.locator("option").first()).toHaveAttribute("value", "");
    await expect(year!.locator("option:not([value=''])")).toHaveCount(100);

    await gate.getByRole("button", { name: "入場する" }).click();
    await expect(gate).toBeHidden();
    // The same cookie the form sets without JavaScript: the server renders the next pages without the gate.
    expect((await page.context().cookies()).find((cookie) => cookie.name === "age_confirmed")?.value).toBe("1");
    await expect(page.locator("#site")).not.toHaveAttribute("inert");
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");

    await page.reload();
    await expect(page.getByTestId("age-gate")).toBeHidden();
  });

  test("an underage date replaces the form with the refusal and the gate stays", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const gate = page.getByTestId("age-gate");
    await gate
      .locator("select")
      .first()
      .selectOption(String(thisYear - 19));
    await gate.getByRole("button", { name: "入場する" }).click();
    await expect(page.getByTestId("age-gate-refusal")).toHaveText(
      "申し訳ありません、あなたは法定年齢以下です。 私達は私達のサイトであなたを歓迎することはできません。",
    );
    await expect(gate.locator("select")).toHaveCount(0);
    await expect(gate).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name === "age_confirmed")).toBe(false);
  });

  test("a date that does not exist is named as such", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const gate = page.getByTestId("age-gate");
    const [year, month, day] = await gate.locator("select").all();
    await year!.selectOption("2001");
    await month!.selectOption("2");
    await day!.selectOption("29");
    await gate.getByRole("button", { name: "入場する" }).click();
    await expect(gate.getByRole("alert")).toHaveText("存在しない日付が入力されました。");
    await expect(gate).toBeVisible();
  });

  test("a confirmed visitor never sees the gate, even before the scripts run", async ({ page }) => {
    await asConfirmedAdult(page);
    // Block the application scripts: only the server HTML and the CSS act.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/company");
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    await expect(page.locator("#site")).not.toHaveAttribute("inert");
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
  });

  test("the gate markup and the menu are in the HTML before any script runs", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain('data-testid="age-gate"');
    expect(html).toContain("年齢確認");
    // The page behind the gate is inert from the first byte, not only once the scripts ran.
    expect(html).toMatch(/<div id="site" inert=""/);
    for (const label of ["Top", "Shop", "Company", "Privacy Policy", "Contact", "Mail Magazine", "Log In"]) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{20,}"/);
  });
});
