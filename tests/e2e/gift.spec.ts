import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { asConfirmedAdult, csrfOf, E2E_OWNER as OWNER, fillBirthDate, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// Issue #18's gift journey: a member sends 御歳暮 with 名入れ, wrapping and a message card (the
// summary shows the wrapping fee at once), the trader sees the packing instructions on the order
// page and ships with a carrier and a slip number, and the member's order card links to the
// carrier's tracking page.

test.describe.configure({ timeout: 180_000 });

const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;

async function traderSignsIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(OWNER.email);
  await page.getByLabel("パスワード").fill(OWNER.password);
  await page.getByRole("button", { name: "サインイン" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  return page;
}

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
});

test("a member sends 御歳暮 with 名入れ, wrapping and a card; the trader packs and ships it; the card links to tracking", async ({ page, browser }) => {
  await signUpAndSignIn(page, "gift");
  const products = (await (await page.request.get("/ja/api/products")).json()).data as { id: string; attributes: { price: number } }[];
  const wine = products[0]!;
  const put = await page.request.put("/api/carts", { headers: { "x-csrf-token": await csrfOf(page) }, data: { cart: { cart_product_ids: { [wine.id]: 1 } } } });
  expect(put.ok()).toBe(true);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByTestId("order-summary")).toBeVisible();

  await page.getByLabel("お名前").fill("蔵前 花子");
  await page.getByLabel("電話番号").fill("03-1234-5678");
  await page.getByLabel("郵便番号").fill("1000001");
  const address = page.getByLabel("住所", { exact: true });
  await expect(address).toHaveValue("千代田区千代田");
  await address.fill("千代田区千代田1-1");
  await page.getByLabel("都道府県").selectOption({ label: "東京都" });

  // ギフト設定 is closed until opened, as Japanese shops show it.
  const gift = page.getByTestId("gift-section");
  await expect(gift.getByLabel("のしを付ける")).toBeHidden();
  await gift.getByText("ギフト設定").click();
  await gift.getByLabel("のしを付ける").check();
  await gift.getByLabel("表書き").selectOption("御歳暮");
  await gift.getByLabel("名入れ(贈り主のお名前)").fill("山田");
  await expect(gift.getByRole("radio", { name: "外のし(包装の上に掛ける)" })).toBeChecked();
  await expect(page.getByTestId("summary-charge-gift_wrapping")).toHaveCount(0);
  await gift.getByLabel("ギフトラッピングをする").check();
  // The fee is its charge line in the summary at once: 330 before tax, taxed with the rest.
  await expect(page.getByTestId("summary-charge-gift_wrapping")).toHaveText(yen(330));
  const taxBase = wine.attributes.price + 1100 + 330;
  await expect(page.getByTestId("summary-total")).toHaveText(yen(taxBase + Math.ceil(taxBase / 10)));
  await gift.getByLabel("メッセージカードを添える").check();
  await gift.getByRole("textbox", { name: "メッセージ", exact: true }).fill("いつもありがとうございます。\n来年もよろしくお願いいたします。");

  await page.getByRole("radio", { name: "代金引換" }).check();
  // The order form asks the buyer's date of birth (decision 036).
  await fillBirthDate(page);
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  const orders = (await (await page.request.get("/ja/api/orders")).json()).data as { id: string }[];
  const orderId = orders[0]!.id;

  // The trader sees the packing instructions and ships with 佐川急便.
  const trader = await traderSignsIn(browser);
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  const instructions = trader.getByTestId("order-gift");
  await expect(instructions).toContainText("のし:御歳暮/名入れ:山田/外のし・ラッピング/カード");
  await expect(instructions).toContainText("いつもありがとうございます。");
  await expect(trader.getByTestId("order-charge-gift_wrapping")).toContainText("ギフトラッピング料");
  await expect(trader.getByTestId("order-charge-gift_wrapping")).toContainText(yen(330));
  const actions = trader.getByTestId("order-actions");
  await expect(actions.getByLabel("配送業者")).toHaveValue("yamato");
  await actions.getByLabel("配送業者").selectOption({ label: "佐川急便" });
  await actions.getByLabel("配送伝票番号").fill("5125-4751-4334");
  await actions.getByRole("button", { name: "発送済みにする" }).click();
  await expect(trader.getByTestId("order-status")).toContainText("発送済み");
  await expect(trader.getByTestId("order-slip-number")).toContainText("佐川急便 5125-4751-4334");
  await trader.context().close();

  // The member's order card: the gift as chosen, and the carrier's tracking page for the slip.
  await page.goto("/mypage/orders");
  await waitForHydration(page);
  const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await expect(card).toContainText("御歳暮(外のし)");
  await expect(card).toContainText("山田");
  await expect(card).toContainText("ギフトラッピング料");
  await expect(card).toContainText("5125-4751-4334(佐川急便)");
  const track = card.getByRole("link", { name: "配送状況を確認する" });
  await expect(track).toHaveAttribute("href", "https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=512547514334");
  await expect(track).toHaveAttribute("target", "_blank");
});
