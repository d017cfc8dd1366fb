import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { csrfOf, linkInMail, restock, traderSignsIn, waitForHydration } from "./fixtures.ts";

// Issue 32 item 8, decisions 081 and 082: staff enter a card order taken by phone on the back
// office's order entry, where it waits for its payment; they send the customer a card payment link
// from the order page, the customer opens it from the mail on a phone and pays with the test
// gateway's card.

test.describe.configure({ timeout: testTime(180_000) });

test("staff enter a card order by phone, mail a payment link and the customer pays by card on a phone", async ({ browser }) => {
  const trader = await traderSignsIn(browser);
  // The bottle this order takes is received first, so later journeys still find product 1 on the shelf.
  await restock(trader, 1, 1);

  // Entered as staff enter a phone order (staff-order.spec.ts), paid by card: no card number is typed here.
  await trader.goto("/admin/orders/new");
  await expect(trader.getByRole("heading", { level: 1, name: "注文を入力" })).toBeVisible();
  await waitForHydration(trader);
  const customerEmail = `paylink-${Date.now()}@example.com`;
  const form = trader.getByTestId("staff-order-form");
  await form.getByLabel("受付方法").selectOption("phone");
  await form.getByLabel("お名前", { exact: true }).fill("電話 注文子");
  await form.getByLabel("フリガナ", { exact: true }).fill("でんわ ちゅうもんこ");
  await form.getByLabel("メールアドレス").fill(customerEmail);
  await form.getByLabel("電話番号", { exact: true }).fill("03-1234-5678");
  await form.getByLabel("郵便番号", { exact: true }).fill("111-0051");
  await form.getByLabel("都道府県", { exact: true }).selectOption("13");
  await form.getByLabel("住所(市区町村・番地)", { exact: true }).fill("台東区蔵前3-14-7");
  await form.getByLabel("生年月日").fill("1980-05-05");
  await form.getByLabel("商品（1行目）").selectOption("1");
  await form.getByLabel("数量（1行目）").fill("1");
  await form.getByRole("combobox", { name: "お支払い方法" }).selectOption({ label: "クレジットカード" });
  await form.getByRole("button", { name: "この内容で注文を登録する" }).click();

  await expect(trader.getByRole("heading", { level: 1, name: /^注文 / })).toBeVisible();
  const orderId = new URL(trader.url()).pathname.split("/").at(-1)!;
  const entered = await trader.request.get(`/admin/api/orders/${orderId}`);
  expect(entered.status()).toBe(200);
  expect(((await entered.json()) as { data: { status: string } }).data.status, "a card order waits for its payment").toBe("await_payment");

  await waitForHydration(trader);
  const confirm = trader.getByTestId("payment-link-confirm");
  await confirm.getByText("カード決済のリンクを送る").click();
  await confirm.getByRole("button", { name: "リンクをメールで送る" }).click();
  const result = trader.getByTestId("order-action-result");
  await expect(result).toContainText("カード決済のリンクをお客様にメールで送りました");
  await expect(result).toContainText(`/pay/${orderId}.`);

  const link = await linkInMail(customerEmail, `/pay/${orderId}.`);
  // Without JavaScript the order shows, and the page says the card field needs it, with the shop's phone.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await noScript.newPage();
  await plain.goto(link);
  await expect(plain.getByTestId("pay-link-order")).toBeVisible();
  await expect(plain.getByText(/JavaScriptを有効にしてからこのページを開き直してください。.*03-5829-4410 までお電話ください。/)).toBeVisible();
  await expect(plain.getByLabel("カード番号")).toHaveCount(0);
  await noScript.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(link);
  // No age gate in front of it: the customer gave their birth date with the order.
  await expect(customer.getByRole("heading", { level: 1, name: /カードでのお支払い/ })).toBeVisible();
  await expect(customer.getByRole("dialog")).toHaveCount(0);
  const total = (await customer.getByTestId("pay-link-total").textContent())!;
  expect(total).toMatch(/^[\d,]+ 円$/);
  await waitForHydration(customer);
  await customer.getByLabel("カード番号").fill("4242 4242 4242 4242");
  await customer.getByLabel("有効期限 (MM/YY)").fill("12/34");
  await customer.getByLabel("セキュリティコード").fill("123");
  await customer.getByRole("button", { name: `${total} を支払う` }).click();
  await expect(customer.getByTestId("pay-link-done")).toContainText("お支払いが完了しました");

  // Opened again, the link says it is paid; the back office shows the order paid.
  await customer.reload();
  await expect(customer.getByTestId("pay-link-state")).toHaveText("お支払いは済んでいます。ありがとうございました。");
  const detail = await trader.request.get(`/admin/api/orders/${orderId}`, { headers: { "x-csrf-token": await csrfOf(trader) } });
  expect(((await detail.json()) as { data: { status: string } }).data.status).toBe("deposited");
  await phone.close();
  await trader.context().close();
});
