import { expect, test } from "@playwright/test";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, E2E_OWNER, passOwnerSecondStep, placeBankOrder, restock, traderSignsIn, waitForHydration } from "./fixtures.ts";

// Bulk moves in the order list (issue #35 item 2, decision 069): the trader ticks three bank
// transfers whose money arrived, confirms the deposits in one click and reads the summary.

test.describe.configure({ timeout: testTime(120_000) });

test("the trader selects three orders in the list, confirms their deposits and reads the summary", async ({ page, browser }, testInfo) => {
  await asConfirmedAdult(page);
  const orders: string[] = [];
  for (let n = 0; n < 3; n += 1) orders.push(await placeBankOrder(page, `bulk-${crypto.randomUUID().slice(0, 8)}@example.com`));

  const trader = await traderSignsIn(browser);
  await restock(trader, 1, orders.length);
  await trader.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "注文" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "注文" })).toBeVisible();
  await waitForHydration(trader);
  for (const id of orders) await trader.getByRole("checkbox", { name: `${orderNumberForShopper(id)} を選択` }).check();
  await trader.getByRole("button", { name: "入金確認" }).click();

  await expect(trader).toHaveURL(/\/admin\/orders\/bulk$/);
  await expect(trader.getByRole("heading", { name: "入金確認の結果" })).toBeVisible();
  await expect(trader.getByTestId("bulk-result-counts")).toHaveText("処理した注文 3件 ・ 変更なし(処理済み) 0件 ・ 処理できなかった注文 0件");
  const rows = trader.getByTestId("bulk-result").locator("tbody tr");
  await expect(rows).toHaveCount(3);
  // In the list's order: newest first.
  for (const [n, id] of [...orders].reverse().entries()) {
    await expect(rows.nth(n)).toContainText(orderNumberForShopper(id));
    await expect(rows.nth(n)).toContainText("入金を確認しました");
  }
  await trader.screenshot({ path: testInfo.outputPath("bulk-deposit-desktop.png"), fullPage: true });

  // The list below the summary shows them deposited; ticking one again leaves it unchanged.
  await waitForHydration(trader);
  await trader.getByRole("checkbox", { name: `${orderNumberForShopper(orders[0]!)} を選択` }).check();
  await trader.getByRole("button", { name: "入金確認" }).click();
  await expect(trader.getByTestId("bulk-result-counts")).toHaveText("処理した注文 0件 ・ 変更なし(処理済み) 1件 ・ 処理できなかった注文 0件");
  await trader.context().close();
});

test("without JavaScript the trader ticks two orders, enters their slip numbers and marks them shipped", async ({ page, browser }) => {
  await asConfirmedAdult(page);
  const orders = [
    await placeBankOrder(page, `bulk-nojs-${crypto.randomUUID().slice(0, 8)}@example.com`),
    await placeBankOrder(page, `bulk-nojs-${crypto.randomUUID().slice(0, 8)}@example.com`),
  ];
  const context = await browser.newContext({ javaScriptEnabled: false });
  const trader = await context.newPage();
  await trader.goto("/admin/orders/bulk");
  await expect(trader).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Forders%2Fbulk$/);
  await trader.getByLabel("メールアドレス").fill(E2E_OWNER.email);
  await trader.getByLabel("パスワード").fill(E2E_OWNER.password);
  await trader.getByRole("button", { name: "サインイン" }).click();
  await passOwnerSecondStep(trader, "ja", trader.getByRole("heading", { level: 1, name: "注文の一括処理" }));
  await restock(trader, 1, orders.length);

  // Money first (a bank transfer is shipped once paid), then the slips.
  for (const id of orders) await trader.getByRole("checkbox", { name: `${orderNumberForShopper(id)} を選択` }).check();
  await trader.getByRole("button", { name: "入金確認" }).click();
  await expect(trader.getByTestId("bulk-result-counts")).toHaveText("処理した注文 2件 ・ 変更なし(処理済み) 0件 ・ 処理できなかった注文 0件");
  for (const id of orders) await trader.getByRole("checkbox", { name: `${orderNumberForShopper(id)} を選択` }).check();
  await trader.getByRole("button", { name: "発送済みにする" }).click();
  const slips = trader.getByTestId("bulk-slips");
  await expect(slips.getByRole("link", { name: "発行済みデータを取り込む" })).toBeVisible();
  await slips.getByLabel(`${orderNumberForShopper(orders[0]!)} の伝票番号`).fill("412399990001");
  await slips.getByRole("button", { name: "2件を発送済みにしてメールを送る" }).click();
  // The second had no slip number: refused with the reason, the first shipped.
  await expect(trader.getByTestId("bulk-result-counts")).toHaveText("処理した注文 1件 ・ 変更なし(処理済み) 0件 ・ 処理できなかった注文 1件");
  await expect(trader.getByTestId("bulk-result")).toContainText("伝票番号を入力してください。");
  await expect(trader.getByTestId("bulk-result")).toContainText("412399990001");
  await context.close();
});

test("work over the threshold runs as a job whose page refreshes itself until the result is there", async ({ browser }) => {
  const trader = await traderSignsIn(browser);
  const token = await csrfOf(trader);
  // 201 numbers that name no order: a job whose every row is refused, worked in the server.
  const orders = Array.from({ length: 201 }, (_, n) => `no-such-order-${n}`);
  const response = await trader.request.post("/admin/api/orders/bulk", {
    headers: { "x-csrf-token": token, "idempotency-key": `e2e-job-${crypto.randomUUID()}` },
    data: { move: "deposit", orders },
  });
  expect(response.status(), await response.text()).toBe(202);
  const { id } = ((await response.json()) as { data: { job: { id: number } } }).data.job;
  await trader.goto(`/admin/jobs/${id}`);
  await expect(trader.getByRole("heading", { level: 1, name: "処理の進み具合" })).toBeVisible();
  await expect(trader.getByRole("heading", { name: "入金確認(一括)" })).toBeVisible();
  // While the job runs the page reloads itself (meta refresh); the result is there once it is done.
  await expect(trader.getByTestId("job-counts")).toHaveText("処理した注文 0件 ・ 変更なし 0件 ・ 処理できなかった注文 201件", { timeout: testTime(60_000) });
  await expect(trader.getByTestId("job-state")).toHaveText("完了しました — 201 / 201 件");
  await expect(trader.getByTestId("job").locator("tbody tr")).toHaveCount(201);
  await trader.context().close();
});
