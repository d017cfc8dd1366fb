import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, product } from "./checkout-steps.ts";
import { ADULT_BIRTH_DATE, waitForHydration } from "./fixtures.ts";

// Issue #28 item 9 (decision 053): a guest who comes back from PayPay's approval page (cancelled),
// from a failed 3-D Secure challenge, or reloads the page finds everything typed still there — contact,
// address, date of birth, recipient, delivery wish, memo and the gift choices — and repeats only the
// payment step. The card is never kept; the kept form is gone once an order is placed.

test.describe.configure({ timeout: 150_000 });
test.beforeEach(async ({ page }) => asReturningShopper(page));

const CARD_3DS = "4000 0027 6000 3184";

function guestEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** What the form holds: text, selects and dates by value, boxes and radios by whether they are on. */
type Kept = { field: Locator; value: string } | { field: Locator; checked: true };

/** Fills every part of the order form but the payment, and says what each field must hold afterwards. */
async function fillEverything(page: Page, email: string): Promise<Kept[]> {
  await fillContact(page, email);
  await fillAddress(page);
  await page
    .getByLabel(/^建物名/)
    .first()
    .fill("蔵前ハイツ101");

  const delivery = page.getByTestId("delivery-choice");
  await delivery.getByRole("radio", { name: "別の住所に送る" }).check();
  await delivery.getByLabel("お届け先のお名前").fill("比嘉 ツル");
  await delivery.getByLabel("お届け先のフリガナ").fill("ヒガ ツル");
  await delivery.getByLabel("お届け先の電話番号").fill("098-867-1234");
  await delivery.getByLabel("郵便番号").fill("9000021");
  const recipientAddress = delivery.getByLabel("住所", { exact: true });
  await expect(recipientAddress).toHaveValue("那覇市泉崎");
  await recipientAddress.fill("那覇市泉崎1-2-3");
  await delivery.getByLabel(/^建物名/).fill("泉崎ハイツ201");

  const date = page.getByLabel("お届け希望日");
  await date.selectOption({ index: 2 });
  await page.getByLabel("お届け希望時間帯").selectOption({ index: 2 });
  await page.getByRole("textbox", { name: /^備考/ }).fill("不在時は宅配ボックスへ");

  const gift = page.getByTestId("gift-section");
  await gift.getByText("ギフト設定", { exact: true }).click();
  await gift.getByLabel("のしを付ける").check();
  await gift.getByLabel("表書き").selectOption("御歳暮");
  await gift.getByLabel("名入れ(贈り主のお名前)").fill("蔵前");
  await gift.getByRole("radio", { name: "内のし(包装の内側に掛ける)" }).check();
  await gift.getByLabel("ギフトラッピングをする").check();
  await gift.getByLabel("メッセージカードを添える").check();
  await gift.getByRole("textbox", { name: "メッセージ", exact: true }).fill("いつもありがとうございます。\n来年もよろしくお願いいたします。");
  await gift.getByLabel("納品書に金額を記載しない").check();

  const valueOf = async (field: Locator): Promise<Kept> => ({ field, value: await field.inputValue() });
  const kept: Kept[] = [
    await valueOf(page.getByLabel(/^お名前/).first()),
    await valueOf(page.getByLabel(/^メールアドレス/)),
    await valueOf(page.getByLabel(/^電話番号/).first()),
    { field: page.getByLabel(/^生年月日/), value: ADULT_BIRTH_DATE },
    await valueOf(page.getByLabel(/^郵便番号/).first()),
    await valueOf(page.getByLabel(/^都道府県/).first()),
    { field: page.getByLabel(/^住所( 必須)?$/).first(), value: "千代田区千代田1-1" },
    { field: page.getByLabel(/^建物名/).first(), value: "蔵前ハイツ101" },
    { field: delivery.getByRole("radio", { name: "別の住所に送る" }), checked: true },
    { field: delivery.getByLabel("お届け先のお名前"), value: "比嘉 ツル" },
    await valueOf(delivery.getByLabel("お届け先のフリガナ")),
    { field: delivery.getByLabel("お届け先の電話番号"), value: "098-867-1234" },
    await valueOf(delivery.getByLabel("郵便番号")),
    { field: delivery.getByLabel("都道府県"), value: "47" },
    { field: recipientAddress, value: "那覇市泉崎1-2-3" },
    { field: delivery.getByLabel(/^建物名/), value: "泉崎ハイツ201" },
    await valueOf(date),
    await valueOf(page.getByLabel("お届け希望時間帯")),
    { field: page.getByRole("textbox", { name: /^備考/ }), value: "不在時は宅配ボックスへ" },
    { field: gift.getByLabel("のしを付ける"), checked: true },
    { field: gift.getByLabel("表書き"), value: "御歳暮" },
    { field: gift.getByLabel("名入れ(贈り主のお名前)"), value: "蔵前" },
    { field: gift.getByRole("radio", { name: "内のし(包装の内側に掛ける)" }), checked: true },
    { field: gift.getByLabel("ギフトラッピングをする"), checked: true },
    { field: gift.getByLabel("メッセージカードを添える"), checked: true },
    { field: gift.getByRole("textbox", { name: "メッセージ", exact: true }), value: "いつもありがとうございます。\n来年もよろしくお願いいたします。" },
    { field: gift.getByLabel("納品書に金額を記載しない"), checked: true },
  ];
  // Nothing is compared with an empty field: each one really was filled.
  for (const each of kept) if ("value" in each) expect(each.value, String(each.field)).not.toBe("");
  return kept;
}

async function expectEverythingKept(kept: Kept[]): Promise<void> {
  for (const each of kept) {
    if ("checked" in each) await expect(each.field).toBeChecked();
    else await expect(each.field).toHaveValue(each.value);
  }
}

/** What this tab's sessionStorage holds under the kept form's key. */
const keptText = (page: Page) => page.evaluate(() => window.sessionStorage.getItem("checkoutForm"));

test("a guest who cancels on PayPay's page finds everything typed, gift choices too, and repeats only the payment", async ({ page, request }) => {
  const shochu = await product(request, "薩摩 黒麹仕込み");
  await checkoutWith(page, { [shochu.id]: 1 });
  const kept = await fillEverything(page, guestEmail("kept-paypay"));
  await page.getByRole("radio", { name: "PayPay" }).check();
  await page.getByRole("button", { name: "購入" }).click();

  await expect(page).toHaveURL(/\/test-gateway\/paypay\//);
  await page.getByRole("button", { name: "キャンセルする" }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("payment-error")).toHaveText("PayPayでのお支払いがキャンセルされました。別のお支払い方法をお選びください。");
  await expectEverythingKept(kept);
  await expect(page.getByRole("radio", { name: "PayPay" })).toBeChecked();

  // Only the payment again: a convenience store this time; the order takes what was kept.
  await page.getByRole("radio", { name: "コンビニ決済" }).check();
  const placed = page.waitForRequest((each) => each.method() === "POST" && each.url().endsWith("/api/checkout"));
  await page.getByRole("button", { name: "購入" }).click();
  const body = (await placed).postDataJSON();
  expect(body).toMatchObject({
    name: "蔵前 花子",
    phone: "03-1234-5678",
    birth_date: ADULT_BIRTH_DATE,
    memo: "不在時は宅配ボックスへ",
    recipient: { name: "比嘉 ツル", phone: "098-867-1234", prefecture: 47, address: "那覇市泉崎1-2-3", building_name: "泉崎ハイツ201" },
    gift: { wrapping: true, noshi: { omotegaki: "御歳暮", placement: "inner", name: "蔵前" }, hide_prices: true },
  });
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  await expect(page.getByTestId("order-number")).toBeVisible();
  // Placed: nothing of the form stays in the tab.
  expect(await keptText(page)).toBeNull();
});

test("a failed 3-D Secure keeps everything, also across a reload, never the card; a placed order drops the kept form", async ({ page, request }) => {
  const wine = await product(request, "バジェ・アルト");
  await checkoutWith(page, { [wine.id]: 1 });
  const kept = await fillEverything(page, guestEmail("kept-3ds"));
  await page.getByLabel("カード番号").fill(CARD_3DS);
  await page.getByLabel("有効期限 (MM/YY)").fill("1234");
  await page.getByLabel("セキュリティコード").fill("987");
  await page.getByRole("button", { name: "購入" }).click();

  const challenge = page.frameLocator('iframe[title="カード会社の本人認証画面"]');
  await expect(page.getByRole("dialog", { name: "3Dセキュア認証" })).toBeVisible();
  await challenge.getByRole("button", { name: "認証に失敗する" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /3D|認証/ })).toBeVisible();
  await expectEverythingKept(kept);

  // The card is the gateway's field, never part of what the tab keeps.
  const stored = (await keptText(page)) ?? "";
  expect(stored).toContain("比嘉 ツル");
  expect(stored.replace(/\D/g, "")).not.toContain("4000002760003184");
  expect(Object.keys(JSON.parse(stored).form).sort()).toEqual(["address", "birthDate", "contact", "delivery", "gift", "memo", "method", "wish"]);

  // A reload (the browser asks first: the payment is not done) brings the same form back, the card empty.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await waitForHydration(page);
  await expectEverythingKept(kept);
  await expect(page.getByRole("radio", { name: "クレジットカード", exact: true })).toBeChecked();
  await expect(page.getByLabel("カード番号")).toHaveValue("");

  await page.getByLabel("カード番号").fill(CARD_3DS);
  await page.getByLabel("有効期限 (MM/YY)").fill("1234");
  await page.getByLabel("セキュリティコード").fill("987");
  await page.getByRole("button", { name: "購入" }).click();
  await challenge.getByRole("button", { name: "認証を完了する" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  await expect(page.getByTestId("order-number")).toBeVisible();
  expect(await keptText(page)).toBeNull();
});
