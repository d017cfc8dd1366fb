import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, fillAddress, fillContact } from "./checkout-steps.ts";
import { waitForHydration, withMailbox } from "./fixtures.ts";
import { expectJapaneseLinesKept, expectNothingCovered, expectPricesLabelled, unlabelledPrices } from "./page-checks.ts";

// Issue 20's acceptance, as a new shopper tries it on a phone (the phone project) and on a desktop
// (the desktop project), in Japanese and in English: search ｳｲｽｷｰ in the header, open a bottle,
// read its specification, pick 2 with the selector, check out as a guest and read the order number
// on the complete page and in the mail. On every screen on the way: nothing under the cart button,
// no Japanese line starting with a character kept off a line's start, and no price without 税込/税抜.

test.describe.configure({ timeout: testTime(180_000) });

interface Words {
  resultsFor: string;
  specTitle: string;
  volume: (ml: number) => string;
  alcohol: (percent: number) => string;
  quantity: string;
  addToCart: string;
  purchase: string;
  bank: string;
  submit: string;
  completeTitle: string;
  yen: (amount: number) => string;
}

const WORDS: Record<"ja" | "en", Words> = {
  ja: {
    resultsFor: "「ウイスキー」の検索結果",
    specTitle: "商品の仕様",
    volume: (ml) => `${ml}ml`,
    alcohol: (percent) => `${percent}%`,
    quantity: "数量",
    addToCart: "カートに入れる",
    purchase: "購入手続きへ",
    bank: "銀行振込",
    submit: "購入",
    completeTitle: "注文が確定されました。",
    yen: (amount) => `${amount.toLocaleString("en-US")} 円`,
  },
  en: {
    resultsFor: "Results for “ウイスキー”",
    specTitle: "Specification",
    volume: (ml) => `${ml} ml`,
    alcohol: (percent) => `${percent}% ABV`,
    quantity: "Quantity",
    addToCart: "Add to cart",
    purchase: "Proceed to checkout",
    bank: "Bank transfer",
    submit: "Place order",
    completeTitle: "Your order has been placed.",
    yen: (amount) => `${amount.toLocaleString("en-US")} JPY`,
  },
};

/** The three checks of every screen of the journey. */
async function expectScreenReadable(page: Page, screen: string, { prices = true } = {}): Promise<void> {
  await test.step(`${screen}: nothing under the cart button`, () => expectNothingCovered(page));
  await test.step(`${screen}: Japanese line starts`, () => expectJapaneseLinesKept(page));
  if (prices) await test.step(`${screen}: every price labelled`, () => expectPricesLabelled(page));
}

interface Specification {
  origin_country: string;
  origin_region: string;
  producer: string;
  volume_ml: number;
  alcohol_percent: number;
  liquor_category_label: string;
}

const ORDER_NUMBER = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

for (const locale of ["ja", "en"] as const) {
  test(`${locale}: search ｳｲｽｷｰ, read a bottle's specification, buy 2 as a guest and read the order number on the page and in the mail`, async ({
    page,
    request,
  }) => {
    const words = WORDS[locale];
    await asReturningShopper(page);
    // The bottle the journey buys: the first whisky in stock that one shopper may buy two of.
    const whiskies = (await (await request.get(`/${locale}/api/products?q=${encodeURIComponent("ウイスキー")}`)).json()).data as {
      id: string;
      attributes: { name: string; sold_out: boolean; buyable_limit: number | null; price: number; price_include_tax: number; specification: Specification };
    }[];
    const bottle = whiskies.find((each) => !each.attributes.sold_out && (each.attributes.buyable_limit ?? 2) >= 2)!;
    expect(bottle).toBeDefined();

    await page.goto(`/locale/${locale}?to=/`);
    await waitForHydration(page);
    const search = page.getByRole("search").getByRole("searchbox");
    await search.fill("ｳｲｽｷｰ");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/shop\?q=/);
    await expect(page.getByTestId("search-for")).toHaveText(words.resultsFor);
    const grid = page.getByTestId("product-grid");
    await expect(grid.getByRole("heading", { level: 3 })).toHaveText(whiskies.map((each) => each.attributes.name));
    await expectScreenReadable(page, "search results");

    await grid.getByRole("link", { name: bottle.attributes.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/products/${bottle.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(bottle.attributes.name);
    await waitForHydration(page);
    const specification = page.getByTestId("product-specification");
    await expect(page.getByRole("heading", { level: 2, name: words.specTitle })).toBeVisible();
    const facts = bottle.attributes.specification;
    const rows = {
      category: facts.liquor_category_label,
      origin: `${facts.origin_country} / ${facts.origin_region}`,
      producer: facts.producer,
      volume: words.volume(facts.volume_ml),
      alcohol: words.alcohol(facts.alcohol_percent),
    };
    for (const [row, value] of Object.entries(rows)) {
      await expect(specification.locator(`[data-spec="${row}"] td`), row).toHaveText(value);
    }
    await expectScreenReadable(page, "product page");

    await page.getByLabel(words.quantity, { exact: true }).selectOption("2");
    await page.getByRole("button", { name: words.addToCart }).click();
    const drawer = page.getByTestId("cart-drawer");
    await expect(drawer.getByTestId("cart-item")).toHaveCount(1);
    await expect(drawer.getByRole("textbox")).toHaveValue("2");
    await expect(drawer.getByTestId("cart-total")).toHaveText(words.yen(bottle.attributes.price_include_tax * 2));
    await test.step("drawer: every price labelled", () => expectPricesLabelled(page, "dialog[open]"));

    await drawer.getByRole("button", { name: words.purchase }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForHydration(page);
    const summary = page.getByTestId("order-summary");
    await expect(summary.getByTestId("summary-item")).toHaveCount(1);
    await expect(summary.getByTestId("summary-item").getByRole("cell")).toHaveText([
      words.yen(bottle.attributes.price),
      "2",
      words.yen(bottle.attributes.price * 2),
    ]);
    const email = `acceptance-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    // The shared steps: name, e-mail, phone and the date of birth (fillBirthDate), then the address.
    await fillContact(page, email);
    await fillAddress(page);
    await page.getByRole("radio", { name: words.bank, exact: true }).check();
    await expect(page.getByTestId("final-confirmation")).toBeVisible();
    // The tax-included amount to pay comes first, above the spec's lines before tax.
    const total = (await page.getByTestId("summary-total").textContent())!;
    await expect(page.getByTestId("summary-amount-to-pay")).toContainText(total);
    await expectScreenReadable(page, "checkout");

    await page.getByRole("button", { name: words.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/checkout\/complete$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.completeTitle);
    const orderNumber = page.getByTestId("order-number");
    await expect(orderNumber).toHaveText(ORDER_NUMBER);
    const number = (await orderNumber.textContent())!;
    await expectScreenReadable(page, "complete page", { prices: false });

    await withMailbox(page, async (mailbox) => {
      await expect
        .poll(
          async () => {
            await mailbox.goto("/dev/mailbox");
            return mailbox.getByRole("row", { name: email }).count();
          },
          { timeout: testTime(60_000) },
        )
        .toBe(1);
      await mailbox.getByRole("row", { name: email }).getByRole("link").click();
      await expect(mailbox.getByRole("heading", { level: 1 })).toContainText(number);
      const text = (await mailbox.locator("pre").textContent())!;
      expect(text).toContain(number);
      // The text mail: every line with an amount says 税込/税抜 (the tax lines are the tax itself).
      const unlabelledLines = text
        .split("\n")
        .filter((line) => /\d(?:,\d{3})*\s?(?:円|JPY)/.test(line) && !/税込|税抜|incl\. tax|excl\. tax|消費税|Consumption tax/.test(line));
      expect(unlabelledLines).toEqual([]);
      // The order number and the tax-included amount come before the lines before tax.
      const firstAmount = text.split("\n").find((line) => /\d(?:,\d{3})*\s?(?:円|JPY)/.test(line))!;
      expect(firstAmount).toMatch(/税込|incl\. tax/);
      expect(text.indexOf(number)).toBeLessThan(text.indexOf(firstAmount));
      // The HTML mail the same way.
      const html = mailbox.frameLocator("iframe").locator("body");
      await expect(html).toContainText(number);
      const frame = mailbox.frames().find((each) => each !== mailbox.mainFrame())!;
      const { unlabelled, amounts } = await unlabelledPrices(frame, "body");
      expect(amounts).toBeGreaterThan(3);
      expect(unlabelled).toEqual([]);
    });
  });
}
