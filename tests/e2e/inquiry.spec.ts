import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { SHOP_NAME_JA, asConfirmedAdult, waitForHydration, withMailbox } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

/** The text of the messages under a field, found through the field's aria-describedby. */
async function messageText(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: false }).first();
  if ((await field.getAttribute("aria-invalid")) !== "true") return "";
  const ids = (await field.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    ids
      .split(" ")
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(" ");
}

/** Waits until the message under a field says `expected`: the server's answer may still be on its way. */
async function expectMessageUnder(page: Page, label: string, expected: string): Promise<void> {
  await expect.poll(() => messageText(page, label)).toContain(expected);
}

test("an inquiry with errors, then sent: messages under the fields, the thanks page and the acknowledgement mail", async ({ page }) => {
  await page.goto("/inquiry");
  await waitForHydration(page);
  await expect(page).toHaveTitle(`Contact | ${SHOP_NAME_JA}`);
  // The shop's other ways to reach it stay on the page.
  await expect(page.getByRole("link", { name: "info@kura-shuho.example" })).toHaveAttribute("href", "mailto:info@kura-shuho.example");

  // Blank fields are named in the browser by the route's own schema, before anything is sent.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/inquiries")) posts.push(request.url());
  });
  await page.getByRole("button", { name: "送信する" }).click();
  await expectMessageUnder(page, "お名前", "お名前を入力してください");
  await expectMessageUnder(page, "メールアドレス", "メールアドレスを入力してください");
  await expectMessageUnder(page, "件名", "件名を入力してください");
  await expectMessageUnder(page, "お問い合わせ内容", "お問い合わせ内容を入力してください");
  // Keyboard and screen-reader users land on the first field in error.
  await expect(page.getByLabel("お名前")).toBeFocused();
  await expect(page).toHaveURL(/\/inquiry$/);

  const email = `inquirer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.getByLabel("お名前").fill("山田 花子");
  await page.getByLabel("メールアドレス").fill("not-an-address");
  // The optional order number, with a rule of its own: the same schema's message, before sending.
  await page.getByLabel("ご注文番号").fill("12345");
  await page.getByLabel("件名").fill("ギフト包装について");
  await page.getByLabel("お問い合わせ内容").fill("ワインを2本、ギフト包装でお願いできますか。");
  await page.getByRole("button", { name: "送信する" }).click();
  await expectMessageUnder(page, "メールアドレス", "メールアドレスは不正な値です");
  await expectMessageUnder(page, "ご注文番号", "ご注文番号は「7K3M-Q9XA-2BCD」のような12桁の英数字で入力してください");
  await expect(page.getByLabel("お名前")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("メールアドレス")).toBeFocused();
  expect(posts).toEqual([]);

  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("ご注文番号").fill("7k3m q9xa 2bcd");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page).toHaveURL(/\/inquiry\/complete$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("お問い合わせありがとうございます");
  await expect(page.getByRole("main")).toContainText("確認メールをお送りしました");

  await withMailbox(page, async (mailbox) => {
    await expect
      .poll(
        async () => {
          await mailbox.goto("/dev/mailbox");
          return mailbox.getByRole("row", { name: email }).count();
        },
        { timeout: testTime(60_000) },
      )
      .toBe(1);
    await mailbox.getByRole("row", { name: email }).getByRole("link").click();
    await expect(mailbox.getByRole("heading", { level: 1 })).toHaveText(/^お問い合わせを受け付けました\(#\d+\)$/);
    const text = mailbox.locator("pre");
    await expect(text).toContainText("山田 花子 様");
    await expect(text).toContainText("ワインを2本、ギフト包装でお願いできますか。");
    await expect(text).toContainText("ご注文番号: 7K3M-Q9XA-2BCD");
  });
});

test("in English, the form says Send and answers in English", async ({ page }) => {
  await page.goto("/locale/en?to=/inquiry");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send" }).click();
  await expectMessageUnder(page, "Message", "Message can't be blank");
  await expectMessageUnder(page, "Email", "Email can't be blank");
});
