import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, fillAddress, fillContact, product } from "./checkout-steps.ts";
import { ADULT_BIRTH_DATE, csrfOf, linkInMail, restock, signUpAndSignIn, traderSignsIn, waitForHydration } from "./fixtures.ts";

// 抽選販売 (issue 33 item 3, decision 084): staff open a lottery for a rare bottle on the back
// office's page, a member enters it from the product page on a phone, staff draw once entries have
// closed, and the member follows the win's mail from the built-in mailbox into the checkout and buys.
// The armagnac is the demo catalogue's bottle no other journey buys: while the lottery runs, the
// product is sold to its winners only.

// Entries close at the next whole minute a minute away (the form takes minutes): the journey waits
// for that close, up to two minutes, before the draw.
test.describe.configure({ timeout: testTime(360_000) });

/** A moment as the back office's datetime-local field takes it, in Japan time, to the minute. */
function japanMinute(at: number): string {
  return new Date(at + 9 * 3_600_000).toISOString().slice(0, 16);
}

interface LotteryRow {
  id: number;
  product_id: number;
  phase: string;
  entries: number;
  bottles_bought: number;
}

test("staff open a lottery, a member enters on a phone, staff draw and the winner buys from the mail's link", async ({ browser, request }) => {
  const armagnac = await product(request, "シャトー・ベルガルド");

  // The member first (sign-up and its confirmation mail take a while): signed in on a phone, with a
  // date of birth on file, as entries require.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const member = await phone.newPage();
  await asReturningShopper(member);
  const email = await signUpAndSignIn(member, "lottery");
  const profile = await member.request.put("/api/users", {
    headers: { "x-csrf-token": await csrfOf(member) },
    data: { api_user: { birth_date: ADULT_BIRTH_DATE } },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  // Staff open the lottery on its page, reached from the back office's menu: one bottle, one each.
  const trader = await traderSignsIn(browser);
  // The bottle the winner buys is received first, so the demo stock stays as it was.
  await restock(trader, armagnac.id, 1);
  await trader.getByRole("navigation").getByRole("link", { name: "抽選販売" }).last().click();
  await expect(trader.getByRole("heading", { level: 1, name: "抽選販売" })).toBeVisible();
  await waitForHydration(trader);
  const now = Date.now();
  const closesAt = Math.ceil((now + 60_000) / 60_000) * 60_000;
  const form = trader.getByTestId("lottery-form");
  await form.getByLabel("商品ID").fill(armagnac.id);
  await form.getByLabel("本数", { exact: true }).fill("1");
  await form.getByLabel("お一人様の購入上限(本)").fill("1");
  await form.getByLabel("応募開始日時(日本時間)").fill(japanMinute(now - 60_000));
  await form.getByLabel("応募締切日時(日本時間)").fill(japanMinute(closesAt));
  await form.getByLabel("当選後の購入期限(日数)").fill("7");
  await form.getByRole("button", { name: "作成する" }).click();
  await expect(trader.getByTestId("lottery-done")).toContainText("抽選販売を作成しました。");
  const lotteries = async () => ((await (await trader.request.get("/admin/api/lotteries")).json()) as { data: LotteryRow[] }).data;
  const lottery = (await lotteries()).find((each) => String(each.product_id) === armagnac.id && each.phase === "open");
  expect(lottery, "the new lottery is open").toBeDefined();
  await expect(trader.getByTestId(`lottery-${lottery!.id}`)).toContainText("受付中");

  // The member enters from the product page, where the entry button stands in place of the cart's.
  await member.goto(`/products/${armagnac.id}`);
  const panel = member.getByTestId("lottery-panel");
  await expect(panel).toContainText("抽選販売");
  await expect(panel).toContainText("1本まで");
  await waitForHydration(member);
  await panel.getByRole("button", { name: "抽選に応募する" }).click();
  await expect(member.getByTestId("lottery-entered")).toHaveText("抽選販売に応募しました。結果はメールでお知らせします。");
  await member.goto("/mypage/lotteries");
  await expect(member.getByText("抽選待ち")).toBeVisible();

  // Once entries have closed (the server's clock decides), 抽選する appears and staff draw.
  await expect
    .poll(async () => (await lotteries()).find((each) => each.id === lottery!.id)?.phase, {
      message: "the entries close",
      timeout: testTime(180_000),
      intervals: [2_000, 5_000],
    })
    .toBe("closed");
  await trader.goto("/admin/lotteries");
  const row = trader.getByTestId(`lottery-${lottery!.id}`);
  await expect(row).toContainText("締切(抽選前)");
  await row.getByRole("button", { name: "抽選する" }).click();
  await expect(trader.getByText("抽選しました。当選の方と落選の方にメールを送りました。")).toBeVisible();
  const entries = trader.getByTestId("lottery-entries");
  await expect(entries.getByTestId("lottery-seed")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(entries.getByRole("row").filter({ hasText: email })).toContainText("当選(購入待ち)");

  // The win's mail leads to the win's page; its button puts the bottle in the cart and opens the checkout.
  await member.goto(await linkInMail(email, "/mypage/lotteries/"));
  await expect(member.getByRole("heading", { level: 1, name: "抽選販売のご当選" })).toBeVisible();
  await expect(member.getByTestId("lottery-win-bottles")).toHaveText("1本まで");
  await waitForHydration(member);
  await member.getByTestId("lottery-buy").click();
  await expect(member).toHaveURL(/\/checkout$/);
  await waitForHydration(member);
  await expect(member.getByTestId("checkout-form")).toHaveAttribute("data-interactive", "true");
  await expect(member.locator(`[data-testid="summary-item"][data-product-id="${armagnac.id}"]`)).toBeVisible();
  await member.getByRole("radio", { name: "銀行振込" }).check();
  await fillContact(member);
  await fillAddress(member);
  await member.getByRole("button", { name: "購入" }).click();
  await expect(member).toHaveURL(/\/checkout\/complete$/);

  // The win is bought: My Page says so; the back office counts the bottle, and the deadlines' sweep,
  // with no win left waiting, finishes the lottery, so the armagnac sells as usual again.
  await member.goto("/mypage/lotteries");
  await expect(member.getByText("購入済み")).toBeVisible();
  expect((await lotteries()).find((each) => each.id === lottery!.id)).toMatchObject({ phase: "drawn", entries: 1, bottles_bought: 1 });
  await trader.goto("/admin/lotteries");
  await waitForHydration(trader);
  await trader.getByTestId("lottery-sweep").click();
  await expect(trader.getByTestId("lottery-done")).toContainText(/^購入期限を処理しました。繰り上げ当選 0 件、終了 \d+ 件。$/);
  expect((await lotteries()).find((each) => each.id === lottery!.id)).toMatchObject({ phase: "finished", bottles_bought: 1 });
  await phone.close();
  await trader.context().close();
});
