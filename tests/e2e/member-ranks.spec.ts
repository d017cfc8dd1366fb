import fs from "node:fs";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, placeBankOrder, restock, signUpAndSignIn, traderSignsIn, waitForHydration } from "./fixtures.ts";

// Member ranks (issue 34 item 3, decision 090): the trader sets the thresholds on /admin/ranks (the
// server-drawn form, a refusal named under its field first); a member's bank order is confirmed paid
// and My Page's 会員ランク shows シルバー, its point rate and 「あと○円のお買い物でゴールド」, on a desktop
// and at 390 px; the back office's member list shows the rank and the 12 months' purchases. The
// shop's ranks are put back to the defaults at the end.

test.describe.configure({ timeout: testTime(180_000) });

const SHOTS = process.env.RANK_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;

async function setRow(page: Page, row: number, values: { threshold?: string; rate?: string }) {
  const fieldset = page.getByTestId(`rank-row-${row}`);
  if (values.threshold !== undefined) await fieldset.getByLabel(/^条件/).fill(values.threshold);
  if (values.rate !== undefined) await fieldset.getByLabel(/^ポイント率/).fill(values.rate);
}

test("the trader sets the thresholds; a member sees their rank and what the next needs on My Page", async ({ page, browser }) => {
  const trader = await traderSignsIn(browser);
  await trader.goto("/admin/ranks");
  await expect(trader.getByRole("heading", { level: 1, name: "会員ランク" })).toBeVisible();
  await expect(trader.getByTestId("ranks-table")).toContainText("シルバー");

  // Thresholds that do not rise are refused, the message under the field, what was typed kept.
  await setRow(trader, 2, { threshold: "1000" });
  await setRow(trader, 3, { threshold: "500" });
  await Promise.all([trader.waitForURL(/\/admin\/ranks/), trader.getByTestId("ranks-save").click()]);
  await expect(trader.getByTestId("ranks-errors")).toContainText("ランク3の条件（円）は1000より大きい値にしてください");
  await expect(trader.getByTestId("rank-row-3").getByLabel(/^条件/)).toHaveValue("500");

  await setRow(trader, 3, { threshold: "1,000,000", rate: "4" });
  await Promise.all([trader.waitForURL(/done=saved/), trader.getByTestId("ranks-save").click()]);
  await expect(trader.getByTestId("ranks-saved")).toBeVisible();
  await expect(trader.getByTestId("ranks-table")).toContainText(`${yen(1000)}以上`);
  await expect(trader.getByTestId("ranks-table")).toContainText(`${yen(1_000_000)}以上`);
  await shot(trader, "admin-ranks");

  // A member: a bank order, paid as the trader confirms the transfer.
  await asConfirmedAdult(page);
  const email = await signUpAndSignIn(page, "rank");
  await page.goto("/mypage/rank");
  await expect(page.getByTestId("rank-name")).toHaveText("レギュラー");
  const orderId = await placeBankOrder(page, email);
  const deposited = await trader.request.post(`/admin/api/orders/${orderId}/deposit`, {
    headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
  });
  expect(deposited.status(), await deposited.text()).toBe(200);

  const rank = (await (await page.request.get("/ja/api/rank")).json()).data as { purchases: number; next: { needed: number } };
  expect(rank.purchases).toBeGreaterThanOrEqual(1000);
  await page.goto("/mypage/rank");
  await waitForHydration(page);
  await expect(page.getByTestId("rank-name")).toHaveText("シルバー");
  await expect(page.getByTestId("rank-rate")).toHaveText("ポイント還元率 2%");
  await expect(page.getByTestId("rank-purchases")).toHaveText(yen(rank.purchases));
  await expect(page.getByTestId("rank-next")).toHaveText(`あと${yen(rank.next.needed)}のお買い物でゴールド`);
  expect(rank.next.needed).toBe(1_000_000 - rank.purchases);
  await shot(page, "mypage-rank-desktop");

  // On a phone: the same, the menu folded above it, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/mypage/rank");
  await expect(page.getByTestId("rank-next")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "mypage-rank-phone");
  // In English.
  await page.goto("/locale/en?to=/mypage/rank");
  await expect(page.getByTestId("rank-name")).toHaveText("Silver");
  await expect(page.getByTestId("rank-next")).toHaveText(`${rank.next.needed.toLocaleString("en-US")} JPY more to reach Gold`);
  await shot(page, "mypage-rank-phone-en");

  // The back office's member list: the rank and the 12 months' purchases.
  await trader.goto(`/admin/members?q=${encodeURIComponent(email)}`);
  await expect(trader.getByTestId("admin-member-rank")).toHaveText("シルバー (2%)");
  await shot(trader, "admin-members");
  // Coupons: the list's usage figures and the CSV of the coupons with them.
  const code = `RANK${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await trader.request.post("/admin/api/coupons", {
    headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
    data: { code, name_ja: "ランクのe2e", kind: "fixed", value: "300", valid_from: "2020-01-01", valid_until: "2099-12-31" },
  });
  expect(created.status()).toBe(201);
  await trader.goto("/admin/coupons");
  await expect(trader.getByRole("columnheader", { name: "注文数" })).toBeVisible();
  await expect(trader.getByRole("row").filter({ hasText: code })).toBeVisible();
  await shot(trader, "admin-coupons");
  const csv = await trader.request.get("/admin/api/coupons.csv");
  expect(csv.status()).toBe(200);
  const body = await csv.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(body.toString("utf8")).toContain(`${code},ランクのe2e,定額,300,`);

  // Back to the defaults, without JavaScript (the form posts to the page); the bottle back on the shelf for later journeys.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await trader.context().storageState(),
    viewport: { width: 1280, height: 900 },
  });
  const plain = await noScript.newPage();
  await plain.goto("/admin/ranks");
  await setRow(plain, 2, { threshold: "30000" });
  await setRow(plain, 3, { threshold: "100000", rate: "3" });
  await Promise.all([plain.waitForURL(/done=saved/), plain.getByTestId("ranks-save").click()]);
  await expect(plain.getByTestId("ranks-saved")).toBeVisible();
  await expect(plain.getByTestId("ranks-table")).toContainText(`${yen(30_000)}以上`);
  await noScript.close();
  await restock(trader, 1, 1);
  await trader.context().close();
});
