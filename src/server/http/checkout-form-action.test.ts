import { spawnSync } from "node:child_process";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../domain/locale.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { orderShipmentLinesTable, orderShipmentsTable, ordersTable } from "../db/schema/orders.ts";
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

// Several destinations without JavaScript (decision 096): the blocks are named fields of the same
// form (dest0_name, dest0_qty_<id>…); お届け先を追加 posts the form and the page comes back with one more
// block, 購入 sends them to POST /api/checkout as `shipments`.
describe("several destinations without JavaScript (POST /checkout)", () => {
  const orderer = {
    name: buyer.name,
    email: buyer.email,
    phone: buyer.phone,
    country: buyer.country,
    zip: buyer.zip,
    prefecture: buyer.prefecture,
    address: buyer.address,
    building_name: "",
    memo: "",
    birth_date: ADULT_BIRTH_DATE,
  };

  /** A typed destination's fields, block `index`. */
  function block(index: number, fields: { name: string; zip: string; prefecture: string; address: string; phone: string; bottles: number }) {
    return {
      [`dest${index}_choice`]: "other",
      [`dest${index}_name`]: fields.name,
      [`dest${index}_kana`]: "",
      [`dest${index}_phone`]: fields.phone,
      [`dest${index}_country`]: "jp",
      [`dest${index}_zip`]: fields.zip,
      [`dest${index}_prefecture`]: fields.prefecture,
      [`dest${index}_address`]: fields.address,
      [`dest${index}_building_name`]: "",
      [`dest${index}_qty_${wine}`]: String(fields.bottles),
      [`dest${index}_date`]: "",
      [`dest${index}_timezone`]: "",
      [`dest${index}_omotegaki`]: "御歳暮",
      [`dest${index}_noshi_name`]: "",
      [`dest${index}_placement`]: "outer",
      [`dest${index}_message`]: "",
    };
  }

  const selected = (html: string, name: string) =>
    new RegExp(`<select[^>]*name="${name}"[^>]*>[\\s\\S]*?<option[^>]*value="(\\d+)"[^>]*selected`).exec(html)?.[1];

  it("adds a destination, the first holding every bottle, and places a two-destination bank transfer", async () => {
    const guest = shop.browserSession();
    await client.fillCart(guest, { [wine]: 3 });
    const before = await client.orderCount();
    const drawn = (await page(guest, "/checkout")).body;
    // The switch and, for a browser without the script, the button that brings the blocks.
    expect(drawn).toMatch(/<input[^>]*name="several"/);
    expect(drawn).toMatch(/<button(?=[^>]*name="destinations_action")(?=[^>]*value="add")[^>]*>/);

    const added = await postForm(
      shop.app,
      "/checkout",
      { ...orderer, payment_method: "bank", several: "1", destinations_action: "add", ...hiddenFields(drawn) },
      { session: guest },
    );
    expect(added.statusCode).toBe(200);
    expect(visibleText(added.body)).toContain("お届け先の入力欄を変更しました。");
    expect(added.body).toMatch(/name="dest1_choice"/);
    expect(added.body).not.toMatch(/name="dest2_choice"/);
    expect(selected(added.body, `dest0_qty_${wine}`)).toBe("3");
    expect(selected(added.body, `dest1_qty_${wine}`)).toBe("0");
    // What was typed is kept.
    expect(inputValue(added.body, "name")).toBe(orderer.name);
    expect(await client.orderCount()).toBe(before);

    const fields = {
      ...orderer,
      payment_method: "bank",
      several: "1",
      ...block(0, { name: "比嘉 ツル", zip: "900-0015", prefecture: "47", address: "那覇市久茂地1-1-1", phone: "098-111-2222", bottles: 2 }),
      ...block(1, { name: "田中 三郎", zip: "060-0001", prefecture: "1", address: "札幌市中央区北一条西2-1", phone: "011-333-4444", bottles: 1 }),
      dest1_noshi: "1",
    };
    let placed = await postForm(shop.app, "/checkout", { ...fields, ...hiddenFields(added.body) }, { session: guest });
    // The amount shown was for one destination: the page asks to confirm the two destinations' amount first.
    expect(placed.statusCode).toBe(200);
    expect(placed.body).toContain('data-testid="checkout-confirm-again"');
    expect(placed.body).toMatch(/name="dest1_choice"/);
    expect(inputValue(placed.body, "dest1_name")).toBe("田中 三郎");
    placed = await postForm(shop.app, "/checkout", { ...fields, ...hiddenFields(placed.body) }, { session: guest });
    expect(placed.statusCode).toBe(303);
    expect(placed.headers.location).toBe("/checkout/complete");
    const id = placed.cookies.find((each) => each.name === "checkout_completed")!.value;
    expect(await client.orderCount()).toBe(before + 1);

    const db = shop.database.db;
    const [order] = await db.select({ id: ordersTable.id }).from(ordersTable).where(eq(ordersTable.publicId, id));
    const shipments = await db.select().from(orderShipmentsTable).where(eq(orderShipmentsTable.orderId, order!.id)).orderBy(asc(orderShipmentsTable.position));
    expect(shipments.map((each) => each.recipient?.name)).toEqual(["比嘉 ツル", "田中 三郎"]);
    expect(shipments[1]!.gift?.noshi?.omotegaki).toBe("御歳暮");
    const lines = await Promise.all(
      shipments.map(async (shipment) =>
        (await db.select().from(orderShipmentLinesTable).where(eq(orderShipmentLinesTable.shipmentId, shipment.id))).reduce(
          (sum, line) => sum + line.quantity,
          0,
        ),
      ),
    );
    expect(lines).toEqual([2, 1]);
  });

  for (const locale of ["ja", "en"] as const) {
    it(`answers a destination's wrong field next to that field, and cash on delivery in the API's words, nothing placed (${locale})`, async () => {
      const guest = shop.browserSession();
      await client.fillCart(guest, { [wine]: 2 });
      const before = await client.orderCount();
      const drawn = (await page(guest, "/checkout", locale)).body;
      const fields = {
        ...orderer,
        payment_method: "bank",
        several: "1",
        ...block(0, { name: "比嘉 ツル", zip: "900-0015", prefecture: "47", address: "那覇市久茂地1-1-1", phone: "098-111-2222", bottles: 1 }),
        ...block(1, { name: "田中 三郎", zip: "12", prefecture: "1", address: "札幌市中央区北一条西2-1", phone: "011-333-4444", bottles: 1 }),
      };
      // The page showed one destination's amount: confirmed again first, then the API checks the destinations.
      const confirm = await postForm(shop.app, "/checkout", { ...fields, ...hiddenFields(drawn) }, { session: guest, locale });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.body).toContain('data-testid="checkout-confirm-again"');
      const answer = await postForm(shop.app, "/checkout", { ...fields, ...hiddenFields(confirm.body) }, { session: guest, locale });
      expect(answer.statusCode).toBe(422);
      // The postcode's message is under destination 2's postcode field, which is marked invalid, and named in the page's top summary.
      const zipField = /<input[^>]*name="dest1_zip"[^>]*>/.exec(answer.body)?.[0] ?? "";
      expect(zipField).toContain('aria-invalid="true"');
      const inputId = /\bid="([^"]+)"/.exec(zipField)?.[1] ?? "";
      const message = new RegExp(`id="${inputId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-error"[^>]*>([^<]*)<`).exec(answer.body)?.[1] ?? "";
      expect(message).toContain(locale === "ja" ? "郵便番号" : "Zip must be 7 digits");
      expect(/<input[^>]*name="dest0_zip"[^>]*>/.exec(answer.body)?.[0]).not.toContain('aria-invalid="true"');
      const summary = /data-testid="checkout-field-summary"[^>]*>([\s\S]*?)<\/ul>/.exec(answer.body)?.[1] ?? "";
      expect(visibleText(summary)).toContain(locale === "ja" ? "お届け先 2: " : "Destination 2: ");
      // What was typed is kept, block by block.
      expect(inputValue(answer.body, "dest1_name")).toBe("田中 三郎");
      expect(inputValue(answer.body, "dest0_address")).toBe("那覇市久茂地1-1-1");

      const cod = await postForm(
        shop.app,
        "/checkout",
        {
          ...fields,
          ...block(1, { name: "田中 三郎", zip: "060-0001", prefecture: "1", address: "札幌市中央区北一条西2-1", phone: "011-333-4444", bottles: 1 }),
          payment_method: "cod",
          ...hiddenFields(answer.body),
        },
        { session: guest, locale },
      );
      expect(cod.statusCode).toBe(422);
      expect(visibleText(cod.body)).toContain(
        locale === "ja" ? "代金引換は、お届け先が1件のご注文でのみご利用いただけます。" : "Cash on delivery is only available for orders to one address.",
      );
      expect(await client.orderCount()).toBe(before);
    });
  }

  it("removes a block with its button, and refuses bottles not all assigned with the page's own message", async () => {
    const guest = shop.browserSession();
    await client.fillCart(guest, { [wine]: 2 });
    const drawn = (await page(guest, "/checkout")).body;
    const two = {
      ...orderer,
      payment_method: "bank",
      several: "1",
      ...block(0, { name: "比嘉 ツル", zip: "900-0015", prefecture: "47", address: "那覇市久茂地1-1-1", phone: "098-111-2222", bottles: 1 }),
      ...block(1, { name: "田中 三郎", zip: "060-0001", prefecture: "1", address: "札幌市中央区北一条西2-1", phone: "011-333-4444", bottles: 0 }),
    };
    const short = await postForm(shop.app, "/checkout", { ...two, ...hiddenFields(drawn) }, { session: guest });
    expect(short.statusCode).toBe(422);
    expect(visibleText(short.body)).toContain("お届け先ごとの数量の合計が、カートの数量と合っていません。");
    expect(visibleText(short.body)).toContain("お届け先 2 に商品がありません。");

    const removed = await postForm(shop.app, "/checkout", { ...two, destinations_action: "remove:0", ...hiddenFields(drawn) }, { session: guest });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).not.toMatch(/name="dest1_choice"/);
    expect(inputValue(removed.body, "dest0_name")).toBe("田中 三郎");
  });
});
