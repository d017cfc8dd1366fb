import { expect, test } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, product } from "./checkout-steps.ts";
import { csrfOf, signUpAndSignIn } from "./fixtures.ts";

// ご依頼主 / お届け先: a member sends bottles to a relative in Okinawa, chosen from the address book;
// typing another address fills its prefecture from the postcode as the orderer's address does; the
// order card on My Page shows where it went and who sent it.

test.describe.configure({ timeout: testTime(120_000) });
test.beforeEach(async ({ page }) => asReturningShopper(page));

test("a member sends to a relative in 沖縄県 chosen from the address book", async ({ page, request }, testInfo) => {
  await signUpAndSignIn(page, "recipient");
  const added = await page.request.post("/api/address-book", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { name: "比嘉 ツル", phone: "098-867-1234", country: "jp", zip: "9000021", address: "那覇市泉崎1-2-3", building_name: "泉崎ハイツ201" },
  });
  expect(added.status(), await added.text()).toBe(201);
  expect((await added.json()).data.prefecture).toBe(47);

  const wine = await product(request, "サザン・ベイ");
  await checkoutWith(page, { [wine.id]: 1 });
  await fillContact(page);
  await fillAddress(page);

  const delivery = page.getByTestId("delivery-choice");
  await expect(delivery.getByRole("radio", { name: "ご注文者と同じ" })).toBeChecked();
  // Another address: the postcode fills the prefecture and the town, as the orderer's form does.
  await delivery.getByRole("radio", { name: "別の住所に送る" }).check();
  await delivery.getByLabel("郵便番号").fill("9000021");
  await expect(delivery.getByLabel("都道府県")).toHaveValue("47");
  await expect(delivery.getByLabel("住所", { exact: true })).toHaveValue("那覇市泉崎");
  await page.screenshot({ path: testInfo.outputPath(`checkout-recipient-${testInfo.project.name}.png`), fullPage: true });

  // The relative from the address book instead.
  await delivery.getByRole("radio", { name: "比嘉 ツル 様(沖縄県)" }).check();
  await expect(delivery.getByLabel("郵便番号")).toHaveCount(0);
  await page.getByRole("radio", { name: "代金引換" }).check();
  const placed = page.waitForRequest((each) => each.method() === "POST" && each.url().endsWith("/api/checkout"));
  await page.getByRole("button", { name: "購入" }).click();
  const body = (await placed).postDataJSON();
  expect(body.recipient).toMatchObject({ name: "比嘉 ツル", prefecture: 47, address: "那覇市泉崎1-2-3" });
  expect(body.address).toMatchObject({ zip: "1000001", prefecture: 13 });
  await expect(page).toHaveURL(/\/checkout\/complete$/);

  await page.goto("/mypage/orders");
  const card = page.locator("article").first();
  await expect(card).toContainText("比嘉 ツル 様");
  await expect(card).toContainText("〒900-0021 沖縄県那覇市泉崎1-2-3 泉崎ハイツ201");
  await expect(card).toContainText("ご依頼主");
  await expect(card).toContainText("〒100-0001 東京都千代田区千代田1-1");
});
