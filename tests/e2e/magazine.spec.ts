import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, linkInMail, waitForHydration } from "./fixtures.ts";

// Each journey reads two or three mails in the mailbox between pages.
test.describe.configure({ timeout: testTime(120_000) });

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

test("sign up, follow the confirmation link from the mailbox, land on the confirmed page; the mail's link unsubscribes", async ({ page }) => {
  const email = uniqueEmail("reader");
  await page.goto("/magazine/register");
  await waitForHydration(page);

  // Consent is required.
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByRole("checkbox", { name: "プライバシーポリシーに同意します" })).toBeFocused();
  await expect(page.getByText("プライバシーポリシーを受諾してください")).toBeVisible();

  await page.getByRole("checkbox", { name: "プライバシーポリシーに同意します" }).check();
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByTestId("magazine-sent")).toContainText(`${email} 宛てに確認メールをお送りしました`);

  await page.goto(await linkInMail(email, "magazine/confirm"));
  await expect(page).toHaveURL(/\/magazine\/confirmed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("メールマガジンの登録が完了しました");

  // The same link again: it worked once, so the sign-up page says so.
  await page.goto(await linkInMail(email, "magazine/confirm"));
  await expect(page).toHaveURL(/\/magazine\/register\?error=invalid$/);
  await expect(page.getByRole("alert").first()).toContainText("確認リンクが無効です");

  await page.goto(await linkInMail(email, "magazine/unsubscribe"));
  await expect(page).toHaveURL(/\/magazine\/unsubscribe\?token=/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "配信を停止する" }).click();
  await expect(page.getByTestId("magazine-unsubscribed")).toContainText("配信を停止しました");
});

test("a member subscribes and unsubscribes on My Page without a confirmation mail", async ({ page }) => {
  const email = uniqueEmail("member");
  const password = "correct horse battery";
  await page.goto("/");
  const csrf = async () => (await page.locator('meta[name="csrf-token"]').getAttribute("content")) ?? "";
  const signUp = await page.request.post("/api/users", {
    headers: { "x-csrf-token": await csrf() },
    data: { api_user: { email, password, password_confirmation: password } },
  });
  expect(signUp.status()).toBe(201);
  expect((await page.request.get(await linkInMail(email, "confirmation_token"))).ok()).toBe(true);
  await page.goto("/");
  const signIn = await page.request.post("/api/users/sign_in", {
    headers: { "x-csrf-token": await csrf() },
    data: { api_user: { email, password } },
  });
  expect(signIn.status()).toBe(200);

  await page.goto("/mypage/magazine");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("メールマガジン");
  await expect(page.getByTestId("magazine-status")).toHaveText("未登録");
  await page.getByRole("button", { name: "購読する" }).click();
  await expect(page.getByTestId("magazine-status")).toHaveText("購読中");
  await page.getByRole("button", { name: "配信を停止する" }).click();
  await expect(page.getByTestId("magazine-status")).toHaveText("配信停止中");
  await page.reload();
  await expect(page.getByTestId("magazine-status")).toHaveText("配信停止中");
  await expect(page.getByRole("navigation", { name: "マイページメニュー" }).getByRole("link", { name: "メールマガジン" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
