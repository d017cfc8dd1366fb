import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { japanDateString, shortJapanDate } from "../../src/domain/sales-window.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, product, traderSignsIn } from "./checkout-steps.ts";
import { ADULT_BIRTH_DATE, csrfOf, restock, signUpAndSignIn, withMailbox } from "./fixtures.ts";

// 予約販売 (decision 088): the trader sets the demo Beaujolais Nouveau as a pre-order with a release
// date and an allocation on its product page in the back office; a shopper sees 予約商品, 発売日,
// when it ships and when it is paid on the product page and on the final confirmation, orders it by
// card, and the order mail says when it ships. Screenshots at a phone's width and a desktop's.

test.describe.configure({ timeout: testTime(180_000) });

test("a Beaujolais pre-order states when it ships and is charged as promised", async ({ browser, page, request }) => {
  const nouveau = await product(request, "ドメーヌ・デ・コリーヌ ボジョレー・ヌーヴォー");
  const release = japanDateString(new Date(Date.now() + 20 * 86_400_000));
  const [year, month, day] = release.split("-").map(Number) as [number, number, number];
  // 「12月18日頃発送」 within this Japan year, 「2027年1月8日頃発送」 across the new year.
  const ships = shortJapanDate(release, "ja", new Date());

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
  await expect(page.getByTestId("preorder-shipping")).toHaveText(`${ships}頃発送`);
  await expect(page.getByTestId("preorder-payment")).toContainText("クレジットカード・PayPayは、予約商品もご注文時に決済いたします");
  await expect(page.getByRole("button", { name: "カートに入れる" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("product-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("product-desktop.png"), fullPage: true });

  // The final confirmation says when it ships and when it is paid.
  await checkoutWith(page, { [nouveau.id]: 2 });
  const confirmation = page.getByTestId("final-confirmation");
  await expect(confirmation.getByTestId("confirm-preorder")).toContainText(`${nouveau.attributes.name}：発売日 ${year}年${month}月${day}日、${ships}頃発送`);
  await expect(confirmation.getByTestId("confirm-preorder-payment")).toHaveText(
    "予約商品の代金も、ご注文時に決済いたします。発売日まで決済を保留することはありません。",
  );
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
    await expect(text).toContainText(`予約商品: 発売日 ${year}年${month}月${day}日、${ships}頃発送`);
    await expect(text).toContainText("予約商品は発売日に合わせて発送いたします。");
  });

  // The trader's order page shows the pre-order's parcel and when it ships.
  const back = await traderSignsIn(browser);
  await back.goto(`/admin/orders/${orderId}`);
  await expect(back.getByTestId("order-shipment-ships-on")).toHaveText(`予約商品：発売日 ${release} に発送`);
  await back.context().close();
});

// Each parcel ships on its own (decision 091): the bottle in stock of an order mixed with a
// pre-order leaves before the release, from its own row of the order page's shipments table; the
// pre-order's parcel is refused until its bottles have arrived, and the order stays paid meanwhile.
test("staff ship the in-stock parcel of a mixed pre-order first", async ({ browser, page, request }) => {
  const nouveau = await product(request, "ドメーヌ・デ・コリーヌ ボジョレー・ヌーヴォー");
  const release = japanDateString(new Date(Date.now() + 20 * 86_400_000));
  const trader = await traderSignsIn(browser);
  await trader.goto("/admin/orders");
  const headers = async () => ({ "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() });
  const set = await trader.request.patch(`/admin/api/products/${nouveau.id}`, {
    headers: await headers(),
    data: { release_date: release, preorder_allocation: "12" },
  });
  expect(set.status(), await set.text()).toBe(200);
  await restock(trader, 1, 1);

  // A member's bank order of one bottle in stock and one Beaujolais, its transfer confirmed.
  await asReturningShopper(page);
  const email = await signUpAndSignIn(page, "mixed");
  const placed = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": crypto.randomUUID() },
    data: {
      items: [
        { id: 1, amount: 1 },
        { id: Number(nouveau.id), amount: 1 },
      ],
      payment_method: "bank",
      name: "蔵前 太郎",
      email,
      phone: "03-1234-5678",
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "" },
      desired_delivery_date: "",
      desired_delivery_timezone: "",
      memo: "",
      birth_date: ADULT_BIRTH_DATE,
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = ((await placed.json()) as { order_id: string }).order_id;
  const deposited = await trader.request.post(`/admin/api/orders/${orderId}/deposit`, { headers: await headers() });
  expect(deposited.status(), await deposited.text()).toBe(200);

  // The order page: a 発送 form on each parcel's row; the in-stock parcel (1) ships alone.
  await trader.goto(`/admin/orders/${orderId}`);
  const rows = trader.getByTestId("order-shipment-row");
  await expect(rows).toHaveCount(2);
  const first = trader.getByTestId("parcel-ship-1");
  await first.getByLabel("配送伝票番号").fill("4123-4567-8901");
  await first.getByRole("button", { name: "この荷物を発送済みにする" }).click();
  await expect(trader.getByTestId("parcel-ship-result")).toHaveText("1個口目を発送済みにしました(伝票番号 4123-4567-8901)。お客様にメールでお知らせします。");
  await expect(rows.nth(0)).toContainText("発送済み");
  await expect(rows.nth(0).getByTestId("order-shipment-slip")).toContainText("4123-4567-8901");
  await expect(rows.nth(1)).toContainText("出荷可能");
  await expect(trader.getByTestId("order-status")).toContainText("入金済み");
  await expect(trader.getByTestId("order-partly-shipped")).toHaveText(/一部発送済み\(1\/2個口\)/);
  await trader.screenshot({ path: test.info().outputPath("parcel-shipped-desktop.png"), fullPage: true });

  // The pre-order's parcel before its bottles arrived: refused, saying why; the order stays paid.
  const second = trader.getByTestId("parcel-ship-2");
  await second.getByLabel("配送伝票番号").fill("4123-4567-8902");
  await second.getByRole("button", { name: "この荷物を発送済みにする" }).click();
  await expect(second).toContainText("予約商品の在庫が足りないため発送できません");
  await expect(rows.nth(1)).toContainText("出荷可能");

  await trader.setViewportSize({ width: 390, height: 844 });
  await trader.getByTestId("order-shipment-row").first().scrollIntoViewIfNeeded();
  await trader.screenshot({ path: test.info().outputPath("parcel-shipped-phone.png"), fullPage: true });
  await trader.context().close();

  // My Page on a phone: the order still paid, the first parcel shipped with its slip and tracking, the other not yet.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/mypage/orders");
  await expect(page.getByTestId("order-partly-shipped").first()).toContainText("ご注文の商品の一部を発送いたしました(1/2件)");
  const parcels = page.getByTestId("order-destination");
  await expect(parcels.nth(0).getByTestId("order-destination-state")).toHaveText("発送済み");
  await expect(parcels.nth(0)).toContainText("4123-4567-8901");
  await expect(parcels.nth(0).getByRole("link", { name: "配送状況を確認する" })).toHaveAttribute("href", /412345678901/);
  await expect(parcels.nth(1).getByTestId("order-destination-state")).toHaveText("発送準備中");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("mypage-parcels-phone.png"), fullPage: true });
});
