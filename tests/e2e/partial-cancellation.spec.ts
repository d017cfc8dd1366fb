import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";
import { ADULT_BIRTH_DATE, asConfirmedAdult, csrfOf, restock, signUpAndSignIn, traderSignsIn, waitForHydration } from "./fixtures.ts";

// Partial cancellation before shipping (decision 078): a member's card order of two bottles; the
// trader lowers the line to one in the back office, the card is refunded the difference, the order
// page shows the new total and the refund, and the member's My Page shows the new contents.

test.describe.configure({ timeout: testTime(180_000) });

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

test("a member's paid card order has one bottle cancelled before shipping and refunded", async ({ page, browser }) => {
  const email = await signUpAndSignIn(page, "partial");
  const trader = await traderSignsIn(browser);
  // The two bottles this order takes come from the receiving, so later journeys still find the demo stock.
  await restock(trader, 1, 2);

  // The member pays by card on the built-in test gateway (4242: charged at once, no challenge).
  const card = await page.request.post("/test-gateway/payment_methods", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { card: { number: "4242424242424242", exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" }, billing_details: { name: "蔵前 花子" } },
  });
  expect(card.status(), await card.text()).toBe(200);
  const placed = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": crypto.randomUUID() },
    data: {
      items: [{ id: 1, amount: 2 }],
      payment_method: "credit",
      payment: { payment_method_id: ((await card.json()) as { id: string }).id },
      name: "蔵前 花子",
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

  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  await expect(trader.getByRole("heading", { level: 1, name: `注文 ${orderNumberForShopper(orderId)}` })).toBeVisible();
  // 4,200 × 2 + shipping 1,100 = 9,500; tax 950; total 10,450.
  await expect(trader.getByTestId("order-total")).toContainText("10,450 円");
  await trader.getByTestId("order-lines-link").getByRole("link", { name: "一部キャンセル(数量の変更・商品の取り消し)" }).click();

  await expect(trader.getByRole("heading", { level: 1, name: `注文 ${orderNumberForShopper(orderId)} の一部キャンセル` })).toBeVisible();
  const line = trader.getByTestId(/^order-line-/);
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("現在の数量: 2");
  // The only line: lowering it is offered, removing it is the whole order's cancel.
  await expect(line.getByRole("button", { name: "この商品を取り消す" })).toHaveCount(0);
  await line.getByLabel("変更後の数量").fill("2");
  await line.getByRole("button", { name: "この数量に減らす" }).click();
  // Refused under the field, with what was typed kept.
  await expect(trader.getByTestId(/^order-line-/).getByText("数量は現在の数量より少ない数を入力してください(0で商品を取り消します)。")).toBeVisible();
  await expect(trader.getByTestId(/^order-line-/).getByLabel("変更後の数量")).toHaveValue("2");

  await trader
    .getByTestId(/^order-line-/)
    .getByLabel("変更後の数量")
    .fill("1");
  await trader
    .getByTestId(/^order-line-/)
    .getByRole("button", { name: "この数量に減らす" })
    .click();
  // 4,200 + 1,100 = 5,300; tax 530; total 5,830: 4,620 back to the card.
  const result = trader.getByTestId("lines-result");
  await expect(result).toContainText("一部キャンセルしました。変更後のご注文金額は 5,830 円 です。");
  await expect(result).toContainText("返金額: 4,620 円");
  await expect(trader.getByTestId(/^order-line-/)).toContainText("現在の数量: 1");

  await trader.getByRole("link", { name: "← 注文の詳細へ" }).click();
  await waitForHydration(trader);
  await expect(trader.getByTestId("order-total")).toContainText("5,830 円");
  const payment = trader.getByTestId("order-payment-row");
  await expect(payment).toContainText("4,620 円");
  await expect(payment).toContainText("一部返金済み");
  await trader.context().close();

  await page.goto("/mypage/orders");
  const list = page.getByRole("list", { name: "ご注文の一覧" });
  await expect(list).toHaveAttribute("aria-busy", "false");
  const order = list.getByTestId("order-card").filter({ has: page.getByTestId("order-number").getByText(orderNumberForShopper(orderId)) });
  await expect(order).toContainText("4,200 円(税抜) x 1");
  await expect(order).toContainText("お支払い金額(税込)5,830 円");
});

test("without JavaScript, the trader removes one line of an unpaid bank order; a bad quantity is refused under its field in English", async ({
  page,
  browser,
}) => {
  const trader = await traderSignsIn(browser);
  await restock(trader, 1, 1);
  await restock(trader, 2, 1);
  await page.goto("/");
  const placed = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": crypto.randomUUID() },
    data: {
      items: [
        { id: 1, amount: 1 },
        { id: 2, amount: 1 },
      ],
      payment_method: "bank",
      name: "蔵前 太郎",
      email: `partial-nojs-${Date.now()}@example.com`,
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

  // The trader's session in a browser without JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await trader.context().storageState() });
  const noScript = await context.newPage();
  await noScript.goto(`/locale/en?to=${encodeURIComponent(`/admin/orders/${orderId}/lines`)}`);
  await expect(noScript.getByRole("heading", { level: 1, name: `Cancel part of order ${orderNumberForShopper(orderId)}` })).toBeVisible();
  const lines = noScript.getByTestId(/^order-line-/);
  await expect(lines).toHaveCount(2);

  await lines.nth(0).getByLabel("New quantity").fill("abc");
  await lines.nth(0).getByRole("button", { name: "Lower to this quantity" }).click();
  const first = noScript.getByTestId(/^order-line-/).nth(0);
  await expect(first.getByText("Quantity is not a number")).toBeVisible();
  await expect(first.getByLabel("New quantity")).toHaveValue("abc");

  const total = await noScript.getByTestId("lines-total").textContent();
  await noScript
    .getByTestId(/^order-line-/)
    .nth(1)
    .getByRole("button", { name: "Remove this item" })
    .click();
  await expect(noScript.getByTestId("lines-result")).toContainText("Part of the order was cancelled.");
  await expect(noScript.getByTestId("lines-result")).toContainText("The amount to pay is now");
  await expect(noScript.getByTestId(/^order-line-/)).toHaveCount(1);
  expect(await noScript.getByTestId("lines-total").textContent()).not.toBe(total);
  await context.close();
  await trader.context().close();
});
