import { expect, test } from "@playwright/test";
import { asConfirmedAdult } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

test("the legal notice lists every row the act requires, with the shop's terms", async ({ page }) => {
  await page.goto("/specified-commercial-transaction-act-notes");
  const table = page.getByTestId("legal-notice-table");
  await expect(table.locator("th")).toHaveText([
    "販売業者",
    "所在地",
    "電話番号",
    "お問い合わせ受付時間",
    "メールアドレス",
    "運営統括責任者",
    "商品代金以外の必要料金",
    "返品・交換について",
    "引渡し時期",
    "お支払い方法",
    "お支払い期限",
  ]);
  const row = (header: string) => table.locator("tr", { has: page.locator("th", { hasText: header }) }).locator("td");
  await expect(row("販売業者")).toHaveText("株式会社蔵前酒舗");
  await expect(row("所在地")).toContainText("〒111-0051");
  await expect(row("お問い合わせ受付時間")).toContainText("10:00〜18:00");
  await expect(row("メールアドレス").getByRole("link")).toHaveAttribute("href", "mailto:info@kura-shuho.example");
  await expect(row("商品代金以外の必要料金")).toContainText("1,100");
  await expect(row("商品代金以外の必要料金")).toContainText("代引き手数料：440 円(税抜)");
  // Tax is charged on shipping and the fee, so the notice quotes them before tax, with the cool fee.
  await expect(row("商品代金以外の必要料金")).toContainText("送料(1箱あたり・税抜)：北海道 1,650 円／沖縄県 2,200 円／上記以外の地域 1,100 円");
  await expect(row("商品代金以外の必要料金")).toContainText("クール便：1箱あたり550 円(税抜)を加算");
  // One shipping promise, from the delivery calendar (decision 054), and no second figure beside it.
  await expect(row("引渡し時期")).toContainText("14時までのご注文は当日発送(土日祝・休業日を除く)。銀行振込の場合は、ご入金の確認後の発送となります。");
  await expect(row("返品・交換について")).toContainText("お客様のご都合による返品・交換はお受けしておりません");
  await expect(row("引渡し時期")).not.toContainText("営業日以内");
  await expect(row("引渡し時期")).toContainText("14日以内");
  await expect(row("お支払い方法")).toContainText("クレジットカード");
  await expect(row("お支払い方法")).toContainText("銀行振込");
  await expect(row("お支払い方法")).toContainText("代金引換");
  await expect(row("お支払い期限")).toContainText("3日以内");
});

test("the company page shows the liquor-sales manager sign with its five items and the licence", async ({ page }) => {
  await page.goto("/company");
  const sign = page.getByTestId("liquor-sign");
  await expect(sign).toContainText("酒類販売管理者標識");
  await expect(sign.locator("th")).toHaveText([
    "販売場の名称及び所在地",
    "酒類販売管理者の氏名",
    "酒類販売管理研修受講年月日",
    "次回研修の受講期限",
    "研修実施団体名",
  ]);
  await expect(sign).toContainText("2024/06/18");
  await expect(sign).toContainText("2027/06/17");
  const main = page.getByRole("main");
  await expect(main).toContainText("酒類小売業免許");
  await expect(main).toContainText("浅草税務署");
  await expect(main).toContainText("平日 10:00〜17:00(土曜・日曜・祝日を除く)");
});

test("the privacy policy covers purposes, management, third parties and disclosure requests", async ({ page }) => {
  await page.goto("/privacy-policy");
  const headings = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(headings.filter({ hasText: "利用目的" })).toHaveCount(1);
  await expect(headings.filter({ hasText: "個人情報の管理" })).toHaveCount(1);
  await expect(headings.filter({ hasText: "第三者への提供" })).toHaveCount(1);
  await expect(headings.filter({ hasText: "開示・訂正・利用停止等のご請求" })).toHaveCount(1);
});

test("the legal pages read in English after the switch", async ({ page, context }) => {
  await context.addCookies([{ name: "locale", value: "en", url: "http://127.0.0.1" }]);
  await page.goto("/specified-commercial-transaction-act-notes");
  const table = page.getByTestId("legal-notice-table");
  await expect(table).toContainText("Kuramae Shuho Co., Ltd.");
  await expect(table).toContainText("1,100 JPY");
  await page.goto("/company");
  await expect(page.getByTestId("liquor-sign")).toContainText("Kyohei Kuramae");
});
