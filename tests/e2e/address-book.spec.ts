import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, checkoutWith, fillContact, product } from "./checkout-steps.ts";
import { csrfOf, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// My Page お届け先リスト (issue #18 item 2): a member keeps the people they send to, beside their own
// saved address (the default). They add two, change one, delete the other after a confirmation,
// and at checkout choose the one left as お届け先: the order goes there. On a wide screen and on a
// phone (the My Page menu folds into one line there).

test.describe.configure({ timeout: testTime(180_000) });

const SCREENS = [
  { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  { name: "phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
];

/** Opens a My Page section from its menu, as a member does (on a phone the menu opens first). */
async function openFromMenu(page: Page, section: string): Promise<void> {
  const menu = page.getByRole("navigation", { name: "マイページメニュー" });
  const toggle = page.getByTestId("mypage-menu-toggle");
  if (await toggle.isVisible()) await toggle.click();
  await menu.getByRole("link", { name: section, exact: true }).click();
}

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);
    test.beforeEach(async ({ page }) => asReturningShopper(page));

    test("a member adds two addresses, changes one, deletes the other and sends an order to the one left", async ({ page, request }, testInfo) => {
      await signUpAndSignIn(page, `addrbook-${screen.name}`);
      // The member's own address (spec /mypage/address): the default one.
      const own = await page.request.put("/api/address", {
        headers: { "x-csrf-token": await csrfOf(page) },
        data: { country: "jp", zip: "1000001", prefecture: 13, address: "千代田区千代田1-1", building_name: "" },
      });
      expect(own.ok(), await own.text()).toBe(true);

      await page.goto("/mypage");
      await waitForHydration(page);
      await openFromMenu(page, "お届け先リスト");
      await expect(page).toHaveURL(/\/mypage\/address-book$/);
      await expect(page.getByRole("heading", { level: 1, name: "お届け先リスト" })).toBeVisible();
      const defaultAddress = page.getByTestId("default-address");
      await expect(defaultAddress).toContainText("基本");
      await expect(defaultAddress).toContainText("〒100-0001");
      await expect(defaultAddress).toContainText("東京都千代田区千代田1-1");
      await expect(page.getByText("登録されたお届け先はありません。")).toBeVisible();

      // Nothing filled in: every required field says so before anything is sent.
      await page.getByRole("link", { name: "お届け先を追加する" }).click();
      const form = page.getByTestId("address-book-form");
      // Name, phone, country, postcode, prefecture and address.
      await expect(form.getByText("必須")).toHaveCount(6);
      await form.getByRole("button", { name: "保存する" }).click();
      await expect(form.getByText("お届け先のお名前を入力してください")).toBeVisible();
      await expect(form.getByText("お届け先の電話番号を入力してください")).toBeVisible();
      await expect(form.getByText("郵便番号を入力してください")).toBeVisible();
      await expect(form.getByText("住所を入力してください")).toBeVisible();

      // The first: the postcode fills prefecture and town, as the address form does everywhere.
      await form.getByLabel("お届け先のお名前").fill("比嘉 ツル");
      await form.getByLabel("お届け先の電話番号").fill("abc");
      await form.getByLabel("郵便番号").fill("900-0021");
      await expect(form.getByLabel("都道府県")).toHaveValue("47");
      await expect(form.getByLabel("住所", { exact: true })).toHaveValue("那覇市泉崎");
      await form.getByLabel("住所", { exact: true }).fill("那覇市泉崎1-2-3");
      await form.getByRole("button", { name: "保存する" }).click();
      await expect(form.getByText("お届け先の電話番号は不正な値です")).toBeVisible();
      await form.getByLabel("お届け先の電話番号").fill("098-867-1234");
      await form.getByLabel("建物名").fill("泉崎ハイツ201");
      await form.getByRole("button", { name: "保存する" }).click();
      await expect(page.getByRole("status").filter({ hasText: "お届け先を追加しました。" })).toBeVisible();
      const okinawa = page.getByRole("article", { name: "比嘉 ツル 様" });
      await expect(okinawa).toContainText("〒900-0021");
      await expect(okinawa).toContainText("沖縄県那覇市泉崎1-2-3 泉崎ハイツ201");

      // The second.
      await page.getByRole("link", { name: "お届け先を追加する" }).click();
      await form.getByLabel("お届け先のお名前").fill("蔵前 一郎");
      await form.getByLabel("お届け先の電話番号").fill("06-1234-5678");
      await form.getByLabel("郵便番号").fill("5300001");
      await expect(form.getByLabel("都道府県")).toHaveValue("27");
      await form.getByLabel("住所", { exact: true }).fill("大阪市北区梅田1-1");
      await form.getByRole("button", { name: "保存する" }).click();
      // The first one's message may still be on screen: the newest is the last.
      await expect(page.getByRole("status").filter({ hasText: "お届け先を追加しました。" }).last()).toBeVisible();
      const osaka = page.getByRole("article", { name: "蔵前 一郎 様" });
      await expect(osaka).toContainText("大阪府大阪市北区梅田1-1");
      await expect(page.getByText("2件(最大50件)")).toBeVisible();

      // Changing the first: its form opens with what was saved.
      await okinawa.getByRole("link", { name: "編集" }).click();
      await expect(form.getByLabel("お届け先のお名前")).toHaveValue("比嘉 ツル");
      await expect(form.getByLabel("郵便番号")).toHaveValue("9000021");
      await form.getByLabel("建物名").fill("泉崎ハイツ305");
      await form.getByLabel("お届け先の電話番号").fill("098-867-5678");
      await form.getByRole("button", { name: "保存する" }).click();
      await expect(page.getByRole("status").filter({ hasText: "お届け先を変更しました。" })).toBeVisible();
      await expect(okinawa).toContainText("沖縄県那覇市泉崎1-2-3 泉崎ハイツ305");
      await expect(okinawa).toContainText("098-867-5678");
      await page.screenshot({ path: testInfo.outputPath(`address-book-${screen.name}.png`), fullPage: true });

      // Deleting the second asks first; keeping it changes nothing.
      const dialog = page.getByRole("dialog", { name: "お届け先を削除しますか?" });
      await osaka.getByRole("link", { name: "削除" }).click();
      await expect(dialog).toContainText("「蔵前 一郎 様」のお届け先を削除します。");
      await dialog.getByRole("button", { name: "削除しない" }).click();
      await expect(dialog).toBeHidden();
      await expect(osaka).toBeVisible();
      await osaka.getByRole("link", { name: "削除" }).click();
      await dialog.getByRole("button", { name: "削除する" }).click();
      await expect(page.getByRole("status").filter({ hasText: "お届け先を削除しました。" })).toBeVisible();
      await expect(osaka).toHaveCount(0);

      // What the server keeps: the changed entry alone.
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole("article", { name: "比嘉 ツル 様" })).toContainText("泉崎ハイツ305");
      await expect(page.getByRole("article", { name: "蔵前 一郎 様" })).toHaveCount(0);
      await expect(page.getByText("1件(最大50件)")).toBeVisible();

      // At checkout the entry left is offered as お届け先, and the order goes there.
      const wine = await product(request, "サザン・ベイ");
      await checkoutWith(page, { [wine.id]: 1 });
      await fillContact(page);
      await expect(page.getByLabel("住所", { exact: true })).toHaveValue("千代田区千代田1-1");
      const delivery = page.getByTestId("delivery-choice");
      await expect(delivery.getByRole("radio")).toHaveCount(3);
      await expect(delivery.getByRole("radio", { name: "蔵前 一郎 様(大阪府)" })).toHaveCount(0);
      await delivery.getByRole("radio", { name: "比嘉 ツル 様(沖縄県)" }).check();
      await page.getByRole("radio", { name: "代金引換" }).check();
      await page.getByRole("button", { name: "購入" }).click();
      await expect(page).toHaveURL(/\/checkout\/complete$/);

      const orders = (await (await page.request.get("/ja/api/orders")).json()).data;
      expect(orders[0].attributes.recipient).toMatchObject({ name: "比嘉 ツル", phone: "098-867-5678", zip: "9000021", prefecture: 47 });
      await page.goto("/mypage/orders");
      const card = page.locator("article").first();
      await expect(card).toContainText("比嘉 ツル 様");
      await expect(card).toContainText("〒900-0021 沖縄県那覇市泉崎1-2-3 泉崎ハイツ305");
    });
  });
}

test("the address book in English", async ({ page }) => {
  await asReturningShopper(page);
  await signUpAndSignIn(page, "addrbook-en");
  await page.goto("/locale/en?to=/mypage");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "My Page menu" }).getByRole("link", { name: "Address book", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Address book" })).toBeVisible();
  await expect(page.getByTestId("default-address")).toContainText("You have not saved your own (default) address yet.");
  await page.getByRole("link", { name: "Add an address" }).click();
  const form = page.getByTestId("address-book-form");
  await form.getByLabel("Recipient's phone").fill("12");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Recipient's name can't be blank")).toBeVisible();
  await expect(form.getByText("Recipient's phone is invalid")).toBeVisible();
  await expect(form.getByText("Zip can't be blank")).toBeVisible();
});

test("at the limit the page says so instead of offering to add", async ({ page }) => {
  await asReturningShopper(page);
  await signUpAndSignIn(page, "addrbook-full");
  const csrf = await csrfOf(page);
  for (let n = 0; n < 50; n += 1) {
    const added = await page.request.post("/api/address-book", {
      headers: { "x-csrf-token": csrf },
      data: { name: `比嘉 ${n}`, phone: "098-867-1234", country: "jp", zip: "9000021", address: "那覇市泉崎1-2-3", building_name: "" },
    });
    expect(added.status()).toBe(201);
  }
  await page.goto("/mypage/address-book");
  await waitForHydration(page);
  await expect(page.getByText("50件(最大50件)")).toBeVisible();
  await expect(page.getByText("お届け先は50件まで登録できます。新しく追加するには、使わなくなったお届け先を削除してください。")).toBeVisible();
  await expect(page.getByRole("link", { name: "お届け先を追加する" })).toHaveCount(0);
});
