import { expect, test } from "@playwright/test";
import { csrfOf, linkInMail, traderSignsIn, waitForHydration } from "./fixtures.ts";

// Issue 32 item 8, decision 082: a card order taken by phone waits for its payment; staff send the
// customer a card payment link from the order page, the customer opens it from the mail on a phone
// and pays with the test gateway's card. The server's set-up wrote the unpaid card orders
// (src/server/testing/e2e-unpaid-card-orders.ts) until staff's order entry makes them.

const CUSTOMER = "paylink-e2e@example.com";

test("staff mail a payment link and the customer pays by card on a phone", async ({ browser }) => {
  const trader = await traderSignsIn(browser);
  const list = await trader.request.get(`/admin/api/orders?status=await_payment&q=${encodeURIComponent(CUSTOMER)}`);
  expect(list.status()).toBe(200);
  const orders = ((await list.json()) as { data: { id: string }[] }).data;
  expect(orders.length, "an unpaid card order from the set-up").toBeGreaterThan(0);
  const orderId = orders[0]!.id;

  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  const confirm = trader.getByTestId("payment-link-confirm");
  await confirm.getByText("カード決済のリンクを送る").click();
  await confirm.getByRole("button", { name: "リンクをメールで送る" }).click();
  const result = trader.getByTestId("order-action-result");
  await expect(result).toContainText("カード決済のリンクをお客様にメールで送りました");
  await expect(result).toContainText(`/pay/${orderId}.`);

  const link = await linkInMail(CUSTOMER, `/pay/${orderId}.`);
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
