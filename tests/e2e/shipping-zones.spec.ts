import { expect, test } from "@playwright/test";
import type { APIRequestContext } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asReturningShopper, checkoutWith } from "./checkout-steps.ts";

// Shipping follows the delivery address as it is typed (issue 18 item 3): choosing 沖縄県 turns the
// summary's shipping line into Okinawa's fee at once, in the browser, and the delivery dates on offer
// start later (item 4).

test.describe.configure({ timeout: testTime(120_000) });

const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;

async function firstNormalProduct(request: APIRequestContext): Promise<{ id: string; price: number }> {
  const products = (await (await request.get("/ja/api/products")).json()).data as {
    id: string;
    attributes: { price: number; shipping_type: string; sold_out: boolean; specification: { volume_ml: number | null } };
  }[];
  const found = products.find(
    (each) => each.attributes.shipping_type === "normal" && !each.attributes.sold_out && (each.attributes.specification.volume_ml ?? 0) <= 900,
  );
  if (!found) throw new Error("no normal bottle in the demo catalogue");
  return { id: found.id, price: found.attributes.price };
}

test.beforeEach(async ({ page }) => asReturningShopper(page));

test("choosing 沖縄県 updates the shipping line and the delivery dates at once, as does a postcode in Okinawa", async ({ page, request }) => {
  const wine = await firstNormalProduct(request);
  await checkoutWith(page, { [wine.id]: 1 });
  const shipping = page.getByTestId("summary-shipping");
  const total = page.getByTestId("summary-total");
  await expect(shipping).toHaveText(yen(1100));

  const dateSelect = page.getByLabel("お届け希望日");
  const datesOf = async () => (await dateSelect.locator("option").allTextContents()).slice(1);
  const tokyoDates = await datesOf();
  expect(tokyoDates.length).toBeGreaterThan(0);
  for (const date of tokyoDates) expect(date).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);

  // No request is needed: the summary follows the select (the same domain function the server uses).
  const shippingCalls: string[] = [];
  page.on("request", (each) => {
    if (new URL(each.url()).pathname.endsWith("/api/shipping")) shippingCalls.push(each.url());
  });
  await page.getByLabel("都道府県").selectOption({ label: "沖縄県" });
  await expect(shipping).toHaveText(yen(2200));
  const tax = Math.ceil(((wine.price + 2200) * 10) / 100);
  await expect(total).toHaveText(yen(wine.price + 2200 + tax));
  const okinawaDates = await datesOf();
  expect(okinawaDates.length).toBeLessThan(tokyoDates.length);
  expect(okinawaDates[0]! > tokyoDates[0]!).toBe(true);
  expect(shippingCalls).toEqual([]);

  await page.getByLabel("都道府県").selectOption({ label: "北海道" });
  await expect(shipping).toHaveText(yen(1650));
  await page.getByLabel("都道府県").selectOption({ label: "沖縄県" });
  await expect(shipping).toHaveText(yen(2200));

  // The postcode fills the prefecture too, and the summary follows it (the server charges the same:
  // src/server/checkout/checkout-shipping.test.ts).
  await page.getByLabel("都道府県").selectOption({ label: "東京都" });
  await expect(shipping).toHaveText(yen(1100));
  await page.getByLabel("郵便番号").fill("9000006");
  await expect(page.getByLabel("都道府県")).toHaveValue("47");
  await expect(shipping).toHaveText(yen(2200));
});

test("the product page and the legal notice say when an order ships and what shipping costs where", async ({ page, request }) => {
  const wine = await firstNormalProduct(request);
  await page.goto(`/products/${wine.id}`);
  await expect(page.getByTestId("shipping-promise")).toHaveText("14時までのご注文は当日発送(土日祝・休業日を除く)");
  await page.goto("/specified-commercial-transaction-act-notes");
  const charges = page.locator("tr", { has: page.locator("th", { hasText: "商品代金以外の必要料金" }) }).locator("td");
  await expect(charges).toContainText("送料(1箱あたり・税抜)：北海道 1,650 円／沖縄県 2,200 円／上記以外の地域 1,100 円");
  await expect(charges).toContainText("離島");
  await expect(page.getByTestId("shipping-promise")).toContainText("14時までのご注文は当日発送");
  await expect(page.getByTestId("transit-days")).toContainText("沖縄県 3日");
});
