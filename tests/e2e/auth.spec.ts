import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, createConfirmedMember, pathOf, waitForHydration, withMailbox } from "./fixtures.ts";

// Accounts as a shopper meets them (issue #5, and the member cart of issue #4): mails are read from
// the built-in mailbox at /dev/mailbox, as the test owner opens it in a browser of its own.

test.describe.configure({ timeout: testTime(120_000) });

const PASSWORD = "kura-cellar-2024";

const newEmail = () => `${crypto.randomUUID()}@example.com`;

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Opens the newest mail to `to` whose subject matches, in the mailbox page, and returns the link containing `linkPart`. */
async function linkFromMailbox(page: Page, to: string, subject: string | RegExp, linkPart: string): Promise<string> {
  return withMailbox(page, async (mailbox) => {
    const row = mailbox.getByRole("row").filter({ hasText: to }).filter({ hasText: subject }).first();
    // Mails leave through the outbox a moment after the request that caused them.
    await expect(async () => {
      await mailbox.goto("/dev/mailbox");
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: testTime(60_000) });
    await row.getByRole("link").click();
    const link = mailbox.locator("pre a").filter({ hasText: linkPart }).first();
    await expect(link).toBeVisible();
    return pathOf((await link.getAttribute("href"))!);
  });
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
}

function header(page: Page): Locator {
  return page.getByRole("navigation", { name: "メインメニュー" });
}

async function newShopper(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asConfirmedAdult(page);
  return page;
}

test("a new member signs up, confirms from the mail, signs in, edits the profile and signs out", async ({ page }) => {
  const email = newEmail();
  await open(page, "/signup");
  await expect(page.getByText("8文字以上128文字以内で入力してください。")).toBeVisible();

  // A short password and a mismatch: the server's errors list in a danger snackbar, and under the fields.
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("short");
  await page.getByLabel("パスワード(確認用)").fill("different");
  await page.getByRole("button", { name: "登録する" }).click();
  const snackbar = page
    .getByRole("alert")
    .filter({ hasText: "パスワードは8文字以上で入力してください" })
    .filter({ hasText: "パスワード（確認用）とパスワードの入力が一致しません" });
  await expect(snackbar).toBeVisible();
  await expect(page.getByLabel("パスワード", { exact: true })).toBeFocused();
  await expect(page.getByLabel("パスワード", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // The snackbar hides after 3000 ms; the message under the field stays.
  await expect(snackbar).toBeHidden({ timeout: testTime(15_000) });
  await expect(page.getByText("パスワードは8文字以上で入力してください")).toBeVisible();

  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByLabel("パスワード(確認用)").fill(PASSWORD);
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page).toHaveURL(/\/signup\/thanks$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("確認メールを送信しました");
  await expect(page.getByText(email)).toBeVisible();

  // Not confirmed yet: signing in is refused with Devise's reason.
  await open(page, "/login");
  await signIn(page, email);
  await expect(page.getByTestId("login-errors")).toHaveText("メールアドレスの本人確認が必要です。");

  const confirmation = await linkFromMailbox(page, email, "メールアドレス確認メール", "confirmation_token");
  await page.goto(confirmation);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/confirmations\/thanks$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("メール認証が完了しました。");

  // The same link again says the address is already confirmed.
  await page.goto(confirmation);
  await expect(page).toHaveURL(/\/confirmations\/new\?error=confirmed$/);
  await expect(page.getByTestId("link-error")).toContainText("メールアドレスは既に登録済みです。ログインしてください。");

  await open(page, "/confirmations/thanks");
  await page.getByRole("link", { name: "ログインする" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(header(page).getByRole("link", { name: "My Page" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Log In" })).toHaveCount(0);
  await expect(page.getByTestId("profile-email")).toHaveText(email);

  // A phone number that is not one: the message under the field, which gets the focus.
  const tel = page.getByLabel("電話番号");
  await page.getByLabel("お名前").fill("蔵前 花子");
  await tel.fill("abc");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(tel).toBeFocused();
  await expect(tel).toHaveAttribute("aria-invalid", "true");

  // Full-width digits are accepted and stored half-width.
  await tel.fill("０３-１２３４-５６７８");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("status").filter({ hasText: "保存しました。" })).toBeVisible();
  await expect(tel).toHaveValue("03-1234-5678");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("お名前")).toHaveValue("蔵前 花子");
  await expect(page.getByLabel("電話番号")).toHaveValue("03-1234-5678");

  await header(page).getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: "ログアウトしました。" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Log In" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Log Out" })).toHaveCount(0);
  await page.goto("/mypage");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmypage$/);
});

test("a wrong password says why, in Japanese and in English", async ({ page, request }) => {
  const email = await createConfirmedMember(request, PASSWORD);
  await open(page, "/login");
  await signIn(page, email, "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "ログインできませんでした。" })).toBeVisible();
  await expect(page.getByTestId("login-errors")).toHaveText("メールアドレスまたはパスワードが違います。");
  await expect(page.getByLabel("パスワード", { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto("/locale/en?to=%2Flogin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("still-wrong");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByTestId("login-errors")).toHaveText("Invalid email or password.");
});

test("ten wrong passwords lock the account, with a warning before the last; the mailed link unlocks it", async ({ page, request }) => {
  const email = await createConfirmedMember(request, PASSWORD);
  await open(page, "/login");
  const errors = page.getByTestId("login-errors");
  for (let attempt = 1; attempt <= 10; attempt++) {
    await signIn(page, email, `wrong-${attempt}`);
    const expected =
      attempt < 9
        ? "メールアドレスまたはパスワードが違います。"
        : attempt === 9
          ? "もう一回誤るとアカウントがロックされます。"
          : "アカウントはロックされています。";
    await expect(errors).toHaveText(expected);
  }
  // Locked: even the right password is refused.
  await signIn(page, email);
  await expect(errors).toHaveText("アカウントはロックされています。");
  await expect(page).toHaveURL(/\/login$/);

  const unlock = await linkFromMailbox(page, email, "アカウントのロック解除について", "unlock_token");
  await page.goto(unlock);
  await expect(page).toHaveURL(/\/login\?unlocked=1$/);
  await expect(page.getByText("アカウントをロック解除しました。")).toBeVisible();
  await waitForHydration(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/mypage$/);
});

test("a protected page sends the visitor to log in and back to it afterwards", async ({ page, request }) => {
  const email = await createConfirmedMember(request, PASSWORD);
  await page.goto("/mypage/account");
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmypage%2Faccount$/);
  await expect(page.getByText("ログインもしくはアカウント登録してください。")).toBeVisible();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/mypage\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("メールアドレス・パスワード");
  await expect(page.getByTestId("current-email")).toHaveText(email);

  // A signed-in member does not see the guest-only pages.
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/$/);
});

test("a changed e-mail waits for the confirmation link sent to the new address", async ({ page, request }) => {
  const email = await createConfirmedMember(request, PASSWORD);
  const changed = newEmail();
  await open(page, "/login?redirect=%2Fmypage%2Faccount");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/mypage\/account$/);

  const emailSection = page.getByRole("region", { name: "メールアドレスの変更" });
  await emailSection.getByLabel("新しいメールアドレス").fill(changed);
  await emailSection.getByLabel("現在のパスワード").fill("wrong-password");
  await emailSection.getByRole("button", { name: "メールアドレスを変更する" }).click();
  await expect(emailSection.getByLabel("現在のパスワード")).toBeFocused();
  await expect(emailSection.getByLabel("現在のパスワード")).toHaveAttribute("aria-invalid", "true");

  await emailSection.getByLabel("現在のパスワード").fill(PASSWORD);
  await emailSection.getByRole("button", { name: "メールアドレスを変更する" }).click();
  await expect(page.getByTestId("pending-email")).toContainText(changed);
  await expect(page.getByTestId("current-email")).toHaveText(email);

  const link = await linkFromMailbox(page, changed, "メールアドレス確認メール", "confirmation_token");
  await page.goto(link);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/mypage\/account\?confirmed=1$/);
  await expect(page.getByText("メールアドレスが確認できました。")).toBeVisible();
  await expect(page.getByTestId("current-email")).toHaveText(changed);
  await expect(page.getByTestId("pending-email")).toHaveCount(0);
});

test("a forgotten password is reset from the mail, which signs the member in", async ({ page, request }) => {
  const email = await createConfirmedMember(request, PASSWORD);
  const newPassword = "a-new-cellar-key";

  await open(page, "/password/edit");
  await expect(page.getByTestId("token-missing")).toHaveText(
    /このページにはアクセスできません。パスワード再設定メールのリンクからアクセスされた場合には、URL をご確認ください。/,
  );

  await open(page, "/login");
  await page.getByRole("link", { name: "パスワードをお忘れの方はこちら" }).click();
  await expect(page).toHaveURL(/\/password$/);
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByRole("button", { name: "再設定メールを送信する" }).click();
  await expect(page).toHaveURL(/\/password\/thanks$/);
  await expect(page.getByText("リンクの有効期限は6時間です。", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "お問い合わせ" })).toHaveAttribute("href", "/inquiry");

  const reset = await linkFromMailbox(page, email, "パスワードの再設定について", "reset_password_token");
  await open(page, reset);
  await page.getByLabel("新しいパスワード", { exact: true }).fill(newPassword);
  await page.getByLabel("新しいパスワード(確認用)").fill("something-else");
  await page.getByRole("button", { name: "パスワードを変更する" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "パスワード（確認用）とパスワードの入力が一致しません" }).first()).toBeVisible();

  await page.getByLabel("新しいパスワード(確認用)").fill(newPassword);
  await page.getByRole("button", { name: "パスワードを変更する" }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(header(page).getByRole("link", { name: "My Page" })).toBeVisible();

  // The link works once; the new password signs in, the old one no longer does.
  await header(page).getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await open(page, reset);
  await page.getByLabel("新しいパスワード", { exact: true }).fill(newPassword);
  await page.getByLabel("新しいパスワード(確認用)").fill(newPassword);
  await page.getByRole("button", { name: "パスワードを変更する" }).click();
  await expect(page.getByTestId("token-error")).toBeVisible();

  await open(page, "/login");
  await signIn(page, email, PASSWORD);
  await expect(page.getByTestId("login-errors")).toHaveText("メールアドレスまたはパスワードが違います。");
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/mypage$/);
});

test("a guest's cart joins the member's at sign-in and shows on a second device", async ({ page, browser, request }) => {
  const email = await createConfirmedMember(request, PASSWORD);
  const products = (await (await request.get("/ja/api/products")).json()).data as {
    id: string;
    attributes: { name: string; sold_out: boolean; buyable_limit: number | null };
  }[];
  const product = products.find((candidate) => !candidate.attributes.sold_out && candidate.attributes.buyable_limit === null)!;

  await open(page, `/products/${product.id}`);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  // The login prompt of a guest's first bottle leads to the login page.
  const prompt = page.getByTestId("login-prompt");
  await expect(prompt).toBeVisible();
  await expect.poll(async () => (await (await page.request.get("/ja/api/carts")).json()).data.length).toBe(1);
  await prompt.getByRole("link", { name: "ログインする" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  // The member changes the amount and reloads: the cart is kept.
  await page.getByTestId("cart-button").click();
  await page
    .getByTestId("cart-drawer")
    .getByRole("button", { name: `${product.attributes.name}を1本増やす` })
    .click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await expect.poll(async () => (await (await page.request.get("/ja/api/carts")).json()).data[0]?.amount).toBe(2);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  // Another browser signed in as the same member finds the same cart.
  const other = await newShopper(browser);
  await open(other, "/login");
  await signIn(other, email);
  await expect(other).toHaveURL(/\/mypage$/);
  await expect(other.getByTestId("cart-count")).toHaveText("2");
  await other.getByTestId("cart-button").click();
  await expect(other.getByTestId("cart-drawer").getByTestId("cart-item")).toContainText(product.attributes.name);
  await other.getByTestId("cart-drawer").getByRole("button", { name: "カートを閉じる" }).click();

  // Signing out empties this browser's cart; the member's cart waits on the server.
  await header(other).getByRole("button", { name: "Log Out" }).click();
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByTestId("cart-count")).toHaveCount(0);
  expect(await other.evaluate(() => window.localStorage.getItem("cart"))).not.toContain(product.id);
  await open(other, "/login");
  await signIn(other, email);
  await expect(other.getByTestId("cart-count")).toHaveText("2");
  await other.context().close();
});

test("a member cancels the account after confirming with the password", async ({ page, request }) => {
  const email = await createConfirmedMember(request, PASSWORD);
  await open(page, "/login?redirect=%2Fmypage%2Faccount");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/mypage\/account$/);

  const cancel = page.getByRole("region", { name: "退会" });
  const dialog = page.getByTestId("cancel-account-dialog");
  await cancel.getByLabel("現在のパスワード").fill("wrong-password");
  await cancel.getByRole("button", { name: "退会する" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "退会する" }).click();
  await expect(dialog).toBeHidden();
  await expect(cancel.getByLabel("現在のパスワード")).toHaveAttribute("aria-invalid", "true");

  // Changing one's mind keeps the account.
  await cancel.getByLabel("現在のパスワード").fill(PASSWORD);
  await cancel.getByRole("button", { name: "退会する" }).click();
  await dialog.getByRole("button", { name: "やめる" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/mypage\/account$/);

  await cancel.getByRole("button", { name: "退会する" }).click();
  await dialog.getByRole("button", { name: "退会する" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: "アカウントを削除しました。" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Log In" })).toBeVisible();

  await open(page, "/login");
  await signIn(page, email);
  await expect(page.getByTestId("login-errors")).toHaveText("メールアドレスまたはパスワードが違います。");
});

test("an unusable confirmation or unlock link says so and offers a new mail", async ({ page }) => {
  await page.goto("/ja/api/users/confirmation?confirmation_token=not-a-token");
  await expect(page).toHaveURL(/\/confirmations\/new\?error=invalid$/);
  await expect(page.getByTestId("link-error")).toContainText("確認リンクが正しくありません。");
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(newEmail());
  await page.getByRole("button", { name: "確認メールを再送信する" }).click();
  await expect(page.getByTestId("request-sent")).toContainText("本人確認用のメールが数分以内に送信されます。");

  await page.goto("/ja/api/users/unlock?unlock_token=not-a-token");
  await expect(page).toHaveURL(/\/unlock\/new\?error=invalid$/);
  await expect(page.getByTestId("link-error")).toContainText("ロック解除のリンクが正しくないか、既に使用されています。");
  await waitForHydration(page);
  // A blank address: named under the field before anything is sent.
  await page.getByRole("button", { name: "ロック解除メールを再送信する" }).click();
  await expect(page.getByLabel("メールアドレス")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("メールアドレス")).toBeFocused();
});
