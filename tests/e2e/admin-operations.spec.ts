import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { E2E_OWNER as OWNER, waitForHydration, withMailbox, passOwnerSecondStep } from "./fixtures.ts";

// The trader's weekly chores beside orders: answering an inquiry by mail and marking it handled,
// (the settings journey is in admin-settings.spec.ts, which runs after every other journey).

test.describe.configure({ timeout: testTime(180_000) });

async function signInAsOwner(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(OWNER.email);
  await page.getByLabel("パスワード").fill(OWNER.password);
  await page.getByRole("button", { name: "サインイン" }).click();
  await passOwnerSecondStep(page);
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  return page;
}

/** A shopper's inquiry through the contact form's call. */
async function sendInquiry(page: Page, email: string, subject: string): Promise<void> {
  await page.goto("/");
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute("content")) ?? "";
  const response = await page.request.post("/api/inquiries", {
    headers: { "x-csrf-token": csrf },
    data: { inquiry: { name: "浅草 桜", email, subject, message: "純米大吟醸の720mlは贈答用に包装できますか?" } },
  });
  expect(response.status()).toBe(201);
}

test("the trader answers an inquiry by mail and marks it handled", async ({ page, browser }) => {
  const email = `asking-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const subject = `包装について ${Date.now()}`;
  await sendInquiry(page, email, subject);

  const trader = await signInAsOwner(browser);
  await trader.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "お問い合わせ" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "お問い合わせ" })).toBeVisible();
  await trader.getByLabel("対応状況").selectOption({ label: "未対応" });
  await trader.getByLabel("検索(お名前・メールアドレス・件名)").fill(email);
  await trader.getByRole("button", { name: "絞り込む" }).click();
  const row = trader.getByTestId("admin-inquiry-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("未対応");
  await row.getByRole("link", { name: subject }).click();

  await expect(trader.getByRole("heading", { level: 2, name: subject })).toBeVisible();
  await expect(trader.getByText("純米大吟醸の720mlは贈答用に包装できますか?")).toBeVisible();
  await expect(trader.getByLabel("件名")).toHaveValue(`Re: ${subject}`);
  await trader.getByLabel("返信内容").fill("浅草 桜 様のお問い合わせにお答えします。\n\n無料で包装いたします。");
  await trader.getByLabel("送信後に対応済みにする").uncheck();
  await trader.getByRole("button", { name: "返信を送信" }).click();
  await expect(trader.getByTestId("inquiry-reply")).toContainText("無料で包装いたします。");
  await expect(trader.getByTestId("inquiry-state")).toContainText("未対応");

  await trader.getByRole("button", { name: "対応済みにする" }).click();
  await expect(trader.getByTestId("inquiry-state")).toContainText("対応済み");
  await expect(trader.getByRole("button", { name: "未対応に戻す" })).toBeVisible();

  // The sender has the answer, in Japanese, quoting the question.
  await withMailbox(page, async (mailbox) => {
    await mailbox.goto("/dev/mailbox");
    await mailbox
      .getByRole("row", { name: `Re: ${subject}` })
      .getByRole("link")
      .first()
      .click();
    await expect(mailbox.locator("pre")).toContainText("浅草 桜 様");
    await expect(mailbox.locator("pre")).toContainText("無料で包装いたします。");
    await expect(mailbox.locator("pre")).toContainText("純米大吟醸の720ml");
  });

  // And the inbox lists it as handled.
  await trader.getByRole("link", { name: "お問い合わせの一覧へ" }).click();
  await trader.getByLabel("対応状況").selectOption({ label: "対応済み" });
  await trader.getByLabel("検索(お名前・メールアドレス・件名)").fill(email);
  await trader.getByRole("button", { name: "絞り込む" }).click();
  await expect(trader.getByTestId("admin-inquiry-row")).toContainText("対応済み");
});
