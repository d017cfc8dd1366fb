import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { deliveryWindow } from "../../src/domain/delivery-calendar.ts";
import { deliveryCalendarSchema } from "../../src/domain/delivery-calendar-schema.ts";
import { japanDateTimeOf } from "../../src/domain/japan-time.ts";
import { defaultShippingTable, transitDaysTo } from "../../src/domain/shipping-table.ts";
import { isJapaneseHoliday } from "../../src/server/checkout/delivery-calendar.ts";
import { ADULT_BIRTH_DATE, asConfirmedAdult, csrfOf, SHOP_NAME_JA, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// The purchase history (/mypage/orders) and the page after a placed order (/checkout/complete), as
// a new member sees them. Orders are placed through POST /api/checkout with bank transfer or cash on
// delivery, the methods that need no card.

test.describe.configure({ timeout: testTime(120_000) });

interface OrderWish {
  payment_method: "bank" | "cod";
  items: { id: number; amount: number }[];
  desired_delivery_date?: string;
  desired_delivery_timezone?: string;
  building_name?: string;
}

let keys = 0;
async function placeOrder(page: Page, wish: OrderWish): Promise<string> {
  const response = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": `orders-e2e-${Date.now()}-${keys++}-${Math.random()}` },
    data: {
      items: wish.items,
      payment_method: wish.payment_method,
      name: "蔵前 太郎",
      email: "taro@example.com",
      phone: "03-1234-5678",
      // Tokyo (13); the history writes the prefecture in front of the rest of the address.
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: wish.building_name ?? "" },
      desired_delivery_date: wish.desired_delivery_date ?? "",
      desired_delivery_timezone: wish.desired_delivery_timezone ?? "",
      memo: "",
      birth_date: ADULT_BIRTH_DATE,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { require_action: boolean; order_id: string };
  expect(body.require_action).toBe(false);
  return body.order_id;
}

/**
 * A date a delivery to Tokyo may be wished for, as the API takes it (yyyy-MM-dd) and as the card
 * shows it (yyyy/MM/dd). Taken from the shop's own window rule with the demo shop's calendar (no
 * fixed "n days from today": after the cut-off on a Friday the first date is four days away), and
 * from the middle of the window, so the cut-off or midnight passing between here and the server's
 * check cannot move it out.
 */
function wishableDate(): { iso: string; shown: string } {
  const days = { ...deliveryCalendarSchema.parse({}), closedDates: [], isHoliday: isJapaneseHoliday };
  const window = deliveryWindow(japanDateTimeOf(new Date()), days, transitDaysTo(13, defaultShippingTable()));
  expect(window.length, "the demo shop offers delivery dates to Tokyo").toBeGreaterThan(2);
  const iso = window[Math.floor(window.length / 2)]!;
  return { iso, shown: iso.replaceAll("-", "/") };
}

function japanDateTime(instant: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Tokyo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`;
}

const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;

async function openHistory(page: Page): Promise<void> {
  await page.goto("/mypage/orders");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "購入履歴" })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
});

test("the complete page says the order is confirmed, that a mail is on its way, and links to the top", async ({ page }) => {
  await page.goto("/checkout/complete");
  await waitForHydration(page);
  await expect(page).toHaveTitle(SHOP_NAME_JA);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1, name: "注文が確定されました。" })).toBeVisible();
  await expect(page.getByText("ご注文の詳細をメールでお送りしました。メールが届くまでに数分かかる場合があります。")).toBeVisible();
  // A guest has no purchase history to go to.
  await expect(page.getByRole("link", { name: "購入履歴を見る" })).toHaveCount(0);
  await page.getByRole("link", { name: "トップページへ戻る" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a visitor who is not signed in is sent to log in first", async ({ page }) => {
  await page.goto("/mypage/orders");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmypage%2Forders/);
});

test("a new member has no purchase history; placed orders then show with every detail", async ({ page }) => {
  await signUpAndSignIn(page, "orders");
  await openHistory(page);
  await expect(page.getByText("購入履歴はありません")).toBeVisible();
  await expect(page.getByTestId("order-card")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "マイページメニュー" }).getByRole("link", { name: "購入履歴" })).toHaveAttribute("aria-current", "page");

  // A bank transfer for two bottles of one wine and one of another, with a date, band and building.
  const wish = wishableDate();
  await placeOrder(page, {
    payment_method: "bank",
    items: [
      { id: 1, amount: 2 },
      { id: 3, amount: 1 },
    ],
    desired_delivery_date: wish.iso,
    desired_delivery_timezone: "14-16",
    building_name: "蔵前マンション 401号室",
  });
  // Cash on delivery with no wishes: the card says so.
  await placeOrder(page, { payment_method: "cod", items: [{ id: 5, amount: 1 }] });

  const listed = (await (await page.request.get("/ja/api/orders?page=1")).json()) as {
    data: { id: string; attributes: { created_at: string; payment_method: string; price: number } }[];
  };
  expect(listed.data.map((order) => order.attributes.payment_method)).toEqual(["cod", "bank"]);
  const bankOrder = listed.data[1]!;

  // Here the page comes back after checkout: the complete page links to the history for members.
  await page.goto("/checkout/complete");
  await waitForHydration(page);
  await page.getByRole("link", { name: "購入履歴を見る" }).click();
  await expect(page).toHaveURL(/\/mypage\/orders$/);

  const list = page.getByRole("list", { name: "ご注文の一覧" });
  await expect(list).toHaveAttribute("aria-busy", "false");
  const cards = list.getByTestId("order-card");
  await expect(cards).toHaveCount(2);
  await expect(page.getByText("購入履歴はありません")).toHaveCount(0);

  // Newest first: cash on delivery, then the bank transfer.
  const cod = cards.nth(0);
  await expect(cod.getByRole("heading", { level: 2 })).toHaveText(/^ご注文日時 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  await expect(cod).toContainText("入金待ち");
  await expect(cod.getByTestId("order-number")).toHaveText(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await expect(cod).toContainText("代金引換");
  await expect(cod).toContainText("(日指定なし) (時間指定なし)");
  await expect(cod).toContainText("代引き手数料(税抜)" + "440 円");
  // 2,860 + shipping 1,100 + cod fee 440 = 4,400; tax 440.
  await expect(cod).toContainText("お支払い金額(税込)" + yen(4840));

  const bank = cards.nth(1);
  await expect(bank.getByRole("heading", { level: 2 })).toHaveText(`ご注文日時 ${japanDateTime(bankOrder.attributes.created_at)}`);
  const badge = bank.getByText("入金待ち");
  await expect(badge).toBeVisible();
  // The awaiting-payment badge is grey.
  await expect(badge).toHaveCSS("background-color", "rgb(107, 100, 96)");
  await expect(bank).toContainText("お支払い方法銀行振込");
  // 4,200 x 2 + 2,480 = 10,880; + shipping 1,100 = 11,980; tax rounded up 1,198; total 13,178.
  await expect(bank).toContainText("お支払い金額(税込)" + yen(13178));
  expect(bankOrder.attributes.price).toBe(13178);
  await expect(bank).toContainText("配送伝票番号(未発行)");
  await expect(bank).toContainText(`お届け希望日時${wish.shown} 14-16時`);
  await expect(bank).toContainText("お届け先〒111-0051 東京都台東区蔵前1-2-3 蔵前マンション 401号室");

  const items = bank.getByRole("list", { name: "ご注文商品" }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("シャトー・ラ・クロワ ボルドー 2019 750ml");
  await expect(items.nth(0)).toContainText("4,200 円(税抜) x 2");
  await expect(items.nth(0)).toContainText("小計 8,400 円");
  await expect(items.nth(0).locator("img")).toHaveAttribute("src", /^\/images\/\d+\//);
  await expect(items.nth(1)).toContainText("バジェ・アルト マルベック 2022 750ml");
  await expect(items.nth(1)).toContainText("2,480 円(税抜) x 1");
  await expect(bank).toContainText("送料(税抜)1,100 円");
  await expect(bank).toContainText("消費税1,198 円");
  await expect(bank).not.toContainText("代引き手数料");

  // In English the same card speaks English.
  await page.goto("/locale/en?to=/mypage/orders");
  await waitForHydration(page);
  const english = page.getByTestId("order-card").nth(1);
  await expect(english).toContainText("Awaiting payment");
  await expect(english).toContainText("Bank transfer");
  await expect(english).toContainText("Amount paid (incl. tax)13,178 JPY");
  await expect(english).toContainText("(not issued yet)");
});

/** Two animation frames: whatever the page started before now has rendered (React commits before painting). */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Scrolls and waits for the page to have handled that scroll event and rendered what it started:
 * the page's own listener was added first, so it has run when ours does.
 */
async function afterScrollHandled(page: Page, scroll: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { scrollHandled: Promise<void> }).scrollHandled = new Promise<void>((resolve) =>
      window.addEventListener("scroll", () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true }),
    );
  });
  await scroll();
  await page.evaluate(() => (window as unknown as { scrollHandled: Promise<void> }).scrollHandled);
}

test("the history shows the first page, and scrolling near the bottom appends the next one", async ({ page }) => {
  await signUpAndSignIn(page, "orders");
  const products = [5, 9, 11, 15, 20, 23, 24, 25];
  for (let i = 0; i < 12; i++) {
    await placeOrder(page, { payment_method: i % 2 ? "cod" : "bank", items: [{ id: products[i % products.length]!, amount: 1 }] });
  }
  const first = (await (await page.request.get("/ja/api/orders?page=1")).json()) as {
    data: unknown[];
    meta: { pagination: { current_page: number; total_page: number } };
  };
  expect(first.meta.pagination).toEqual({ current_page: 1, total_page: 2 });
  const perPage = first.data.length;
  expect(perPage).toBeLessThan(12);

  const pages: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith("/api/orders")) pages.push(url.searchParams.get("page") ?? "");
  });
  await openHistory(page);
  const cards = page.getByTestId("order-card");
  await expect(cards).toHaveCount(perPage);
  const list = page.getByRole("list", { name: "ご注文の一覧" });
  // No load beyond page 1 until the member scrolls: page 1 has settled and rendered, and nothing
  // else was started (a load would mark the list busy at once).
  await expect(list).toHaveAttribute("aria-busy", "false");
  await nextFrames(page);
  await expect(list).toHaveAttribute("aria-busy", "false");
  expect(pages).not.toContain("2");
  await expect(cards).toHaveCount(perPage);

  // 300 px above the bottom is not near enough (250 px); 200 px is.
  const scrollToFromBottom = (distance: number) =>
    page.evaluate((d) => window.scrollTo(0, document.documentElement.scrollHeight - window.innerHeight - d), distance);
  await afterScrollHandled(page, () => scrollToFromBottom(300));
  await expect(list).toHaveAttribute("aria-busy", "false");
  expect(pages).not.toContain("2");
  await scrollToFromBottom(200);
  await expect(cards).toHaveCount(12);
  expect(pages.filter((p) => p === "2")).toHaveLength(1);
  const ids = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-order-id")));
  expect(new Set(ids).size).toBe(12);

  // The last page reached: scrolling again asks for nothing more.
  await page.mouse.wheel(0, -500);
  await page.mouse.wheel(0, 100_000);
  // The wheel has taken the page to the bottom (where a next page would load) and it has rendered since.
  await page.waitForFunction(() => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1);
  await nextFrames(page);
  await expect(list).toHaveAttribute("aria-busy", "false");
  expect(pages).not.toContain("3");
});
