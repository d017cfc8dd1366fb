import { expect, test } from "@playwright/test";
import type { Page, Request } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact as fillContactAs, product, serverCart } from "./checkout-steps.ts";
import { ADULT_BIRTH_DATE, csrfOf, fillBirthDate, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// /checkout as shoppers use it on the built-in test gateway: a guest paying by card (with and
// without 3-D Secure, declined), by bank transfer and cash on delivery, a member with everything
// prefilled and a saved card, the empty cart, the leave prompt and a cart the stock no longer allows.

test.describe.configure({ timeout: testTime(120_000) });

const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;

const fillContact = (page: Page) => fillContactAs(page, "hanako@example.com");

async function typeCard(page: Page, number: string, expiry = "1234", cvc = "123") {
  await page.getByLabel("カード番号").fill(number);
  await page.getByLabel("有効期限 (MM/YY)").fill(expiry);
  await page.getByLabel("セキュリティコード").fill(cvc);
}

/** Every POST /api/checkout this page sends. */
function checkoutPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/api/checkout")) posts.push(request);
  });
  return posts;
}

test.beforeEach(async ({ page }) => asReturningShopper(page));

test("a guest pays by card: summary to the yen, the final confirmation, and the complete page", async ({ page, request }) => {
  const shochu = await product(request, "薩摩 黒麹仕込み");
  const cava = await product(request, "カステル・ソル");
  await checkoutWith(page, { [shochu.id]: 2, [cava.id]: 1 });

  await expect(page.getByRole("heading", { level: 1, name: /ご購入手続き/ })).toBeVisible();
  await expect(page.getByTestId("test-mode-badge")).toHaveText("テストモード");
  await expect(page.getByTestId("summary-item")).toHaveCount(2);
  const shochuRow = page.locator(`[data-testid="summary-item"][data-product-id="${shochu.id}"]`);
  await expect(shochuRow.getByRole("rowheader")).toHaveText(shochu.attributes.name);
  await expect(shochuRow.getByRole("cell")).toHaveText([yen(shochu.attributes.price), "2", yen(shochu.attributes.price * 2)]);
  const items = shochu.attributes.price * 2 + cava.attributes.price;
  const tax = Math.ceil(((items + 1100) * 10) / 100);
  await expect(page.getByTestId("summary-shipping")).toHaveText(yen(1100));
  await expect(page.getByTestId("summary-fee")).toHaveText(yen(0));
  await expect(page.getByTestId("summary-subtotal")).toHaveText(yen(items + 1100));
  await expect(page.getByTestId("summary-tax")).toHaveText(yen(tax));
  await expect(page.getByTestId("summary-total")).toHaveText(yen(items + 1100 + tax));

  // Credit is the default; a guest is not shown the saved-card option at all (not even disabled).
  await expect(page.getByRole("radio", { name: "クレジットカード", exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: "登録済みのクレジットカード" })).toHaveCount(0);

  const confirmation = page.getByTestId("final-confirmation");
  await expect(confirmation).toContainText(`商品3点 / お支払い金額 ${yen(items + 1100 + tax)}(税込)`);
  await expect(confirmation).toContainText("クレジットカード決済：ご注文時にお支払いが確定します");
  // The legal notice's one shipping promise (decision 054).
  await expect(confirmation).toContainText("14時までのご注文は当日発送(土日祝・休業日を除く)");
  await expect(confirmation).not.toContainText("営業日以内");
  await expect(confirmation).toContainText("お客様のご都合による返品・交換はお受けしておりません");
  await expect(confirmation).toContainText("20歳未満の者の飲酒は法律で禁止されています。20歳未満の方への酒類の販売はいたしません。");
  await expect(confirmation.getByRole("link", { name: /特定商取引法に基づく表記/ })).toHaveAttribute("href", "/specified-commercial-transaction-act-notes");

  // Nothing is sent before the required fields are filled.
  const posts = checkoutPosts(page);
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page.getByText("お名前を入力してください")).toBeVisible();
  await expect(page.getByLabel("お名前")).toBeFocused();
  expect(posts).toHaveLength(0);

  await fillContact(page);
  await fillAddress(page);
  await page.getByLabel("お届け希望時間帯").selectOption({ label: "午前中" });
  await page.getByLabel("備考").fill("不在時は宅配ボックスへ");
  await typeCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  await expect(page.getByText("注文が確定されました。")).toBeVisible();

  expect(posts).toHaveLength(1);
  const sent = posts[0]!;
  expect(sent.headers()["idempotency-key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const payload = sent.postDataJSON();
  expect(payload).toMatchObject({
    items: expect.arrayContaining([
      { id: Number(shochu.id), amount: 2 },
      { id: Number(cava.id), amount: 1 },
    ]),
    payment_method: "credit",
    name: "蔵前 花子",
    email: "hanako@example.com",
    phone: "03-1234-5678",
    address: { country: "jp", zip: "1000001", prefecture: 13, address: "千代田区千代田1-1", building_name: "" },
    desired_delivery_date: "",
    desired_delivery_timezone: "08-12",
    memo: "不在時は宅配ボックスへ",
  });
  expect(payload.payment.payment_method_id).toMatch(/^pm_/);
  // The card number went to the gateway only.
  expect(sent.postData()).not.toContain("4242424242424242");
  // The order number a shopper can read out: the order's id in groups of four.
  const orderId = ((await (await sent.response())!.json()) as { order_id: string }).order_id;
  await expect(page.getByTestId("order-number")).toHaveText(orderId.match(/.{4}/g)!.join("-"));
  await expect(page.getByTestId("order-number")).toHaveText(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  expect(await serverCart(page)).toEqual({});
});

test("3-D Secure: a failed challenge says so and the next press is a new attempt; a completed one places the order", async ({ page, request }) => {
  const wine = await product(request, "バジェ・アルト");
  await checkoutWith(page, { [wine.id]: 1 });
  await fillContact(page);
  await fillAddress(page);
  await typeCard(page, "4000 0027 6000 3184");
  const posts = checkoutPosts(page);

  await page.getByRole("button", { name: "購入" }).click();
  const challenge = page.frameLocator('iframe[title="カード会社の本人認証画面"]');
  await expect(page.getByRole("dialog", { name: "3Dセキュア認証" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  await challenge.getByRole("button", { name: "認証に失敗する" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /3D|認証/ })).toBeVisible();
  await expect(page.getByLabel("カード番号")).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(posts).toHaveLength(1);

  await page.getByRole("button", { name: "購入" }).click();
  await challenge.getByRole("button", { name: "認証を完了する" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  // The retry ran under a new key; its re-post after the challenge under the same one, with the order's ids.
  expect(posts).toHaveLength(3);
  const [failed, retry, settle] = posts.map((post) => ({ key: post.headers()["idempotency-key"], body: post.postDataJSON() }));
  expect(retry!.key).not.toBe(failed!.key);
  expect(settle!.key).toBe(retry!.key);
  expect(settle!.body.order_id).toEqual(expect.any(String));
  expect(settle!.body.payment_intent_id).toEqual(expect.any(String));
  expect(settle!.body.payment.payment_method_id).toBe(retry!.body.payment.payment_method_id);
});

test("a declined card shows the gateway's message under the card field and the focus returns to it", async ({ page, request }) => {
  const gin = await product(request, "ハーロウ・ロンドン");
  await checkoutWith(page, { [gin.id]: 1 });
  await fillContact(page);
  await fillAddress(page);
  await typeCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "購入" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "カードが拒否されました。" });
  await expect(alert).toBeVisible();
  const number = page.getByLabel("カード番号");
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "購入" })).toBeEnabled();
  await expect(page).toHaveURL(/\/checkout$/);

  // A card the field itself refuses never reaches the shop.
  await typeCard(page, "4242 4242", "1234");
  await expect(alert).toHaveCount(0);
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "カード番号が不完全です。" })).toBeVisible();
});

test("bank transfer shows the accounts and places the order without a card", async ({ page, request }) => {
  const shochu = await product(request, "米焼酎 球磨の霧");
  await checkoutWith(page, { [shochu.id]: 1 });
  await page.getByRole("radio", { name: "銀行振込" }).check();
  const accounts = page.getByTestId("bank-account");
  await expect(accounts).toHaveCount(2);
  await expect(accounts.first()).toContainText("蔵前銀行");
  await expect(accounts.first()).toContainText("浅草橋支店");
  await expect(accounts.first()).toContainText("普通");
  await expect(accounts.first()).toContainText("1234567");
  await expect(accounts.first()).toContainText("カ）クラマエシユホ");
  await expect(page.getByTestId("bank-accounts")).toContainText("ご注文日から3日以内");
  await expect(page.getByTestId("confirm-payment")).toContainText("銀行振込：ご注文日から3日以内にお振り込みください");
  await expect(page.getByLabel("カード番号")).toBeHidden();

  await fillContact(page);
  await fillAddress(page);
  await page.getByLabel("お届け希望日").selectOption({ index: 2 });
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
});

test("cash on delivery: its fee is fetched while chosen and dropped on leaving it", async ({ page, request }) => {
  const wine = await product(request, "サザン・ベイ");
  await checkoutWith(page, { [wine.id]: 1 });
  const total = page.getByTestId("summary-total");
  const before = await total.textContent();
  const fee = page.waitForRequest((each) => each.method() === "POST" && each.url().endsWith("/api/fee"));
  await page.getByRole("radio", { name: "代金引換" }).check();
  expect((await fee).postDataJSON()).toEqual({ price: wine.attributes.price + 1100 });
  await expect(page.getByTestId("summary-fee")).toHaveText(yen(440));
  const withFee = wine.attributes.price + 1100 + 440;
  await expect(total).toHaveText(yen(withFee + Math.ceil(withFee / 10)));
  await expect(page.getByTestId("confirm-payment")).toContainText("代金引換：商品のお届け時に配達員へお支払いください");

  await page.getByRole("radio", { name: "銀行振込" }).check();
  await expect(page.getByTestId("summary-fee")).toHaveText(yen(0));
  await expect(total).toHaveText(before!);
});

test("cash on delivery cannot be chosen when the total reaches 300000 yen", async ({ page, request }) => {
  const rare = await product(request, "北風蒸溜所 30年");
  const islay = await product(request, "キルネヴァー アイラ");
  const champagne = await product(request, "メゾン・ヴェルレーヌ");
  await checkoutWith(page, { [rare.id]: 1, [islay.id]: 10, [champagne.id]: 10 });
  const items = rare.attributes.price + islay.attributes.price * 10 + champagne.attributes.price * 10;
  // Cool shipping: the champagne travels refrigerated.
  const shipping = Number((await page.getByTestId("summary-shipping").textContent())!.replace(/\D/g, ""));
  const codTotal = items + shipping + 440 + Math.ceil(((items + shipping + 440) * 10) / 100);
  expect(codTotal).toBeGreaterThanOrEqual(300000);

  const cod = page.getByRole("radio", { name: "代金引換" });
  await expect(cod).toBeDisabled();
  await expect(page.getByTestId("method-cod")).toContainText(`合計金額は${codTotal}円と、300000円を超えるため代引きは選択できません。`);
  await expect(page.getByRole("radio", { name: "クレジットカード", exact: true })).toBeChecked();
});

test("the postcode fills prefecture and address, and the country can be searched", async ({ page, request }) => {
  const wine = await product(request, "バジェ・アルト");
  await checkoutWith(page, { [wine.id]: 1 });
  const country = page.getByRole("combobox", { name: "国" });
  await expect(country).toHaveValue("日本");
  await page.getByLabel("郵便番号").fill("１５０ー０００２");
  await expect(page.getByLabel("郵便番号")).toHaveValue("1500002");
  await expect(page.getByLabel("都道府県")).toHaveValue("13");
  await expect(page.getByLabel("住所", { exact: true })).toHaveValue("渋谷区渋谷");

  await country.fill("アメリカ");
  await expect(page.getByRole("listbox", { name: "国" })).toBeVisible();
  await country.press("Enter");
  await expect(country).toHaveValue("アメリカ合衆国");
  await expect(page.getByRole("listbox", { name: "国" })).toBeHidden();
  // Prefectures are Japan's only.
  await expect(page.getByLabel("都道府県")).toHaveCount(0);
});

test("the server writes the bottles of the session's cart into the page, so the summary is there before any JavaScript", async ({ page, request, browser }) => {
  const wine = await product(request, "バジェ・アルト");
  await checkoutWith(page, { [wine.id]: 2 });
  const html = await (await page.request.get("/checkout")).text();
  expect(html).toContain(wine.attributes.name);

  // The same visitor with JavaScript off sees the bottles, their quantity and the whole form (decision 058).
  const still = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await still.newPage();
  await plain.goto("/checkout");
  const row = plain.getByTestId("summary-item");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(wine.attributes.name);
  await expect(row.locator("td").nth(1)).toHaveText("2");
  await expect(plain.getByTestId("summary-total")).toBeVisible();
  await expect(plain.getByRole("button", { name: "購入" })).toBeEnabled();
  await still.close();

  // Another visitor's page holds none of it: an empty cart says so from the server too.
  const other = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await otherPage.goto("/checkout");
  await expect(otherPage.getByTestId("checkout-empty")).toHaveCount(1);
  expect(await otherPage.content()).not.toContain(wine.attributes.name);
  await other.close();
});

test("the address rules come after the page, not with it, and still stop a malformed postcode before sending", async ({ page, request }) => {
  const rules: number[] = [];
  page.on("request", (each) => {
    if (/\/assets\/address-schema-[\w-]+\.js$/.test(new URL(each.url()).pathname)) rules.push(Date.now());
  });
  const wine = await product(request, "バジェ・アルト");
  await checkoutWith(page, { [wine.id]: 1 });
  // Not among the modules the page's HTML names…
  const html = await (await page.request.get("/checkout")).text();
  expect(html).toContain("data-modules=");
  expect(html).not.toContain("address-schema");
  // …but fetched once the form is on screen.
  await expect.poll(() => rules.length).toBe(1);

  const posts = checkoutPosts(page);
  await fillContact(page);
  await page.getByLabel("郵便番号").fill("100-001");
  await page.getByLabel("都道府県").selectOption({ label: "東京都" });
  await page.getByLabel("住所", { exact: true }).fill("千代田区千代田1-1");
  await typeCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page.getByText("郵便番号は7桁の数字で入力してください")).toBeVisible();
  expect(posts).toHaveLength(0);
});

test("every required field of the order form shows the 必須 badge and is announced as required", async ({ page, request }) => {
  const wine = await product(request, "バジェ・アルト");
  await checkoutWith(page, { [wine.id]: 1 });
  const fields = await page.locator("form :is(input, select, textarea)").evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const label = document.querySelector(`label[for="${element.id}"]`);
        const badge = label?.querySelector("[aria-hidden=true]")?.textContent ?? "";
        const required = (element as HTMLInputElement).required || element.getAttribute("aria-required") === "true";
        return { name: (label?.textContent ?? "").replace(badge, "").trim(), badge, required };
      })
      .filter((field) => field.name !== ""),
  );
  const required = fields.filter((field) => field.required);
  // The country defaults to 日本 but is required all the same: it too carries the badge.
  expect(required.map((field) => field.name)).toEqual(expect.arrayContaining(["お名前", "メールアドレス", "電話番号", "国", "郵便番号", "都道府県", "住所"]));
  expect(required.filter((field) => field.badge !== "必須")).toEqual([]);
  // And only they: an optional field says 任意, never 必須.
  expect(fields.filter((field) => !field.required && field.badge === "必須")).toEqual([]);
});

test("an empty cart says so with a way back to the shop", async ({ page }) => {
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByTestId("checkout-empty")).toContainText("カートは空です");
  await page.getByRole("link", { name: "ショップに戻る" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("leaving with an unfinished payment asks first: in the app and on reload", async ({ page, request }) => {
  const wine = await product(request, "バジェ・アルト");
  await checkoutWith(page, { [wine.id]: 1 });
  // The browser asks before unloading only after the visitor has interacted with the page.
  await page.getByLabel("お名前").fill("蔵前 花子");

  const nav = page.getByRole("navigation", { name: "メインメニュー" });
  await nav.getByRole("link", { name: "Shop" }).first().click();
  const prompt = page.getByRole("dialog", { name: "ご購入手続きの途中です" });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText("お支払い手続きが完了していません。このページを離れてもよろしいですか？");
  await prompt.getByRole("button", { name: "手続きを続ける" }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel("お名前")).toHaveValue("蔵前 花子");
  // The page-transition bar does not hang on a leave that did not happen.
  await expect(page.getByTestId("page-progress")).toHaveAttribute("data-phase", "idle");

  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.type();
    void dialog.dismiss();
  });
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  await expect.poll(() => asked).toBe("beforeunload");
  await expect(page.getByLabel("お名前")).toHaveValue("蔵前 花子");

  await nav.getByRole("link", { name: "Shop" }).first().click();
  await prompt.getByRole("button", { name: "ページを離れる" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("when the stock no longer covers the cart, a dialog says the order is not placed and the cart shows what is left", async ({ page, request, browser }) => {
  const calvados = await product(request, "ドメーヌ・ボワヴェール");
  await checkoutWith(page, { [calvados.id]: 3 });
  await page.getByRole("radio", { name: "銀行振込" }).check();
  await fillContact(page);
  await fillAddress(page);

  // Meanwhile another shopper buys all but one of the bottles.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/");
  const stock = 7;
  const bought = await otherPage.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(otherPage), "idempotency-key": `other-${Date.now()}` },
    data: {
      items: [{ id: Number(calvados.id), amount: stock - 1 }],
      payment_method: "bank",
      name: "別の 客",
      email: "other@example.com",
      phone: "03-9876-5432",
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "" },
      desired_delivery_date: "",
      desired_delivery_timezone: "",
      memo: "",
      birth_date: ADULT_BIRTH_DATE,
    },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  await other.close();

  await page.getByRole("button", { name: "購入" }).click();
  const dialog = page.getByRole("dialog", { name: "お支払いを完了できませんでした" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("ご注文は確定していません。");
  await expect(dialog.getByTestId("rejected-item")).toContainText(calvados.attributes.name);
  await expect(dialog.getByTestId("rejected-item")).toContainText("1点まで");
  await dialog.getByRole("button", { name: "内容を確認する" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("summary-item").getByRole("cell").nth(1)).toHaveText("1");
  await expect.poll(() => serverCart(page)).toEqual({ [calvados.id]: 1 });

  // With the amount that is left, the order goes through.
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
});

test("cash on delivery falls back to credit with the alert when the cart grows past 300000 yen", async ({ page, request }) => {
  const rare = await product(request, "北風蒸溜所 30年");
  const islay = await product(request, "キルネヴァー アイラ");
  const bourgogne = await product(request, "ドメーヌ・オーベール ブルゴーニュ");
  // 18 bottles, three boxes of six (shipping-table.ts): 3,300 yen shipping, the total still under 300000.
  await checkoutWith(page, { [rare.id]: 1, [islay.id]: 10, [bourgogne.id]: 7 });
  const cod = page.getByRole("radio", { name: "代金引換" });
  await expect(cod).toBeEnabled();
  await cod.check();
  await expect(page.getByTestId("summary-fee")).toHaveText(yen(440));

  // One more bottle from the drawer, which floats over the checkout page too.
  await page.getByTestId("cart-button").click();
  await page
    .getByTestId("cart-drawer")
    .getByRole("button", { name: `${bourgogne.attributes.name}を1本増やす` })
    .click();
  // The 19th bottle opens a fourth box.
  const items = rare.attributes.price + islay.attributes.price * 10 + bourgogne.attributes.price * 8;
  const shipping = 1100 * 4;
  const codTotal = items + shipping + 440 + Math.ceil(((items + shipping + 440) * 10) / 100);
  expect(codTotal).toBeGreaterThanOrEqual(300000);
  await page.getByTestId("cart-drawer").getByRole("button", { name: "カートを閉じる" }).click();

  await expect(page.getByRole("radio", { name: "クレジットカード", exact: true })).toBeChecked();
  await expect(cod).toBeDisabled();
  await expect(page.getByTestId("cod-alert")).toHaveText(`合計金額は${codTotal}円と、300000円を超えるため代引きは選択できません。`);
  await expect(page.getByTestId("summary-fee")).toHaveText(yen(0));
});

test("a member finds contact and address filled in and pays with the saved card", async ({ page, request }) => {
  const email = await signUpAndSignIn(page, "checkout");
  const csrf = await csrfOf(page);
  expect(
    (await page.request.put("/api/users", { headers: { "x-csrf-token": csrf }, data: { api_user: { user_name: "蔵前 太郎", tel: "090-1234-5678" } } })).ok(),
  ).toBe(true);
  const saved = await page.request.put("/api/address", {
    headers: { "x-csrf-token": csrf },
    data: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "蔵前ハイツ101" },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // The card is saved on /mypage/credit, as a member does it.
  await page.goto("/mypage/credit");
  await waitForHydration(page);
  await typeCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByTestId("saved-card")).toContainText("•••• 4242");

  const shochu = await product(request, "麦焼酎 樽熟成");
  await checkoutWith(page, { [shochu.id]: 1 });
  await expect(page.getByLabel("お名前")).toHaveValue("蔵前 太郎");
  await expect(page.getByLabel("メールアドレス")).toHaveValue(email);
  await expect(page.getByLabel("電話番号")).toHaveValue("090-1234-5678");
  await expect(page.getByLabel("郵便番号")).toHaveValue("1110051");
  await expect(page.getByLabel("都道府県")).toHaveValue("13");
  await expect(page.getByLabel("住所", { exact: true })).toHaveValue("台東区蔵前1-2-3");
  await expect(page.getByLabel("建物名")).toHaveValue("蔵前ハイツ101");

  const savedCard = page.getByRole("radio", { name: "登録済みのクレジットカード" });
  await expect(savedCard).toBeEnabled();
  await expect(page.getByTestId("method-registered_credit")).toContainText("•••• 4242 12/34");
  await savedCard.check();
  await expect(page.getByLabel("カード番号")).toBeHidden();
  await fillBirthDate(page);
  const posts = checkoutPosts(page);
  await page.getByRole("button", { name: "購入" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  expect(posts[0]!.postDataJSON()).toMatchObject({ payment_method: "registered_credit", payment: {}, name: "蔵前 太郎", email });

  // The paid order is in the member's purchase history, with what was bought and where it goes.
  await waitForHydration(page);
  await page.getByRole("link", { name: "購入履歴を見る" }).click();
  await expect(page).toHaveURL(/\/mypage\/orders$/);
  const card = page.getByTestId("order-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("入金済み");
  await expect(card).toContainText(shochu.attributes.name);
  await expect(card).toContainText("(未発行)");
  await expect(card).toContainText("台東区蔵前1-2-3");
});

test("in English the page speaks English", async ({ page, request }) => {
  const wine = await product(request, "バジェ・アルト");
  await checkoutWith(page, { [wine.id]: 1 });
  await page.goto("/locale/en?to=/checkout");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: /Checkout/ })).toBeVisible();
  await expect(page.getByTestId("summary-total")).toHaveText(/ JPY$/);
  await expect(page.getByRole("radio", { name: "Cash on delivery" })).toBeEnabled();
  await expect(page.getByTestId("final-confirmation")).toContainText("We do not sell alcohol to persons under 20.");
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
});
