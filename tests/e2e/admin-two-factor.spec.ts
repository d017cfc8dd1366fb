import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { testTime } from "../../src/server/testing/test-time.ts";
import { csrfOf, traderSignsIn, waitForHydration } from "./fixtures.ts";

// Two-step verification of the back office (decision 063): a new owner is sent to enrol after the
// password, reads the key from the page and types a code an authenticator app would show, gets
// the recovery codes, signs out and in again with a code; another owner resets it from the staff
// page, and the owner enrols again.

test.describe.configure({ timeout: testTime(240_000) });

const PERIOD_MS = 30_000;

function stepNow(): number {
  return Math.floor(Date.now() / PERIOD_MS);
}

/** An app's code for `secret`, of a step after `usedStep` (the server takes each step once): waits for the clock when it must. */
async function codeAfter(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  const step = Math.max(stepNow(), usedStep + 1);
  if (step > stepNow() + 1) await expect.poll(stepNow, { timeout: testTime(90_000), intervals: [500] }).toBeGreaterThanOrEqual(step - 1);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return { code: totp.generate({ timestamp: step * PERIOD_MS }), step };
}

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(password);
  await page.getByRole("button", { name: "サインイン" }).click();
}

/** On the enrolment page: the key as the page shows it, the code of an app that scanned it, and the recovery codes. */
async function enrol(page: Page): Promise<{ secret: string; step: number; recoveryCodes: string[] }> {
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByRole("heading", { level: 1, name: "二段階認証" })).toBeVisible();
  await expect(page.getByText("このアカウントには二段階認証の設定が必要です")).toBeVisible();
  await page.getByRole("button", { name: "認証アプリを登録する" }).click();
  const shown = page.getByTestId("totp-secret");
  await expect(shown).toBeVisible();
  await expect(page.locator("main svg")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("enrolment-phone.png"), fullPage: true });
  const secret = (await shown.textContent())!.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const { code, step } = await codeAfter(secret, 0);
  await page.getByLabel("確認コード").fill(code);
  await page.getByRole("button", { name: "確認して登録する" }).click();
  await expect(page.getByText("二段階認証の設定が完了しました。")).toBeVisible();
  const recoveryCodes = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((each) => each.trim());
  expect(recoveryCodes).toHaveLength(10);
  return { secret, step, recoveryCodes };
}

test("a new owner enrols at the first sign-in, signs in again with a code, and enrols again after another owner's reset", async ({ browser }) => {
  // The shop's owner adds a second owner, whose password is shown once.
  const trader = await traderSignsIn(browser);
  const email = `owner-2fa-${Date.now()}@kura-e2e.example`;
  const added = await trader.request.post("/admin/api/staff", {
    headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
    data: { email, role: "owner" },
  });
  expect(added.status(), await added.text()).toBe(201);
  const password = ((await added.json()) as { password: string }).password;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInWithPassword(page, email, password);
  // The password alone opens nothing: the back office still sends this browser to sign in.
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  expect((await page.request.get("/admin/api/session")).status()).toBe(401);
  const enrolled = await enrol(page);
  await page.screenshot({ path: test.info().outputPath("recovery-codes-phone.png"), fullPage: true });
  await page.getByRole("link", { name: "管理画面へ進む" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();

  // Sign out, and in again: the password, then a code (of a later step than the one enrolment took).
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await signInWithPassword(page, email, password);
  await expect(page.getByRole("heading", { level: 1, name: "確認コードの入力" })).toBeVisible();
  await page.getByLabel("確認コード").fill("000000");
  await page.getByRole("button", { name: "確認してサインイン" }).click();
  await expect(page.getByTestId("admin-login-errors")).toContainText("確認コードが正しくありません");
  const { code } = await codeAfter(enrolled.secret, enrolled.step);
  await page.getByLabel("確認コード").fill(code);
  await page.getByRole("button", { name: "確認してサインイン" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();

  // The shop's owner resets it (a lost phone): the new owner is signed out and enrols again.
  await trader.goto("/admin/staff");
  await waitForHydration(trader);
  const row = trader.getByRole("row").filter({ hasText: email });
  await expect(row.getByText("設定済み")).toBeVisible();
  trader.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "二段階認証をリセット" }).click();
  await expect(trader.getByText(`${email} の二段階認証をリセットしました。`)).toBeVisible();
  await expect(row.getByText("未設定")).toBeVisible();
  expect((await page.request.get("/admin/api/session")).status()).toBe(401);
  await signInWithPassword(page, email, password);
  await enrol(page);
  await context.close();
  await trader.context().close();
});

test("without JavaScript, the owner's code step works as a plain form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const { E2E_OWNER } = await import("./e2e-owner.ts");
  await page.goto("/admin/login");
  await page.getByLabel("メールアドレス").fill(E2E_OWNER.email);
  await page.getByLabel("パスワード").fill(E2E_OWNER.password);
  await page.getByRole("button", { name: "サインイン" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/code$/);
  await page.getByLabel("確認コード").fill("12345");
  await page.getByRole("button", { name: "確認してサインイン" }).click();
  await expect(page.getByTestId("admin-login-errors")).toContainText("確認コードが正しくありません");
  await context.close();
});
