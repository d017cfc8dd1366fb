import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../domain/locale.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { ADULT_BIRTH_DATE, CheckoutClient } from "../testing/checkout-fixtures.ts";
import { inputValue, postForm, visibleText } from "../testing/form-posts.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// Checkout without JavaScript (decision 058): the server draws the order form; posted, the page's
// action places bank transfer and cash on delivery through POST /api/checkout as the visitor, under
// the request key the page wrote in, and sends the shopper to the thank-you page. Pages come from
// the production build.

let shop: TestApp;
let client: CheckoutClient;
let wine: number;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("scripts/ensure-build.mjs failed");
  shop = await createTestApp({}, undefined, { pages: "production" });
  client = new CheckoutClient(shop);
  wine = await new CatalogFactory(shop.database.db).product({ name: { ja: "甲州 白", en: "Koshu white" }, price: 3000, stock: 40 });
}, 900_000);

afterAll(async () => {
  await shop?.close();
});

async function page(session: BrowserSession, url: string, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method: "GET", url, headers: { cookie: `${session.cookie}; ${LOCALE_COOKIE}=${locale}; age_confirmed=1` } });
}

/** The hidden fields a drawn checkout page posts with the form. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ["_request_key", "items", "confirmed_total"]) {
    const value = inputValue(html, name);
    if (value === undefined) throw new Error(`no ${name} field on the page`);
    fields[name] = value.replaceAll("&quot;", '"');
  }
  return fields;
}

const buyer = {
  name: "山田 花子",
  email: "hanako@example.com",
  phone: "090-1234-5678",
  country: "jp",
  zip: "111-0051",
  prefecture: "13",
  address: "台東区蔵前3-14-7",
  building_name: "",
  delivery_choice: "buyer",
  desired_delivery_date: "",
  desired_delivery_timezone: "",
  memo: "",
  birth_date: ADULT_BIRTH_DATE,
};

/** Posts the form as the page shows it; a page that asks to confirm a changed amount is confirmed once, as a shopper would. */
async function postConfirmed(session: BrowserSession, fields: Record<string, string>, locale: "ja" | "en" = "ja") {
  const drawn = (await page(session, "/checkout", locale)).body;
  let answer = await postForm(shop.app, "/checkout", { ...fields, ...hiddenFields(drawn) }, { session, locale });
  if (answer.statusCode === 200 && answer.body.includes('data-testid="checkout-confirm-again"')) {
    answer = await postForm(shop.app, "/checkout", { ...fields, ...hiddenFields(answer.body) }, { session, locale });
  }
  return answer;
}

describe("checkout without JavaScript (GET and POST /checkout)", () => {
  it("draws the whole order form on the server: every field named, the bottles, the payment choice, the request key", async () => {
    const guest = shop.browserSession();
    await client.fillCart(guest, { [wine]: 2 });
    const html = (await page(guest, "/checkout")).body;
    expect(html).toMatch(/<form[^>]*method="post"/);
    for (const name of [
      "name",
      "email",
      "phone",
      "zip",
      "address",
      "building_name",
      "birth_date",
      "memo",
      "_csrf",
      "_request_key",
      "items",
      "confirmed_total",
    ]) {
      expect(html, name).toMatch(new RegExp(`name="${name}"`));
    }
    for (const name of ["prefecture", "desired_delivery_date", "desired_delivery_timezone"])
      expect(html, name).toMatch(new RegExp(`<select[^>]*name="${name}"`));
    for (const method of ["credit", "bank", "cod", "konbini", "paypay"]) expect(html).toMatch(new RegExp(`name="payment_method"[^>]*value="${method}"`));
    // The form is in place in the page, not a hidden part a script would swap in.
    expect(html).not.toMatch(/<div hidden[^>]*>\s*<form/);
    expect(html).toMatch(/<form[^>]*data-testid="checkout-form"/);
    expect(inputValue(html, "items")).toBe(`${wine}:2`);
    expect(visibleText(html)).toContain("甲州 白");
    expect(visibleText(html)).toContain("ご注文内容の最終確認");
    // The submit button is not disabled for want of the card form's script.
    expect(html).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });

  it("places a bank transfer once, however often the same form is sent, and shows the thank-you page with its number", async () => {
    const guest = shop.browserSession();
    await client.fillCart(guest, { [wine]: 1 });
    const before = await client.orderCount();
    const drawn = (await page(guest, "/checkout")).body;
    const first = await postForm(shop.app, "/checkout", { ...buyer, payment_method: "bank", ...hiddenFields(drawn) }, { session: guest });
    // The page's final confirmation showed a card: bank transfer (at the same amount here) is confirmed again first.
    expect(first.statusCode).toBe(200);
    expect(visibleText(first.body)).toContain("お選びのお支払い方法で「ご注文内容の最終確認」を表示しなおしました。");
    expect(await client.orderCount()).toBe(before);
    expect(inputValue(first.body, "name")).toBe("山田 花子");
    const fields: Record<string, string> = { ...buyer, payment_method: "bank", ...hiddenFields(first.body) };
    expect(fields.confirmed_total).toMatch(/^bank:\d+$/);
    // A confirmation that showed another amount: the page says the amount changed.
    const otherAmount = await postForm(shop.app, "/checkout", { ...fields, confirmed_total: "bank:1" }, { session: guest });
    expect(otherAmount.statusCode).toBe(200);
    expect(visibleText(otherAmount.body)).toContain("お選びの内容でお支払い金額が変わりました。");
    expect(await client.orderCount()).toBe(before);

    const placed = await postForm(shop.app, "/checkout", fields, { session: guest });
    expect(placed.statusCode).toBe(303);
    expect(placed.headers.location).toBe("/checkout/complete");
    const cookie = placed.cookies.find((each) => each.name === "checkout_completed");
    expect(cookie?.value).toMatch(/^[0-9A-Z]{12}$/);
    // The same form again (a double press, a resend): the first answer, no second order.
    const again = await postForm(shop.app, "/checkout", fields, { session: guest });
    expect(again.statusCode).toBe(303);
    expect(again.cookies.find((each) => each.name === "checkout_completed")?.value).toBe(cookie!.value);
    expect(await client.orderCount()).toBe(before + 1);
    const order = await client.order(cookie!.value);
    expect(order?.paymentMethod).toBe("bank");
    expect(await client.cart(guest)).toEqual([]);

    const thanks = await shop.app.inject({
      method: "GET",
      url: "/checkout/complete",
      headers: { cookie: `${guest.cookie}; ${LOCALE_COOKIE}=ja; age_confirmed=1; checkout_completed=${cookie!.value}` },
    });
    expect(thanks.statusCode).toBe(200);
    expect(visibleText(thanks.body)).toContain(`${cookie!.value.slice(0, 4)}-${cookie!.value.slice(4, 8)}-${cookie!.value.slice(8)}`);
  });

  it("places cash on delivery for a member", async () => {
    const member = await shop.memberSession();
    await client.fillCart(member, { [wine]: 1 });
    const placed = await postConfirmed(member, { ...buyer, email: member.email, payment_method: "cod" });
    expect(placed.statusCode).toBe(303);
    const id = placed.cookies.find((each) => each.name === "checkout_completed")!.value;
    const order = await client.order(id);
    expect(order?.paymentMethod).toBe("cod");
    expect(order?.userId).toBe(member.user.id);
  });

  for (const locale of ["ja", "en"] as const) {
    it(`answers missing fields with the page, the messages next to the fields and what was typed (${locale})`, async () => {
      const guest = shop.browserSession();
      await client.fillCart(guest, { [wine]: 1 });
      const before = await client.orderCount();
      const answer = await postConfirmed(guest, { ...buyer, name: "", email: "", payment_method: "bank" }, locale);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      const text = visibleText(answer.body);
      expect(text).toContain(locale === "ja" ? "ご注文者情報" : "Your details");
      expect(answer.body).toMatch(/aria-invalid="true"[^>]*name="name"|name="name"[^>]*aria-invalid="true"/);
      expect(inputValue(answer.body, "address")).toBe(buyer.address);
      expect(inputValue(answer.body, "phone")).toBe(buyer.phone);
      expect(await client.orderCount()).toBe(before);
    });

    it(`answers a card, konbini or PayPay choice with a message next to the payment choice, nothing placed (${locale})`, async () => {
      const guest = shop.browserSession();
      await client.fillCart(guest, { [wine]: 1 });
      const before = await client.orderCount();
      for (const method of ["credit", "konbini", "paypay"]) {
        const drawn = (await page(guest, "/checkout", locale)).body;
        const answer = await postForm(shop.app, "/checkout", { ...buyer, payment_method: method, ...hiddenFields(drawn) }, { session: guest, locale });
        expect(answer.statusCode).toBe(200);
        expect(visibleText(answer.body)).toContain(
          locale === "ja"
            ? "クレジットカード・コンビニ・PayPayでのお支払いには、JavaScriptを有効にしてください。"
            : "To pay by card, at a convenience store or with PayPay, please turn on JavaScript.",
        );
        // The page lands at its top: a summary there says nothing was placed and why, before the fields.
        const summary = /data-testid="checkout-field-summary"[^>]*>([\s\S]*?)<\/ul>/.exec(answer.body)?.[1] ?? "";
        expect(visibleText(summary)).toContain(locale === "ja" ? "ご注文はまだ確定していません。" : "Your order has not been placed yet.");
        expect(visibleText(summary)).toContain(locale === "ja" ? "JavaScriptを有効にしてください" : "please turn on JavaScript");
      }
      expect(await client.orderCount()).toBe(before);
    });
  }

  it("shows the fields a choice needs (のし, another recipient) when the page did not, before placing anything", async () => {
    const guest = shop.browserSession();
    await client.fillCart(guest, { [wine]: 1 });
    const before = await client.orderCount();
    const drawn = (await page(guest, "/checkout")).body;
    const choices: Record<string, string>[] = [{ gift_noshi: "on" }, { delivery_choice: "other" }];
    for (const choice of choices) {
      const answer = await postForm(shop.app, "/checkout", { ...buyer, payment_method: "bank", ...hiddenFields(drawn), ...choice }, { session: guest });
      expect(answer.statusCode).toBe(200);
      expect(visibleText(answer.body)).toContain("お選びの内容に必要な入力欄を表示しました。");
      expect(answer.body).toMatch("gift_noshi" in choice ? /name="gift_omotegaki"/ : /name="recipient_name"/);
    }
    expect(await client.orderCount()).toBe(before);
  });

  it("refuses a post without the page's token, nothing placed", async () => {
    const guest = shop.browserSession();
    await client.fillCart(guest, { [wine]: 1 });
    const before = await client.orderCount();
    const drawn = (await page(guest, "/checkout")).body;
    const first = await postForm(shop.app, "/checkout", { ...buyer, payment_method: "bank", ...hiddenFields(drawn) }, { session: guest });
    const answer = await postForm(shop.app, "/checkout", { ...buyer, payment_method: "bank", ...hiddenFields(first.body) }, { session: guest, csrf: null });
    expect(answer.statusCode).toBe(403);
    expect(await client.orderCount()).toBe(before);
  });

  it("answers a post that is not a form with the page, not a 5xx", async () => {
    const guest = shop.browserSession();
    const answer = await shop.app.inject({
      method: "POST",
      url: "/checkout",
      headers: { cookie: guest.cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "%%%",
    });
    expect(answer.statusCode).toBeLessThan(500);
  });
});
