import { expect, test } from "@playwright/test";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, traderSignsIn } from "./checkout-steps.ts";
import { csrfOf, fillBirthDate, placeBankOrder, restock, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// Points (issue 34 item 1, decision 089): a guest reads 「会員さまは○ポイント獲得」 on the product page;
// a member is granted 1,000 points by staff, reads 「○ポイント獲得」 there, uses 300 points at checkout on
// a phone (the summary's 「ポイント利用」 line before the total), and reads the use and the grant with
// the balance and its expiry on My Page's points page. A gold member (the trader's thresholds lowered
// for the journey, put back after) sees the gold rate's 獲得予定ポイント on the product page, in the cart
// drawer and in the checkout summary, on a phone; the order books what the summary said. Without
// JavaScript the summary's figure (after the points used) is the one the order books.

test.describe.configure({ timeout: testTime(180_000) });

const shots = process.env.POINTS_SHOTS;

test.beforeEach(async ({ page }) => asReturningShopper(page));

test("a member sees points on the product page, uses points at checkout on a phone, and reads the history on My Page", async ({ page, browser }) => {
  const products = (await (await page.request.get("/ja/api/products")).json()).data as {
    id: string;
    attributes: { price: number; price_include_tax: number };
  }[];
  const wine = products[0]!;
  const earn = Math.floor(wine.attributes.price_include_tax / 100);

  // A guest: the members' figure at the shop's base rate (1%).
  await page.goto(`/products/${wine.id}`);
  await expect(page.getByTestId("product-points")).toHaveText(`会員さまは${earn.toLocaleString("ja-JP")}ポイント獲得`);

  const email = await signUpAndSignIn(page, "points");
  const me = (await (await page.request.get("/api/users")).json()) as { id?: number; data?: { id: number } };
  const memberId = me.data?.id ?? me.id!;
  // Staff grant 1,000 points with a reason on the back office's points page.
  const trader = await traderSignsIn(browser);
  await trader.goto(`/admin/points?member=${memberId}`);
  const memberPoints = trader.getByTestId("admin-member-points");
  await expect(memberPoints).toContainText("保有ポイント：0ポイント");
  await memberPoints.getByLabel("ポイント数（減算はマイナス）").fill("1000");
  await memberPoints.getByLabel(/^理由/).fill("ご入会のお礼");
  await memberPoints.getByRole("button", { name: "付与・減算する" }).click();
  await expect(memberPoints).toContainText("保有ポイント：1,000ポイント");
  await expect(trader.getByTestId("admin-points-entry").first()).toContainText("ご入会のお礼");
  await expect(trader.getByTestId("points-liability")).toContainText("ポイント");
  if (shots) await trader.screenshot({ path: `${shots}/admin-points.png`, fullPage: true });
  await trader.context().close();

  await page.goto(`/products/${wine.id}`);
  await expect(page.getByTestId("product-points")).toHaveText(`${earn.toLocaleString("ja-JP")}ポイント獲得`);
  if (shots) await page.screenshot({ path: `${shots}/product-desktop.png` });

  // On a phone: the checkout with 300 points.
  await page.setViewportSize({ width: 390, height: 844 });
  await checkoutWith(page, { [wine.id]: 1 });
  await fillContact(page, email);
  await fillAddress(page);
  const field = page.getByTestId("points-field");
  await expect(field).toContainText("保有：1,000ポイント");
  await field.getByLabel("ポイントを使う").fill("300");
  // 300 yen with tax on 10% goods: 272 before tax, in the summary before the total.
  await expect(page.getByTestId("order-summary")).toContainText("ポイント利用");
  const base = wine.attributes.price + 1100 - 272;
  await expect(page.getByTestId("summary-total")).toHaveText(`${(base + Math.ceil(base / 10)).toLocaleString("en-US")} 円`);
  if (shots) {
    await page.getByTestId("order-summary").evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: `${shots}/checkout-phone-summary.png` });
    await field.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `${shots}/checkout-phone-field.png` });
  }
  await page.getByRole("radio", { name: "銀行振込" }).check();
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);

  // My Page: the balance, its expiry, the use and the grant with its reason.
  await page.goto("/mypage/points");
  await waitForHydration(page);
  await expect(page.getByTestId("points-balance")).toHaveText("700ポイント");
  await expect(page.getByTestId("points-expiry")).toContainText("有効期限：");
  const entries = page.getByTestId("points-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("ご注文で利用");
  await expect(entries.nth(0)).toContainText("−300");
  await expect(entries.nth(1)).toContainText("ショップからの付与（ご入会のお礼）");
  await expect(entries.nth(1)).toContainText("+1,000");
  if (shots) await page.screenshot({ path: `${shots}/mypage-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  if (shots) await page.screenshot({ path: `${shots}/mypage-desktop.png`, fullPage: true });
  // In English the expiry reads like the history's dates ("Nov 28, 2026"), not ISO.
  await page.goto("/locale/en?to=%2Fmypage%2Fpoints");
  await waitForHydration(page);
  await expect(page.getByTestId("points-expiry")).toHaveText(/^Valid until [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
});

/** The trader's ranks: シルバー and ゴールド from `silver` and `gold` yen (the server-drawn form on /admin/ranks). */
async function rankThresholds(trader: Page, silver: string, gold: string) {
  await trader.goto("/admin/ranks");
  await trader.getByTestId("rank-row-2").getByLabel(/^条件/).fill(silver);
  await trader.getByTestId("rank-row-3").getByLabel(/^条件/).fill(gold);
  await Promise.all([trader.waitForURL(/done=saved/), trader.getByTestId("ranks-save").click()]);
  await expect(trader.getByTestId("ranks-saved")).toBeVisible();
}

test("a gold member sees the gold rate's points on the product page, in the cart drawer and in the checkout summary", async ({ page, browser }) => {
  const trader = await traderSignsIn(browser);
  const ranks = (await (await trader.request.get("/admin/api/ranks")).json()).data as { position: number; threshold: number; point_rate: number }[];
  const goldRate = ranks.find((rank) => rank.position === 3)!.point_rate;
  await rankThresholds(trader, "1", "2");
  try {
    const email = await signUpAndSignIn(page, "points-gold");
    const orderId = await placeBankOrder(page, email);
    const deposited = await trader.request.post(`/admin/api/orders/${orderId}/deposit`, {
      headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
    });
    expect(deposited.status(), await deposited.text()).toBe(200);
    const rank = (await (await page.request.get("/ja/api/rank")).json()).data as { rank: { name: string }; point_rate_percent: number };
    expect(rank).toMatchObject({ rank: { name: "ゴールド" }, point_rate_percent: goldRate });

    const wine = (await (await page.request.get("/ja/api/products/1")).json()).data as { id: string; attributes: { price_include_tax: number } };
    const gold = Math.floor((wine.attributes.price_include_tax * goldRate) / 100);
    expect(gold).toBeGreaterThan(Math.floor(wine.attributes.price_include_tax / 100));
    const figure = `${gold.toLocaleString("ja-JP")}pt`;

    // On a phone: the product page's figure (the kept page's base rate, replaced by the member's own), then the drawer's.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/products/${wine.id}`);
    await waitForHydration(page);
    await expect(page.getByTestId("product-points")).toHaveText(`${gold.toLocaleString("ja-JP")}ポイント獲得`);
    await page.getByRole("button", { name: "カートに入れる" }).click();
    const drawer = page.getByTestId("cart-drawer");
    await expect(drawer.getByTestId("cart-item")).toHaveCount(1);
    await expect(drawer.getByTestId("cart-points-value")).toHaveText(figure);
    if (shots) await page.screenshot({ path: `${shots}/cart-drawer-phone.png` });

    // The checkout summary: the same figure for one bottle, no coupon and no points used; the order books it.
    await checkoutWith(page, { [wine.id]: 1 });
    await expect(page.getByTestId("checkout-points-to-earn-value")).toHaveText(figure);
    // A card (the first method) is paid as the order is confirmed; a bank transfer once it arrives.
    await expect(page.getByTestId("checkout-points-to-earn")).toContainText("ポイントはご注文の確定時に付与されます");
    if (shots) {
      await page.getByTestId("checkout-points-to-earn").evaluate((element) => element.scrollIntoView({ block: "center" }));
      await page.screenshot({ path: `${shots}/checkout-phone-points-to-earn.png` });
    }
    await fillContact(page, email);
    await fillAddress(page);
    await page.getByRole("radio", { name: "銀行振込" }).check();
    await expect(page.getByTestId("checkout-points-to-earn")).toContainText("ポイントはご入金の確認後に付与されます");
    await page.getByRole("button", { name: "購入" }).click();
    await expect(page).toHaveURL(/\/checkout\/complete$/);
    const mine = (await (await page.request.get("/api/points")).json()).data as { pending: number };
    expect(mine.pending).toBe(gold);

    // My Page's points page states the member's own (gold) rate, not the base rate.
    await page.goto("/mypage/points");
    await expect(page.getByTestId("mypage-points")).toContainText(`商品代金（税込・割引後）の${goldRate}%をポイントで還元します`);
  } finally {
    await rankThresholds(trader, "30000", "100000");
    await restock(trader, 1, 2);
    await trader.context().close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member types points with the order form: the page shows 「ポイント利用」 to confirm the new amount, then places the order", async ({
    page,
    browser,
  }) => {
    const email = await signUpAndSignIn(page, "points-nojs");
    const memberId = ((await (await page.request.get("/api/users")).json()) as { data: { id: number } }).data.id;
    // The trader's back office needs its script: their own context with JavaScript on.
    const withScript = { newContext: (options?: BrowserContextOptions) => browser.newContext({ ...options, javaScriptEnabled: true }) } as Browser;
    const trader = await traderSignsIn(withScript);
    const granted = await trader.request.post(`/admin/api/members/${memberId}/points`, {
      headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
      data: { points: "500", reason: "お詫び" },
    });
    expect(granted.status()).toBe(201);
    await trader.context().close();

    const products = (await (await page.request.get("/ja/api/products")).json()).data as { id: string }[];
    await page.goto(`/products/${products[0]!.id}`);
    await Promise.all([page.waitForURL(/\?cart=added/), page.getByRole("button", { name: "カートに入れる" }).press("Enter")]);
    await page.goto("/checkout");
    await page
      .getByLabel(/^お名前/)
      .first()
      .fill("蔵前 花子");
    await page.getByLabel(/^メールアドレス/).fill(email);
    await page
      .getByLabel(/^電話番号/)
      .first()
      .fill("03-1234-5678");
    await page.getByLabel("郵便番号").first().fill("111-0051");
    await page.getByLabel("都道府県").first().selectOption({ label: "東京都" });
    await page.getByLabel("住所", { exact: true }).first().fill("台東区蔵前3-14-7");
    await fillBirthDate(page);
    await page.getByRole("radio", { name: "銀行振込" }).check();
    await expect(page.getByTestId("points-field")).toContainText("保有：500ポイント");

    await page.getByLabel("ポイントを使う").fill("200");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "購入" }).click()]);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("order-summary")).toContainText("ポイント利用");
    await expect(page.getByTestId("confirm-amount")).toContainText(await page.getByTestId("summary-total").innerText());
    // 獲得予定ポイント after the 200 points used: the figure the order books.
    const shown = Number((await page.getByTestId("checkout-points-to-earn-value").innerText()).replace(/[^0-9]/g, ""));
    expect(shown).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/\/checkout\/complete$/), page.getByRole("button", { name: "購入" }).click()]);
    const mine = (await (await page.request.get("/api/points")).json()).data as { balance: number; pending: number };
    expect(mine.balance).toBe(300);
    expect(mine.pending).toBe(shown);
  });
});
