import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, traderSignsIn } from "./checkout-steps.ts";
import { signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// Issue #18's gift journey: a member sends 御歳暮 with 名入れ, wrapping and a message card (the
// summary shows the wrapping fee at once), the trader sees the packing instructions on the order
// page and ships with a carrier and a slip number, and the member's order card links to the
// carrier's tracking page.

test.describe.configure({ timeout: testTime(180_000) });

const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;

test.beforeEach(async ({ page }) => asReturningShopper(page));

test("a member sends 御歳暮 with 名入れ, wrapping and a card; the trader packs and ships it; the card links to tracking", async ({ page, browser }) => {
  await signUpAndSignIn(page, "gift");
  const products = (await (await page.request.get("/ja/api/products")).json()).data as { id: string; attributes: { price: number } }[];
  const wine = products[0]!;
  await checkoutWith(page, { [wine.id]: 1 });
  // Name, phone and the order form's date of birth; the address from its postcode (東京都).
  await fillContact(page);
  await fillAddress(page);
  await expect(page.getByLabel("都道府県")).toHaveValue("13");

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
