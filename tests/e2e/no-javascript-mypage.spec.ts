import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { asConfirmedAdult, createConfirmedMember } from "./fixtures.ts";

// My Page before (or without) the page's JavaScript (issue 28 item 8, decision 059): the saved
// address, the address book (add, change, delete after the page asks), the header's search and
// Log Out are plain forms and links that the pages' actions answer.

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 180_000 });

const PASSWORD = "nojs mypage 2026";
const SCREENS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
];

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

/** Presses a button or link from the keyboard and waits for the page it leads to. */
async function press(page: Page, control: ReturnType<Page["getByRole"]>): Promise<void> {
  await Promise.all([page.waitForNavigation(), control.press("Enter")]);
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/login?redirect=%2Fmypage%2Faddress");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await press(page, page.getByRole("button", { name: "ログイン" }));
  await expect(page).toHaveURL(/\/mypage\/address$/);
}

for (const screen of SCREENS) {
  test(`${screen.name}: a member edits the address, keeps an address book, searches and logs out, all without JavaScript`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(screen.viewport);
    const email = await createConfirmedMember(request, PASSWORD);
    await signIn(page, email);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

    // The saved address: a postcode of another prefecture is refused under its field, then saved.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("お届け先住所");
    await expect(page.getByRole("combobox", { name: "国" })).toHaveValue("日本");
    // Nothing fills the address from the postcode without the script: the hint does not promise it.
    const zipHint = page.getByLabel("郵便番号", { exact: true });
    await expect(zipHint).toHaveAccessibleDescription("7桁の数字(ハイフンなしでも可)で入力してください。");
    await page.getByLabel("郵便番号", { exact: true }).fill("100-0001");
    await page.getByLabel("都道府県", { exact: true }).selectOption({ label: "大阪府" });
    await page.getByLabel("住所", { exact: true }).fill("千代田区千代田1-1");
    await press(page, page.getByRole("button", { name: "保存する" }));
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expect(page.getByLabel("住所", { exact: true })).toHaveValue("千代田区千代田1-1");
    await page.screenshot({ path: testInfo.outputPath(`address-refused-${screen.name}.png`), fullPage: true });
    await page.getByLabel("都道府県", { exact: true }).selectOption({ label: "東京都" });
    await press(page, page.getByRole("button", { name: "保存する" }));
    await expect(page).toHaveURL(/\/mypage\/address\?saved=1$/);
    await expect(page.getByTestId("address-saved")).toHaveText("保存しました。");
    await expect(page.getByLabel("郵便番号", { exact: true })).toHaveValue("1000001");
    await page.screenshot({ path: testInfo.outputPath(`address-saved-${screen.name}.png`), fullPage: true });

    // The address book, reached from My Page's menu (on a phone it opens as a disclosure).
    const menu = page.getByRole("navigation", { name: "マイページメニュー" });
    const toggle = page.getByTestId("mypage-menu-toggle");
    if (await toggle.isVisible()) await toggle.click();
    await press(page, menu.getByRole("link", { name: "お届け先リスト", exact: true }));
    await expect(page.getByTestId("default-address")).toContainText("千代田区千代田1-1");
    await press(page, page.getByRole("link", { name: "お届け先を追加する" }));
    const form = page.getByTestId("address-book-form");
    await form.getByLabel("お届け先のお名前", { exact: true }).fill("佐藤 一郎");
    await form.getByLabel("お届け先の電話番号", { exact: true }).fill("abc");
    await form.getByLabel("郵便番号", { exact: true }).fill("530-0001");
    await form.getByLabel("都道府県", { exact: true }).selectOption({ label: "大阪府" });
    await form.getByLabel("住所", { exact: true }).fill("大阪市北区梅田1-1");
    await press(page, form.getByRole("button", { name: "保存する" }));
    // Refused: the API's message under the phone, the form still open with what was typed.
    await expect(form.getByLabel("お届け先の電話番号", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("お届け先のお名前", { exact: true })).toHaveValue("佐藤 一郎");
    await form.getByLabel("お届け先の電話番号", { exact: true }).fill("06-1234-5678");
    await press(page, form.getByRole("button", { name: "保存する" }));
    await expect(page).toHaveURL(/\/mypage\/address-book\?done=added#address-book-done$/);
    await expect(page.getByTestId("address-book-done")).toHaveText("お届け先を追加しました。");
    await expect(page.getByRole("listitem").filter({ hasText: "佐藤 一郎 様" })).toContainText("大阪市北区梅田1-1");
    await page.screenshot({ path: testInfo.outputPath(`address-book-${screen.name}.png`), fullPage: true });

    // Changed…
    await press(page, page.getByRole("link", { name: "編集" }));
    await page.getByTestId("address-book-form").getByLabel("お届け先のお名前", { exact: true }).fill("佐藤 二郎");
    await page.screenshot({ path: testInfo.outputPath(`address-book-edit-${screen.name}.png`), fullPage: true });
    await press(page, page.getByTestId("address-book-form").getByRole("button", { name: "保存する" }));
    await expect(page.getByTestId("address-book-done")).toHaveText("お届け先を変更しました。");
    await expect(page.getByText("佐藤 二郎 様")).toBeVisible();

    // …and deleted, after the page asks (no dialog without JavaScript).
    await press(page, page.getByRole("link", { name: "削除", exact: true }));
    const confirm = page.getByTestId("address-book-delete-confirm");
    await expect(confirm).toContainText("「佐藤 二郎 様」のお届け先を削除します。");
    await page.screenshot({ path: testInfo.outputPath(`address-book-delete-${screen.name}.png`), fullPage: true });
    await press(page, confirm.getByRole("button", { name: "削除する" }));
    await expect(page.getByTestId("address-book-done")).toHaveText("お届け先を削除しました。");
    await expect(page.getByText("登録されたお届け先はありません。")).toBeVisible();

    // The header's search: a GET form to /shop.
    const headerMenuToggle = page.getByTestId("menu-toggle");
    const search = page.getByRole("search").getByRole("searchbox", { name: "商品を検索" });
    await search.fill("ワイン");
    await Promise.all([page.waitForURL(/\/shop\?q=/), search.press("Enter")]);
    expect(new URL(page.url()).searchParams.get("q")).toBe("ワイン");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // Log Out: a form in the header's menu (on a phone, behind the menu's disclosure).
    if (await headerMenuToggle.isVisible()) await headerMenuToggle.click();
    await press(page, page.getByTestId("header-log-out"));
    await expect(page).toHaveURL(/\/$/);
    // The header is a guest's (on a phone its menu, and so the whole navigation, is folded away).
    await expect(page.locator('header a[href="/login"]')).toBeAttached();
    await page.goto("/mypage/address-book");
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
}

test("the account page without JavaScript: a wrong current password is answered under its field; Log Out from My Page's menu", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await createConfirmedMember(request, PASSWORD);
  await signIn(page, email);
  await page.goto("/mypage/account");
  const emailSection = page.getByRole("region", { name: "メールアドレスの変更" });
  await emailSection.getByLabel("新しいメールアドレス").fill("changed@example.com");
  await emailSection.getByLabel("現在のパスワード").fill("not the password");
  await press(page, emailSection.getByRole("button", { name: "メールアドレスを変更する" }));
  await expect(page.getByRole("region", { name: "メールアドレスの変更" }).getByLabel("現在のパスワード")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("region", { name: "メールアドレスの変更" }).getByLabel("新しいメールアドレス")).toHaveValue("changed@example.com");
  await page.getByRole("region", { name: "メールアドレスの変更" }).getByLabel("現在のパスワード").fill(PASSWORD);
  await press(page, page.getByRole("region", { name: "メールアドレスの変更" }).getByRole("button", { name: "メールアドレスを変更する" }));
  await expect(page.getByTestId("account-updated")).toHaveText("アカウント情報を変更しました。");
  await expect(page.getByTestId("pending-email")).toContainText("changed@example.com");
  await page.screenshot({ path: test.info().outputPath("account-phone.png"), fullPage: true });

  await page.getByTestId("mypage-menu-toggle").click();
  await press(page, page.getByRole("navigation", { name: "マイページメニュー" }).getByRole("button", { name: "ログアウト" }));
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/mypage");
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test("cancelling the account without JavaScript: the top page says the account was deleted", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await createConfirmedMember(request, PASSWORD);
  await signIn(page, email);
  await page.goto("/mypage/account");
  const cancel = page.getByRole("region", { name: "退会" });
  await cancel.getByLabel("現在のパスワード").fill(PASSWORD);
  await cancel.getByLabel("退会すると元に戻せないことを確認しました").check();
  await press(page, cancel.getByRole("button", { name: "退会する" }));
  await expect(page).toHaveURL(/\/\?cancelled=1$/);
  await expect(page.getByTestId("account-cancelled")).toHaveText("アカウントを削除しました。またのご利用をお待ちしております。");
  await page.screenshot({ path: test.info().outputPath("account-cancelled-phone.png"), fullPage: true });
  await page.goto("/mypage");
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
