import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { E2E_OWNER as OWNER, passOwnerSecondStep, waitForHydration } from "./fixtures.ts";

// The owner reads the staff audit log (decision 065) as a card acquirer would ask to see it: who
// signed in, from where, and what they changed; filtered by kind of action and date; in ja and en.

test.describe.configure({ timeout: testTime(180_000) });

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`the owner finds their own sign-in and a failed one in the audit log (${viewport.name})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo", viewport });
    const page = await context.newPage();
    // A wrong password first, then the right one: both are in the book.
    await page.goto("/admin/login");
    await waitForHydration(page);
    await page.getByLabel("メールアドレス").fill(OWNER.email);
    await page.getByLabel("パスワード").fill("not the password");
    await page.getByRole("button", { name: "サインイン" }).click();
    await expect(page.getByTestId("admin-login-errors")).toBeVisible();
    await page.getByLabel("パスワード").fill(OWNER.password);
    await page.getByRole("button", { name: "サインイン" }).click();
    await passOwnerSecondStep(page);
    await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();

    await page.goto("/admin/audit-log");
    await expect(page.getByRole("heading", { level: 1, name: "操作ログ" })).toBeVisible();
    await page.getByLabel("操作の種類").selectOption({ label: "ログイン・スタッフ" });
    const today = await page.evaluate(() => new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Tokyo" }).format(new Date()));
    await page.getByLabel("開始日").fill(today);
    await page.getByLabel("終了日").fill(today);
    await page.getByRole("button", { name: "検索" }).click();
    await expect(page).toHaveURL(/action=staff\./);
    const rows = page.getByTestId("audit-row");
    await expect(rows.filter({ hasText: OWNER.email }).filter({ hasText: "失敗" }).first()).toBeVisible();
    await expect(rows.filter({ hasText: OWNER.email }).filter({ hasNotText: "失敗" }).first()).toBeVisible();
    // Each action by its name in Japanese (its code in the title), the browser in a few words (the full string in the title).
    const actions = rows.locator("th[scope=row] [title]");
    expect(await actions.count()).toBeGreaterThan(1);
    for (const action of await actions.all()) {
      expect(await action.getAttribute("title")).toMatch(/^staff\./);
      expect(await action.textContent()).toMatch(/^[^a-z]+$/);
    }
    await expect(rows.getByRole("rowheader", { name: "ログイン", exact: true }).first()).toBeVisible();
    const agent = rows.first().getByTestId("audit-agent");
    await expect(agent).toHaveText(/^Chrome.* \d+ · \w+/);
    expect(await agent.getAttribute("title")).toMatch(/^Mozilla\/5\.0 .+Chrome\//);
    await page.screenshot({ path: test.info().outputPath(`audit-log-ja-${viewport.name}.png`), fullPage: true });

    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await expect(page.getByTestId("audit-row").filter({ hasText: "Failed" }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`audit-log-en-${viewport.name}.png`), fullPage: true });
    await context.close();
  });
}
