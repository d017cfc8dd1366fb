import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// The saved card (/mypage/credit) on the built-in test gateway, as a new member uses it: test card
// numbers typed into the card field, the 3-D Secure challenge in its dialog, a declined card.

test.describe.configure({ timeout: testTime(90_000) });

async function typeCard(page: Page, number: string, expiry = "1234", cvc = "123") {
  await page.getByLabel("カード番号").fill(number);
  await page.getByLabel("有効期限 (MM/YY)").fill(expiry);
  await page.getByLabel("セキュリティコード").fill(cvc);
}

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  await signUpAndSignIn(page, "credit");
  await page.goto("/mypage/credit");
  await waitForHydration(page);
});

test("a member saves 4242 4242 4242 4242, finds it masked after a reload, and deletes it", async ({ page }) => {
  await expect(page.getByRole("heading", { level: 1, name: /クレジットカード/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "マイページメニュー" }).getByRole("link", { name: "クレジットカード" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByTestId("test-mode-badge")).toHaveText("テストモード");
  await expect(page.getByText("登録されているカードはありません。")).toBeVisible();

  const number = page.getByLabel("カード番号");
  await expect(number).toHaveAttribute("autocomplete", "cc-number");
  await expect(page.getByLabel("有効期限 (MM/YY)")).toHaveAttribute("autocomplete", "cc-exp");
  await expect(page.getByLabel("セキュリティコード")).toHaveAttribute("autocomplete", "cc-csc");
  await typeCard(page, "4242424242424242");
  await expect(number).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByLabel("有効期限 (MM/YY)")).toHaveValue("12/34");

  // The card number goes to the test gateway, never to the shop's own API.
  const shopCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.includes("/api/")) shopCalls.push(request.postData() ?? "");
  });
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByRole("status").filter({ hasText: "保存しました。" })).toBeVisible();
  const saved = page.getByTestId("saved-card");
  await expect(saved).toContainText("•••• 4242");
  await expect(saved).toContainText("12/2034");
  await expect(saved).toContainText("Visa");
  expect(shopCalls.join(" ")).not.toContain("4242424242424242");

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("saved-card")).toContainText("•••• 4242");

  await page.getByRole("button", { name: "削除する" }).click();
  await expect(page.getByTestId("saved-card")).toHaveCount(0);
  await expect(page.getByText("登録されているカードはありません。")).toBeVisible();
  await expect(page.getByRole("button", { name: "登録する" })).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText("登録されているカードはありません。")).toBeVisible();
});

test("a 3-D Secure card is saved once the challenge is completed in its dialog", async ({ page }) => {
  await typeCard(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: "登録する" }).click();

  const dialog = page.getByRole("dialog", { name: "3Dセキュア認証" });
  await expect(dialog).toBeVisible();
  // Processing while the challenge is open: one submission at a time.
  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  const challenge = page.frameLocator('iframe[title="カード会社の本人認証画面"]');
  await expect(challenge.getByText("テストモード")).toBeVisible();
  await challenge.getByRole("button", { name: "認証を完了する" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("saved-card")).toContainText("•••• 3155");
  await expect(page.getByRole("status").filter({ hasText: "保存しました。" })).toBeVisible();

  // Replacing it: the form now says 更新する.
  await page.getByRole("button", { name: "別のカードに変更する" }).click();
  await typeCard(page, "5555 5555 5555 4444", "0130");
  await page.getByRole("button", { name: "更新する" }).click();
  await expect(page.getByTestId("saved-card")).toContainText("•••• 4444");
  await expect(page.getByTestId("saved-card")).toContainText("Mastercard");
});

test("a failed challenge says so under the card field and saves nothing", async ({ page }) => {
  await typeCard(page, "4000002760003184");
  await page.getByRole("button", { name: "登録する" }).click();
  await page.frameLocator('iframe[title="カード会社の本人認証画面"]').getByRole("button", { name: "認証に失敗する" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "3D認証に失敗しました。もう一度お試しください。" })).toBeVisible();
  await expect(page.getByLabel("カード番号")).toBeFocused();
  await expect(page.getByTestId("saved-card")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "登録する" })).toBeEnabled();
});

test("a declined card shows the gateway's message under the field and the focus returns to it", async ({ page }) => {
  await typeCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "登録する" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "カードが拒否されました。" });
  await expect(alert).toBeVisible();
  const number = page.getByLabel("カード番号");
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(number).toHaveAttribute("aria-describedby", (await alert.getAttribute("id"))!);
  await expect(page.getByTestId("saved-card")).toHaveCount(0);

  // Typing again clears the message; the same form then saves a good card.
  await typeCard(page, "4242 4242 4242 4242");
  await expect(alert).toHaveCount(0);
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByTestId("saved-card")).toContainText("•••• 4242");
});

test("the card field checks what is typed before anything is sent", async ({ page }) => {
  await typeCard(page, "4242 4242", "1234", "123");
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "カード番号が不完全です。" })).toBeVisible();
  await expect(page.getByLabel("カード番号")).toBeFocused();

  await typeCard(page, "4242 4242 4242 4242", "0101");
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "カードの有効期限が過去の日付です。" })).toBeVisible();
  await expect(page.getByLabel("有効期限 (MM/YY)")).toBeFocused();
});

test("in English the page, the card field and the gateway speak English", async ({ page }) => {
  await page.goto("/locale/en?to=/mypage/credit");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: /Credit card/ })).toBeVisible();
  await expect(page.getByTestId("test-mode-badge")).toHaveText("Test mode");
  await page.getByLabel("Card number").fill("4000000000009995");
  await page.getByLabel("Expiry (MM/YY)").fill("1234");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card has insufficient funds." })).toBeVisible();
});
