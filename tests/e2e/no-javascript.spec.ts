import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { asConfirmedAdult, createConfirmedMember } from "./fixtures.ts";

// The shop before (or without) its JavaScript (issue 28, decision 052): on a slow phone the page
// shows seconds before its script runs, and a form sent in that time must still work. These
// journeys run with JavaScript off: every form posts to its page, whose action answers.

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 120_000 });

// Past the age gate as its plain form leaves a visitor (its cookie; the gate has journeys of its own
// without JavaScript in no-javascript-shop.spec.ts): the page behind an open gate is inert.
test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

const PASSWORD = "kura-cellar-2024";

/** Sends the form the field is in as a browser does when Enter is pressed in it. */
async function submitFrom(page: Page, label: string | RegExp): Promise<void> {
  await Promise.all([page.waitForNavigation(), page.getByLabel(label, { exact: true }).press("Enter")]);
}

test("sign-in without JavaScript: a wrong password says why and keeps the address; the right one opens the page asked for", async ({ page, request }) => {
  const email = await createConfirmedMember(request, PASSWORD);
  await page.goto("/login?redirect=%2Fmypage%2Forders");
  // Nothing ran: no script marked the page hydrated.
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("not-the-password");
  await submitFrom(page, "パスワード");
  await expect(page.getByTestId("login-errors")).toHaveText("メールアドレスまたはパスワードが違います。");
  await expect(page.getByLabel("メールアドレス")).toHaveValue(email);
  await expect(page.getByLabel("パスワード", { exact: true })).toHaveValue("");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmypage%2Forders$/);

  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await submitFrom(page, "パスワード");
  await expect(page).toHaveURL(/\/mypage\/orders$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("購入履歴");
  // The header is the signed-in member's (its menu's labels are English in both languages).
  await expect(page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "My Page" })).toBeVisible();
});

test("sign-in without JavaScript, in English: the message is the English one", async ({ page, request }) => {
  const email = await createConfirmedMember(request, PASSWORD);
  await page.goto("/locale/en?to=%2Flogin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("still-wrong");
  await submitFrom(page, "Password");
  await expect(page.getByTestId("login-errors")).toHaveText("Invalid email or password.");
});

test("an inquiry without JavaScript: the messages under the fields, what was typed kept, then the thanks page", async ({ page }) => {
  await page.goto("/inquiry");
  await page.getByLabel("お名前").fill("山田 花子");
  await page.getByLabel("メールアドレス").fill("not-an-address");
  await page.getByLabel("ご注文番号").fill("12345");
  await page.getByLabel("件名").fill("ギフト包装について");
  await page.getByLabel("お問い合わせ内容").fill("ワインを2本、ギフト包装でお願いできますか。");
  await submitFrom(page, /^件名/);
  const address = page.getByLabel("メールアドレス");
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("メールアドレスは不正な値です")).toBeVisible();
  await expect(page.getByText("ご注文番号は「7K3M-Q9XA-2BCD」のような12桁の英数字で入力してください")).toBeVisible();
  await expect(page.getByLabel("ご注文番号")).toHaveValue("12345");
  await expect(page.getByLabel("お名前")).toHaveValue("山田 花子");
  await expect(page.getByLabel("お問い合わせ内容")).toHaveValue("ワインを2本、ギフト包装でお願いできますか。");

  await page.getByLabel("ご注文番号").fill("");
  await address.fill(`inquirer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await submitFrom(page, /^件名/);
  await expect(page).toHaveURL(/\/inquiry\/complete$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("お問い合わせありがとうございます");
});
