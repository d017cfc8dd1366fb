import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, placeBankOrder, signUpAndSignIn, traderSignsIn, waitForHydration } from "./fixtures.ts";

// Receipts (領収書) and delivery notes (納品書) as PDF (issue 19, decision 037): a member downloads
// a receipt for a paid order from My Page's order card with the addressee they type; the trader
// opens the order's delivery note from the back office, and issues a receipt there for a buyer who asks.

test.describe.configure({ timeout: testTime(120_000) });

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
});

test("a member downloads a receipt for a paid order from My Page; the trader opens its delivery note", async ({ page, browser }) => {
  const member = await signUpAndSignIn(page, "receipt");
  const orderId = await placeBankOrder(page, member);

  // Before the money arrives, the card says when a receipt can be had.
  await page.goto("/mypage/orders");
  const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await expect(card).toContainText("領収書はご入金の確認後に発行できます。");
  await expect(card.getByTestId("order-receipt")).toHaveCount(0);

  const trader = await traderSignsIn(browser);
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  await trader.getByText("入金を確認", { exact: true }).click();
  await trader.getByRole("button", { name: "入金確認済みにしてメールを送る" }).click();
  await expect(trader.getByTestId("delivery-note")).toBeVisible();
  const noteHref = await trader.getByTestId("delivery-note").getAttribute("href");
  const note = await trader.request.get(noteHref!);
  expect(note.headers()["content-type"]).toBe("application/pdf");
  expect((await note.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.goto("/mypage/orders");
  await waitForHydration(page);
  const receipt = card.getByTestId("order-receipt");
  await receipt.getByText("領収書を発行する(PDF)").click();
  // The 宛名 starts as the orderer's name, as the guest's receipt page and the back office fill it.
  await expect(receipt.getByLabel("宛名")).toHaveValue("蔵前 太郎");
  await receipt.getByLabel("宛名").fill("株式会社テスト商事");
  await expect(receipt.getByLabel("但し書き")).toHaveValue("お酒代として");
  await expect(receipt).toContainText("初回は原本として発行します。");

  const answer = page.waitForResponse((response) => response.url().includes(`/orders/${orderId}/receipt`) && response.request().method() === "POST");
  const download = page.waitForEvent("download");
  await receipt.getByRole("button", { name: "領収書をダウンロード" }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const file = await download;
  expect(file.suggestedFilename()).toBe(`receipt-${orderId}.pdf`);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  // One A4 page with subset Japanese fonts: more than an empty page, far less than a whole font.
  expect(bytes.length).toBeGreaterThan(10_000);
  expect(bytes.length).toBeLessThan(150_000);
  // The next download is a reissue, and the card says so.
  await expect(receipt).toContainText("これからのダウンロードには「再発行」と表示されます。");
  await trader.context().close();
});

test("the trader issues a receipt from the back office's order page once paid; the second is a reissue", async ({ page, browser }) => {
  const orderId = await placeBankOrder(page, `receipt-guest-${Date.now()}@example.com`);
  const trader = await traderSignsIn(browser);
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  const section = trader.getByTestId("admin-receipt");
  await expect(section).toContainText("領収書は入金を確認した後(入金済み・発送済みの注文)に発行できます。");
  await expect(section.getByRole("button", { name: "領収書をダウンロード" })).toHaveCount(0);

  await trader.getByText("入金を確認", { exact: true }).click();
  await trader.getByRole("button", { name: "入金確認済みにしてメールを送る" }).click();
  await section.getByLabel("宛名").fill("株式会社蔵前テスト商事");
  await expect(section.getByLabel("但し書き")).toHaveValue("お酒代として");
  await expect(section).toContainText("初回は原本として発行します。");

  /** Downloads the receipt and answers its text as pdftotext reads it. */
  async function download(): Promise<string> {
    const file = trader.waitForEvent("download");
    await section.getByRole("button", { name: "領収書をダウンロード" }).click();
    const saved = (await (await file).path())!;
    expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe("%PDF-");
    return execFileSync("pdftotext", ["-enc", "UTF-8", saved, "-"], { encoding: "utf8" });
  }

  const original = await download();
  expect(original).toContain("株式会社蔵前テスト商事");
  expect(original).toContain("お酒代として");
  expect(original).not.toContain("再発行");
  await expect(section).toContainText("この注文の領収書は1回発行済みです。");

  const reissue = await download();
  expect(reissue).toContain("株式会社蔵前テスト商事");
  expect(reissue).toContain("再発行");
  await trader.context().close();
});
