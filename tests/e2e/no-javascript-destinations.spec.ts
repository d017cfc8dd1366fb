import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { asConfirmedAdult, createConfirmedMember, fillBirthDate } from "./fixtures.ts";
import { product } from "./checkout-steps.ts";

// Several destinations without JavaScript (issue #33, decision 096): the switch and 「お届け先を追加」 post
// the order form, the page comes back with a block per destination (the first holding every bottle),
// and 購入 places the order with a shipment per block.

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 240_000 });

const PASSWORD = "nojs destinations 2026";

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

/** Presses a button and waits for the page the form's post answers with. */
async function press(page: Page, button: Locator): Promise<void> {
  await Promise.all([page.waitForNavigation(), button.click()]);
}

async function fillBlock(block: Locator, fields: { name: string; phone: string; zip: string; prefecture: string; address: string; bottles: string }) {
  await block.getByLabel(/^お届け先のお名前/).fill(fields.name);
  await block.getByLabel(/^お届け先の電話番号/).fill(fields.phone);
  await block.getByLabel(/^郵便番号/).fill(fields.zip);
  await block.getByLabel(/^都道府県/).selectOption({ label: fields.prefecture });
  await block.getByLabel(/^住所/).fill(fields.address);
  await block.getByLabel(/の数量$/).selectOption(fields.bottles);
}

test("a member sends one order to two destinations without JavaScript: adds a destination, fills both, pays by bank transfer", async ({
  page,
  request,
}, testInfo) => {
  const email = await createConfirmedMember(request, PASSWORD);
  await page.goto("/login?redirect=%2Fmypage%2Faddress");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await press(page, page.getByRole("button", { name: "ログイン" }));
  await expect(page).toHaveURL(/\/mypage\/address$/);

  const wine = await product(request, "バジェ・アルト");
  for (let bottle = 0; bottle < 2; bottle += 1) {
    await page.goto(`/products/${wine.id}`);
    await Promise.all([page.waitForURL(/\?cart=added/), page.getByRole("button", { name: "カートに入れる" }).press("Enter")]);
  }
  await page.goto("/checkout");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  await page
    .getByLabel(/^お名前/)
    .first()
    .fill("蔵前 花子");
  await page
    .getByLabel(/^電話番号/)
    .first()
    .fill("03-1234-5678");
  await page.getByLabel("郵便番号").first().fill("111-0051");
  await page.getByLabel("都道府県").first().selectOption({ label: "東京都" });
  await page.getByLabel("住所", { exact: true }).first().fill("台東区蔵前3-14-7");
  await fillBirthDate(page);

  // The switch, then 「お届け先を追加」: the page again with two blocks, the first holding both bottles, what was typed kept.
  await page.getByTestId("several-destinations-toggle").check();
  await press(page, page.getByRole("button", { name: "お届け先を追加" }));
  await expect(page.getByTestId("checkout-confirm-again")).toContainText("お届け先の入力欄を変更しました");
  const blocks = page.getByTestId("destination");
  await expect(blocks).toHaveCount(2);
  await expect(blocks.nth(0).getByLabel(/の数量$/)).toHaveValue("2");
  await expect(blocks.nth(1).getByLabel(/の数量$/)).toHaveValue("0");
  await expect(page.getByLabel("住所", { exact: true }).first()).toHaveValue("台東区蔵前3-14-7");
  await page.screenshot({ path: testInfo.outputPath("two-destinations-nojs.png"), fullPage: true });

  await fillBlock(blocks.nth(0), {
    name: "比嘉 ツル",
    phone: "098-111-2222",
    zip: "900-0015",
    prefecture: "沖縄県",
    address: "那覇市久茂地1-1-1",
    bottles: "1",
  });
  await fillBlock(blocks.nth(1), {
    name: "田中 三郎",
    phone: "011-333-4444",
    zip: "060-0001",
    prefecture: "北海道",
    address: "札幌市中央区北一条西2-1",
    bottles: "1",
  });
  await blocks.nth(1).getByLabel("のしを付ける").check();
  await blocks.nth(1).getByLabel("表書き").selectOption("御歳暮");
  await page.getByRole("radio", { name: "銀行振込" }).check();

  // The amount shown was for one parcel: the page shows the two destinations' amount to confirm, the blocks as typed.
  await press(page, page.getByRole("button", { name: "購入", exact: true }));
  await expect(page.getByTestId("checkout-confirm-again")).toBeVisible();
  await expect(blocks.nth(1).getByLabel(/^お届け先のお名前/)).toHaveValue("田中 三郎");
  await expect(page.getByTestId("destinations-summary")).toContainText("お届け先 2件");
  await expect(page.getByTestId("confirm-amount")).toContainText(await page.getByTestId("summary-total").innerText());
  // Enter in a field posts the form as 購入 does, never as a destination's add or remove button.
  await Promise.all([page.waitForNavigation(), blocks.nth(1).getByLabel(/^住所/).press("Enter")]);

  await expect(page).toHaveURL(/\/checkout\/complete$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("注文が確定されました。");
  await expect(page.getByTestId("order-number")).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // The order holds both destinations (the shopper's orders as the API answers them).
  const orders = (await (await page.request.get("/ja/api/orders")).json()).data as {
    attributes: { shipments?: { recipient: { name: string } | null }[] };
  }[];
  expect(orders[0]!.attributes.shipments!.map((shipment) => shipment.recipient?.name)).toEqual(["比嘉 ツル", "田中 三郎"]);
});
