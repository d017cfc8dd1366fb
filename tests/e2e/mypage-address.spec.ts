import { expect, test } from "@playwright/test";
import { asConfirmedAdult, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  await signUpAndSignIn(page, "address");
  await page.goto("/mypage/address");
  await waitForHydration(page);
});

test("a member fills the address from the zip, saves it and finds it again", async ({ page }) => {
  await expect(page.getByRole("heading", { name: "お届け先住所" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "マイページメニュー" }).getByRole("link", { name: "お届け先住所" })).toBeVisible();
  const country = page.getByRole("combobox", { name: "国" });
  const zip = page.getByLabel("郵便番号");
  const prefecture = page.getByLabel("都道府県");
  const address = page.getByLabel("住所", { exact: true });
  await expect(country).toHaveValue("日本");

  // Full-width digits and a katakana long vowel mark as the hyphen are normalised as typed.
  await zip.fill("１００ー０００１");
  await expect(zip).toHaveValue("1000001");
  await expect(prefecture).toHaveValue("13");
  await expect(address).toHaveValue("千代田区千代田");
  await address.fill("千代田区千代田1-1");

  // A new zip swaps city and town but keeps the street the member typed.
  await zip.fill("530-0001");
  await expect(prefecture).toHaveValue("27");
  await expect(address).toHaveValue("大阪市北区梅田1-1");
  await page.getByLabel("建物名").fill("梅田ビル 5F");

  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("status").filter({ hasText: "保存しました。" })).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(zip).toHaveValue("5300001");
  await expect(prefecture).toHaveValue("27");
  await expect(address).toHaveValue("大阪市北区梅田1-1");
  await expect(page.getByLabel("建物名")).toHaveValue("梅田ビル 5F");
});

test("a prefecture that is not the postcode's is refused under the prefecture, and nothing is saved", async ({ page }) => {
  const zip = page.getByLabel("郵便番号");
  const prefecture = page.getByLabel("都道府県");
  await zip.fill("900-0001");
  await expect(prefecture).toHaveValue("47");
  await page.getByLabel("住所", { exact: true }).fill("那覇市港町1-1");
  // Issue 28 item 4: Tokyo chosen for a Naha postcode would have paid Tokyo's fee.
  await prefecture.selectOption("13");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByText("都道府県が郵便番号(〒900-0001)の沖縄県と一致しません")).toBeVisible();
  await expect(prefecture).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("status").filter({ hasText: "保存しました。" })).toHaveCount(0);
});

test("missing fields are named under each field before anything is sent", async ({ page }) => {
  await page.getByLabel("郵便番号").fill("100-001");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByText("郵便番号は7桁の数字で入力してください")).toBeVisible();
  await expect(page.getByText("都道府県を入力してください")).toBeVisible();
  await expect(page.getByText("住所を入力してください")).toBeVisible();
  await expect(page.getByLabel("郵便番号")).toHaveAttribute("aria-invalid", "true");
});

test("the country is chosen from a search list with the keyboard", async ({ page }) => {
  const country = page.getByRole("combobox", { name: "国" });
  const list = page.getByRole("listbox", { name: "国" });

  await country.fill("フラ");
  await expect(list).toBeVisible();
  await expect(country).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("option").first()).toHaveText("フランス");
  await country.press("Escape");
  await expect(list).toBeHidden();

  // Emptying the input clears the list.
  await country.fill("イタ");
  await expect(list.getByRole("option", { name: "イタリア" })).toBeVisible();
  await country.fill("");
  await expect(list).toBeHidden();

  await country.fill("ドイ");
  await expect(list.getByRole("option", { name: "ドイツ" })).toBeVisible();
  await country.press("ArrowDown");
  await country.press("ArrowUp");
  await expect(list.getByRole("option", { name: "ドイツ" })).toHaveAttribute("aria-selected", "true");
  await country.press("Enter");
  await expect(list).toBeHidden();
  await expect(country).toHaveValue("ドイツ");
  // Prefectures are for Japanese addresses only.
  await expect(page.getByLabel("都道府県")).toHaveCount(0);

  await page.getByLabel("郵便番号").fill("10115");
  await page.getByLabel("住所", { exact: true }).fill("Invalidenstraße 1, Berlin");
  await page.getByRole("button", { name: "保存する" }).click();
  // The shop does not ship abroad (shop profile shipsAbroad off): said under the country, nothing saved.
  await expect(page.getByText("海外への発送は承っておりません")).toBeVisible();
  await expect(country).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("status").filter({ hasText: "保存しました。" })).toHaveCount(0);
});

test("a signed-in member's pages and their data are kept out of every cache", async ({ page, browser }) => {
  for (const path of ["/mypage/address", "/mypage", "/"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  // The data requests React Router makes on client-side navigation.
  for (const path of ["/mypage.data", "/mypage/address.data", "/mypage/orders.data"]) {
    const response = await page.request.get(path);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  // A guest's catalogue page stays cacheable by the browser (back/forward), as before.
  const guest = await browser.newContext();
  try {
    expect((await guest.request.get("/")).headers()["cache-control"]).toBe("private, no-cache");
  } finally {
    await guest.close();
  }
});
