import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { ADULT_BIRTH_DATE, asConfirmedAdult, csrfOf, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// Phone ergonomics at 390 px (issue 20): the cart button covers nothing a shopper reads or taps,
// the /shop filters open as a sheet that counts what it shows, and My Page puts its content first.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 120_000 });

/** What must never be under the cart button: titles, prices, buttons, links, notices, order cards' text. */
const READABLE = "main :is(h1, h2, h3, p, dt, dd, th, td, li, label, a, button, [data-testid=final-confirmation], [data-testid=order-card] *)";

/**
 * Scrolls through the page a window at a time and, at every stop, measures each readable element
 * against the cart button. The part of an element scrolled under the sticky header is not on
 * screen, so only the part below the header counts. Answers what was covered and how many
 * element positions were looked at (so a page with nothing to check cannot pass by accident).
 */
async function coveredByCartButton(page: Page): Promise<{ covered: string[]; checked: number }> {
  return page.evaluate(async (selector) => {
    const button = document.querySelector<HTMLElement>("[data-testid=cart-button]");
    if (!button) return { covered: ["no cart button"], checked: 0 };
    const covered = new Set<string>();
    let checked = 0;
    const stops = Math.ceil(document.documentElement.scrollHeight / window.innerHeight) + 1;
    for (let stop = 0; stop < stops; stop += 1) {
      window.scrollTo(0, stop * window.innerHeight * 0.8);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const cart = button.getBoundingClientRect();
      const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        if (element === button || button.contains(element) || element.closest("dialog")) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === "hidden") continue;
        const top = Math.max(box.top, headerBottom);
        if (top >= box.bottom || box.bottom < 0 || box.top > window.innerHeight) continue;
        checked += 1;
        const overlaps = box.left < cart.right && box.right > cart.left && top < cart.bottom && box.bottom > cart.top;
        if (overlaps) covered.add(`${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`);
      }
    }
    return { covered: [...covered], checked };
  }, READABLE);
}

async function expectNothingCovered(page: Page): Promise<void> {
  const { covered, checked } = await coveredByCartButton(page);
  expect(checked).toBeGreaterThan(10);
  expect(covered).toEqual([]);
}

async function putInCart(page: Page, amounts: Record<string, number>): Promise<void> {
  await page.goto("/");
  const put = await page.request.put("/api/carts", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { cart: { cart_product_ids: amounts } },
  });
  expect(put.ok()).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
});

test("the cart button covers no title, price or button on the shop, a product and checkout, in both languages", async ({ page }) => {
  await putInCart(page, { "1": 1, "2": 2 });
  for (const locale of ["ja", "en"]) {
    await page.goto(`/locale/${locale}?to=/`);
    for (const path of ["/", "/shop", "/products/1", "/checkout", "/company", "/inquiry"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByTestId("cart-button")).toBeVisible();
      if (path === "/checkout") await expect(page.getByTestId("final-confirmation")).toBeVisible();
      await test.step(`${locale} ${path}`, () => expectNothingCovered(page));
    }
  }
});

test("the cart button covers no order card's text in the purchase history", async ({ page }) => {
  await signUpAndSignIn(page, "phone");
  await page.goto("/");
  const order = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": `phone-layout-${Date.now()}-${Math.random()}` },
    data: {
      items: [{ id: 1, amount: 1 }],
      payment_method: "bank",
      name: "蔵前 太郎",
      email: "taro@example.com",
      phone: "03-1234-5678",
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "" },
      desired_delivery_date: "",
      desired_delivery_timezone: "",
      memo: "",
      birth_date: ADULT_BIRTH_DATE,
    },
  });
  expect(order.status(), await order.text()).toBe(200);
  await page.goto("/mypage/orders");
  await waitForHydration(page);
  await expect(page.getByTestId("order-card")).toHaveCount(1);
  await expectNothingCovered(page);
});

test("on a phone /shop's filters open as a sheet that counts the active filters and shows the results", async ({ page }) => {
  await page.goto("/shop");
  await waitForHydration(page);
  const toggle = page.getByTestId("filters-toggle");
  await expect(toggle).toHaveText("絞り込み");
  await toggle.click();
  const sheet = page.locator("form[data-open=true]");
  await expect(sheet).toBeVisible();
  // A sheet: it reaches the bottom of the window and spans its width.
  const box = (await sheet.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(844);
  expect(Math.round(box.width)).toBe(390);

  await sheet.getByRole("radio", { name: "在庫あり" }).check();
  const showResults = page.getByTestId("filters-show-results");
  await expect(page).toHaveURL(/unsold=1/);
  const shown = await page.getByTestId("product-tile").count();
  await expect(showResults).toHaveText(`${shown}件を表示`);
  await expect(page.getByTestId("filters-active-count")).toContainText("1");
  await showResults.click();
  await expect(sheet).toHaveCount(0);
  await expect(toggle).toHaveAccessibleName(/絞り込み.*1件の条件/);
});

test("on a phone My Page shows its section first and folds the menu into one line", async ({ page }) => {
  await signUpAndSignIn(page, "phonemenu");
  await page.goto("/mypage/orders");
  await waitForHydration(page);
  const heading = page.getByRole("heading", { level: 1, name: "購入履歴" });
  await expect(heading).toBeInViewport();
  const menu = page.getByRole("navigation", { name: "マイページメニュー" });
  await expect(menu.getByRole("link", { name: "お届け先住所" })).toBeHidden();
  const toggle = page.getByTestId("mypage-menu-toggle");
  await expect(toggle).toContainText("購入履歴");
  // The section's heading starts within the first fifth of the screen (the menu takes one line).
  expect((await heading.boundingBox())!.y).toBeLessThan(844 / 5 + 100);
  await toggle.click();
  await menu.getByRole("link", { name: "お届け先住所" }).click();
  await expect(page).toHaveURL(/\/mypage\/address$/);
  await expect(toggle).toContainText("お届け先住所");
  await expect(menu.getByRole("link", { name: "購入履歴" })).toBeHidden();
});

/**
 * Lays out every heading and product name on the page and reads where each line starts: answers
 * the lines that start with a character Japanese typesetting keeps off a line's start, and the
 * headings whose last line is a single character.
 */
async function japaneseLineFaults(page: Page): Promise<{ faults: string[]; lines: number }> {
  return page.evaluate(() => {
    const forbiddenStart = /^[ーュャョッァィゥェォ。、」』）)・]/u;
    const faults: string[] = [];
    let lines = 0;
    for (const element of document.querySelectorAll<HTMLElement>("main :is(h1, h2, h3, .phrase-wrap)")) {
      if (element.closest(".visually-hidden") || element.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const characters: { char: string; top: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getBoundingClientRect();
          if (rect.width > 0 && text[index]!.trim()) characters.push({ char: text[index]!, top: Math.round(rect.top) });
        }
      }
      const starts = characters.map((character, index) => (index === 0 || character.top > characters[index - 1]!.top + 2 ? index : -1)).filter((index) => index >= 0);
      lines += starts.length;
      for (const start of starts.slice(1)) {
        if (forbiddenStart.test(characters[start]!.char)) faults.push(`line starts with ${characters[start]!.char}: ${element.textContent}`);
      }
      const lastStart = starts.at(-1) ?? 0;
      if (starts.length > 1 && characters.length - lastStart === 1) faults.push(`single character on the last line: ${element.textContent}`);
    }
    return { faults, lines };
  });
}

test("on a phone headings and product names keep Japanese line-breaking rules; phone numbers and addresses never split", async ({ page }) => {
  for (const path of ["/", "/shop", "/products", "/products/1", "/products/5", "/products/12", "/company", "/inquiry", "/specified-commercial-transaction-act-notes"]) {
    await page.goto(path);
    await waitForHydration(page);
    const { faults, lines } = await japaneseLineFaults(page);
    expect(lines, path).toBeGreaterThan(0);
    expect(faults, path).toEqual([]);
  }
  for (const path of ["/company", "/inquiry", "/specified-commercial-transaction-act-notes"]) {
    await page.goto(path);
    const links = page.locator('main a[href^="tel:"], main a[href^="mailto:"]');
    expect(await links.count(), path).toBeGreaterThan(0);
    for (const link of await links.all()) {
      expect(await link.evaluate((element) => element.getClientRects().length), `${path} ${await link.textContent()}`).toBe(1);
    }
  }
});
