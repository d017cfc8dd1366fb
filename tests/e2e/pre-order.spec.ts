import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { japanDateString } from "../../src/domain/sales-window.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, product, traderSignsIn } from "./checkout-steps.ts";
import { withMailbox } from "./fixtures.ts";

// 予約販売 (decision 088): the trader sets the demo Beaujolais Nouveau as a pre-order with a release
// date and an allocation on its product page in the back office; a shopper sees 予約商品, 発売日,
// when it ships and when it is paid on the product page and on the final confirmation, orders it by
// card, and the order mail says when it ships. Screenshots at a phone's width and a desktop's.

test.describe.configure({ timeout: testTime(180_000) });

test("a Beaujolais pre-order states when it ships and is charged as promised", async ({ browser, page, request }) => {
  const nouveau = await product(request, "ドメーヌ・デ・コリーヌ ボジョレー・ヌーヴォー");
  const release = japanDateString(new Date(Date.now() + 20 * 86_400_000));
  const [year, month, day] = release.split("-").map(Number) as [number, number, number];

  // The trader: release date and the bottles set aside for pre-orders, on the product's form.
  const trader = await traderSignsIn(browser);
  await trader.goto(`/admin/products/${nouveau.id}`);
  const window = trader.getByTestId("product-sales-window");
  await expect(window).toBeVisible();
  await window.getByLabel("発売日").fill(release);
  await window.getByLabel("予約受付数(本)").fill("12");
  // A window that ends before it starts is refused under its field.
  await window.getByLabel("販売開始日時").fill("2030-01-02T10:00");
  await window.getByLabel("販売終了日時").fill("2030-01-01T10:00");
  await trader.getByRole("button", { name: "保存する" }).click();
  await expect(trader.getByTestId("product-form-errors")).toContainText("販売終了日時は販売開始日時より後にしてください。");
  await window.getByLabel("販売開始日時").fill("");
  await window.getByLabel("販売終了日時").fill("");
  await trader.getByRole("button", { name: "保存する" }).click();
  await expect(trader.getByTestId("product-form-errors")).toHaveCount(0);
  await expect
    .poll(async () => (await (await trader.request.get(`/admin/api/products/${nouveau.id}`)).json()).data)
    .toMatchObject({ release_date: release, preorder_allocation: 12, sales_start: null, sales_end: null });
  await trader.screenshot({ path: test.info().outputPath("trader-desktop.png"), fullPage: true });
  await trader.context().close();

  // The shopper's product page (a kept page is at most 30 s old: asked again until it shows the change).
  await asReturningShopper(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(
      async () => {
        await page.goto(`/products/${nouveau.id}`);
        return page.getByTestId("release-date").textContent();
      },
      { timeout: testTime(60_000) },
    )
    .toBe(`${year}年${month}月${day}日`);
  await expect(page.getByTestId("preorder-badge")).toHaveText("予約商品");
  await expect(page.getByTestId("preorder-shipping")).toHaveText(`${month}月${day}日頃発送`);
  await expect(page.getByTestId("preorder-payment")).toContainText("クレジットカード・PayPayは、予約商品もご注文時に決済いたします");
  await expect(page.getByRole("button", { name: "カートに入れる" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("product-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("product-desktop.png"), fullPage: true });

  // The final confirmation says when it ships and when it is paid.
  await checkoutWith(page, { [nouveau.id]: 2 });
  const confirmation = page.getByTestId("final-confirmation");
  await expect(confirmation.getByTestId("confirm-preorder")).toContainText(`${nouveau.attributes.name}：発売日 ${year}年${month}月${day}日、${month}月${day}日頃発送`);
  await expect(confirmation.getByTestId("confirm-preorder-payment")).toHaveText("予約商品の代金も、ご注文時に決済いたします。発売日まで決済を保留することはありません。");
  await page.screenshot({ path: test.info().outputPath("confirmation-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await confirmation.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("confirmation-phone.png"), fullPage: true });

  const email = `nouveau-${Date.now()}@example.com`;
  await fillContact(page, email);
  await fillAddress(page);
  await page.getByLabel("カード番号").fill("4242 4242 4242 4242");
  await page.getByLabel("有効期限 (MM/YY)").fill("1234");
  await page.getByLabel("セキュリティコード").fill("123");
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  await expect(page.getByText("注文が確定されました。")).toBeVisible();
  const orderId = ((await page.getByTestId("order-number").textContent()) ?? "").replaceAll("-", "");

  // Charged as promised: the order mail says the card was charged now, and when the bottles ship.
  await withMailbox(page, async (mailbox) => {
    const row = mailbox.getByRole("row", { name: email }).filter({ hasText: "ご注文ありがとうございます" });
    await expect
      .poll(
        async () => {
          await mailbox.goto("/dev/mailbox");
          return row.count();
        },
        { timeout: testTime(60_000) },
      )
      .toBe(1);
    await row.getByRole("link").first().click();
    const text = mailbox.locator("pre");
    await expect(text).toContainText("のお支払いが完了しました。");
    await expect(text).toContainText(`予約商品: 発売日 ${year}年${month}月${day}日、${month}月${day}日頃発送`);
    await expect(text).toContainText("予約商品は発売日に合わせて発送いたします。");
  });

  // The trader's order page shows the pre-order's parcel and when it ships.
  const back = await traderSignsIn(browser);
  await back.goto(`/admin/orders/${orderId}`);
  await expect(back.getByTestId("order-shipment-ships-on")).toHaveText(`予約商品：発売日 ${release} に発送`);
  await back.context().close();
});
