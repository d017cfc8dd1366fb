import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryDatesFor } from "../checkout/delivery-calendar.ts";
import { productsTable } from "../db/schema/catalog.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { BrowserSession, MemberSession, TestApp } from "../testing/test-app.ts";
import { OrderChangeShop } from "../testing/order-change-fixture.ts";

// Order changes before shipping (issue 32 item 7, decision 074): the member moves the delivery wish
// of their own order (another member's is a 404), a shipped order is refused, staff change the
// recipient — a changed fee recalculates an unpaid bank order and is refused on a card order — each
// change mailed through the outbox with a history row, and a resent request booked once.

let fx: OrderChangeShop;
let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let member: MemberSession;
let other: MemberSession;

/** The dates a delivery to the prefecture may be wished for now (the shop's calendar as the checkout reads it). */
async function windowTo(prefecture: number): Promise<string[]> {
  return deliveryDatesFor(await shop.app.services.shopProfiles.profile(), new Date(), prefecture);
}

const place = (method: "bank" | "cod" | "credit", session: BrowserSession = member, overrides: Record<string, unknown> = {}) =>
  fx.place(method, session, overrides);
const memberPost = (session: BrowserSession, id: string, body: object, key?: string, locale?: "ja" | "en") =>
  fx.memberPost("delivery", session, id, body, key, locale);
const memberRecipientPost = (session: BrowserSession, id: string, body: unknown, key?: string, locale?: "ja" | "en") =>
  fx.memberPost("recipient", session, id, body, key, locale);
const staffPost = (id: string, what: "delivery" | "recipient", body: object, key?: string) => fx.staffPost(what, id, body, key);
const row = (id: string) => fx.row(id);
const history = (id: string) => fx.history(id);

const hokkaido = {
  name: "佐藤 一郎",
  phone: "011-123-4567",
  country: "jp",
  zip: "060-0001",
  prefecture: 1,
  address: "札幌市中央区北一条西2丁目1",
  building_name: "",
};
const osaka = {
  name: "田中 次郎",
  phone: "06-1234-5678",
  country: "jp",
  zip: "530-0001",
  prefecture: 27,
  address: "大阪市北区梅田1-1-1",
  building_name: "梅田ビル3階",
};

beforeAll(async () => {
  fx = await OrderChangeShop.create();
  ({ shop, client, staff, member, other } = fx);
});

afterAll(async () => {
  await shop.close();
});

describe("the member's delivery wish (POST /api/orders/{id}/delivery)", () => {
  it("moves the date and time band of the member's own order: history row, mail in the outbox, the options again", async () => {
    const order = await place("bank");
    const options = await shop.app.inject({ method: "GET", url: `/ja/api/orders/${order.id}/delivery`, headers: member.headers });
    expect(options.statusCode).toBe(200);
    const offered = options.json().data;
    expect(offered).toMatchObject({ order_id: order.id, changeable: true, reason: null, desired_delivery_date: null });
    const window = await windowTo(13);
    expect(offered.dates).toEqual(window);
    const date = window.at(-1)!;
    const band = offered.time_bands[0].code as string;

    const response = await memberPost(member, order.id, { desired_delivery_date: date, desired_delivery_timezone: band });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ desired_delivery_date: date, desired_delivery_timezone: band, changeable: true });
    expect(await row(order.id)).toMatchObject({ desiredDeliveryDate: date, desiredDeliveryTimezone: band, status: "await_payment" });
    const change = (await history(order.id)).at(-1)!;
    expect(change).toMatchObject({ fromStatus: "await_payment", toStatus: "await_payment", actorKind: "member", actorId: String(member.user.id) });
    expect(change.note).toContain(date.replaceAll("-", "/"));

    const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け日時変更のお知らせ"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`変更後: ${date.replaceAll("-", "/")}`);
    expect(mails[0]!.text).toContain("変更前: 指定なし 指定なし");
  });

  it("answers 404 for another member's order, and for a guest 401", async () => {
    const order = await place("bank");
    const date = (await windowTo(13))[0]!;
    const response = await memberPost(other, order.id, { desired_delivery_date: date });
    expect(response.statusCode).toBe(404);
    expect((await shop.app.inject({ method: "GET", url: `/api/orders/${order.id}/delivery`, headers: other.headers })).statusCode).toBe(404);
    expect((await memberPost(shop.browserSession(), order.id, { desired_delivery_date: date })).statusCode).toBe(401);
    expect((await row(order.id)).desiredDeliveryDate).toBeNull();
  });

  it("refuses a date outside the checkout's window and an unknown time band with field messages (ja and en)", async () => {
    const order = await place("bank");
    const window = await windowTo(13);
    const ja = await memberPost(member, order.id, { desired_delivery_date: "2020-01-01", desired_delivery_timezone: "midnight" });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields.desired_delivery_date).toEqual([
      `お届け希望日は${window[0]!.replaceAll("-", "/")}から${window.at(-1)!.replaceAll("-", "/")}までの日付を選んでください。`,
    ]);
    expect(ja.json().fields.desired_delivery_timezone).toEqual(["お届け時間帯を一覧から選んでください。"]);
    const en = await memberPost(member, order.id, { desired_delivery_date: "garbage" }, crypto.randomUUID(), "en");
    expect(en.statusCode).toBe(422);
    expect(en.json().errors[0]).toMatch(/^Please choose a delivery date from/);
    // A wish that is not text, or a body that is no form, is the schema's 422 (one schema for the member's and staff's route).
    const numbers = await memberPost(member, order.id, { desired_delivery_date: 20_261_201 }, crypto.randomUUID(), "en");
    expect(numbers.statusCode).toBe(422);
    expect(numbers.json().fields).toEqual({ desired_delivery_date: ["Desired delivery date is invalid"] });
    for (const post of [
      () =>
        shop.app.inject({
          method: "POST",
          url: `/api/orders/${order.id}/delivery`,
          headers: { ...member.headers, "idempotency-key": crypto.randomUUID(), "content-type": "application/json" },
          payload: "42",
        }),
      () =>
        shop.app.inject({
          method: "POST",
          url: `/admin/api/orders/${order.id}/delivery`,
          headers: { ...staff.headers, "idempotency-key": crypto.randomUUID(), "content-type": "application/json" },
          payload: "[1]",
        }),
    ]) {
      const notAForm = await post();
      expect(notAForm.statusCode).toBe(422);
      expect(notAForm.json().errors).toEqual(["入力内容は不正な値です"]);
    }
    // Nothing to change is said so.
    const same = await memberPost(member, order.id, { desired_delivery_date: "", desired_delivery_timezone: "" });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual(["お届け日時が変更されていません。新しいお届け日または時間帯を選んでください。"]);
  });

  it("refuses a shipped order (409, with the reason) and the options say why", async () => {
    const order = await place("bank");
    const headers = { ...staff.headers };
    expect(
      (await shop.app.inject({ method: "POST", url: `/admin/api/orders/${order.id}/deposit`, headers: { ...headers, "idempotency-key": crypto.randomUUID() } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await shop.app.inject({
          method: "POST",
          url: `/admin/api/orders/${order.id}/ship`,
          headers: { ...headers, "idempotency-key": crypto.randomUUID() },
          payload: { slip_number: "1234-5678-9012" },
        })
      ).statusCode,
    ).toBe(200);
    const before = (await history(order.id)).length;
    const response = await memberPost(member, order.id, { desired_delivery_date: (await windowTo(13))[0] });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toContain("発送の準備が済んでいる");
    const options = (await shop.app.inject({ method: "GET", url: `/en/api/orders/${order.id}/delivery`, headers: member.headers })).json().data;
    expect(options).toMatchObject({ changeable: false, dates: [] });
    expect(options.reason).toContain("ready to ship or has shipped");
    expect(await history(order.id)).toHaveLength(before);
  });

  it("books a resent request once: the same answer, one history row, one mail", async () => {
    const order = await place("bank");
    const date = (await windowTo(13))[0]!;
    const key = crypto.randomUUID();
    const first = await memberPost(member, order.id, { desired_delivery_date: date }, key);
    const second = await memberPost(member, order.id, { desired_delivery_date: date }, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    expect((await history(order.id)).filter((entry) => entry.note?.startsWith("お届け日時を変更"))).toHaveLength(1);
    expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け日時変更のお知らせ"))).toHaveLength(1);
    // Without a key the write is refused (400), as every keyed write.
    const unkeyed = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/delivery`,
      headers: member.headers,
      payload: { desired_delivery_date: "" },
    });
    expect(unkeyed.statusCode).toBe(400);
  });
});

describe("the member's recipient (GET and POST /api/orders/{id}/recipient)", () => {
  it("changes the recipient of the member's own order: the form's current address, history naming the member, the change mail", async () => {
    const order = await place("bank");
    const before = await row(order.id);
    const options = await shop.app.inject({ method: "GET", url: `/api/orders/${order.id}/recipient`, headers: member.headers });
    expect(options.statusCode).toBe(200);
    // No recipient yet: the parcel goes to the buyer's address, which fills the form.
    expect(options.json().data).toMatchObject({
      order_id: order.id,
      changeable: true,
      reason: null,
      recipient: { name: before.name, zip: before.zip, prefecture: before.prefecture, address: before.address },
    });

    const response = await memberRecipientPost(member, order.id, osaka);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ changeable: true, recipient: { name: "田中 次郎", prefecture: 27, building_name: "梅田ビル3階" } });
    expect(await row(order.id)).toMatchObject({
      price: before.price,
      recipient: { name: "田中 次郎", prefecture: 27, address: "大阪市北区梅田1-1-1" },
      name: before.name,
    });
    const change = (await history(order.id)).at(-1)!;
    expect(change).toMatchObject({ actorKind: "member", actorId: String(member.user.id), fromStatus: "await_payment", toStatus: "await_payment" });
    expect(change.note).toContain("大阪市北区梅田1-1-1");
    const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け先変更のお知らせ"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("大阪市北区梅田1-1-1");
  });

  it("a new fee on the member's unpaid bank order is recalculated as staff's change is", async () => {
    const order = await place("bank");
    const before = await row(order.id);
    const response = await memberRecipientPost(member, order.id, hokkaido);
    expect(response.statusCode).toBe(200);
    expect((await row(order.id)).price).toBe(before.price + 605);
    expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け先・ご注文金額変更のお知らせ"))).toHaveLength(1);
  });

  it("answers 404 for another member's order and 401 for a guest; nothing changes", async () => {
    const order = await place("bank");
    expect((await memberRecipientPost(other, order.id, osaka)).statusCode).toBe(404);
    expect((await shop.app.inject({ method: "GET", url: `/api/orders/${order.id}/recipient`, headers: other.headers })).statusCode).toBe(404);
    expect((await memberRecipientPost(shop.browserSession(), order.id, osaka)).statusCode).toBe(401);
    expect((await row(order.id)).recipient).toBeNull();
  });

  it("refuses a shipped order (409 with the reason) and the options say why instead", async () => {
    const order = await place("cod");
    await fx.ship(order.id, "9999-0000-2222");
    const refused = await memberRecipientPost(member, order.id, osaka);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toContain("発送の準備が済んでいる");
    const options = (await shop.app.inject({ method: "GET", url: `/en/api/orders/${order.id}/recipient`, headers: member.headers })).json().data;
    expect(options).toMatchObject({ changeable: false });
    expect(options.reason).toContain("ready to ship or has shipped");
    expect((await row(order.id)).recipient).toBeNull();
  });

  it("refuses a fee change on a card order telling the member to contact the shop (ja and en); the same fee is taken", async () => {
    const order = await place("credit");
    const ja = await memberRecipientPost(member, order.id, hokkaido);
    expect(ja.statusCode).toBe(409);
    expect(ja.json().errors).toEqual([expect.stringContaining("マイページからは変更できません")]);
    expect(ja.json().errors[0]).toContain("お問い合わせください");
    const en = await memberRecipientPost(member, order.id, hokkaido, crypto.randomUUID(), "en");
    expect(en.statusCode).toBe(409);
    expect(en.json().errors[0]).toContain("please contact us");
    expect((await row(order.id)).recipient).toBeNull();
    // The prefecture left unchosen (null, as the back office's form sends it) is read from the postcode.
    expect((await memberRecipientPost(member, order.id, { ...osaka, prefecture: null })).statusCode).toBe(200);
    expect((await row(order.id)).recipient).toMatchObject({ prefecture: 27 });
  });

  it("refuses bad input with field messages in ja and en, and a body that is no form", async () => {
    const order = await place("bank");
    const ja = await memberRecipientPost(member, order.id, { ...osaka, name: "", phone: "12" });
    expect(ja.statusCode).toBe(422);
    expect(Object.keys(ja.json().fields)).toEqual(expect.arrayContaining(["recipient.name", "recipient.phone"]));
    expect(ja.json().fields["recipient.name"][0]).toMatch(/[ぁ-んァ-ン一-龥]/);
    const en = await memberRecipientPost(member, order.id, { ...osaka, zip: "" }, crypto.randomUUID(), "en");
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.join(" ")).toMatch(/[A-Za-z]/);
    expect(en.json().errors.join(" ")).not.toMatch(/[ぁ-ん]/);
    const listField = await memberRecipientPost(member, order.id, { ...osaka, name: ["a"] }, crypto.randomUUID(), "en");
    expect(listField.statusCode).toBe(422);
    expect(Object.keys(listField.json().fields)).toEqual(["name"]);
    for (const payload of ["42", "[1]"]) {
      const notAForm = await shop.app.inject({
        method: "POST",
        url: `/api/orders/${order.id}/recipient`,
        headers: { ...member.headers, "idempotency-key": crypto.randomUUID(), "content-type": "application/json" },
        payload,
      });
      expect(notAForm.statusCode).toBe(422);
      expect(notAForm.json().errors).toEqual(["入力内容は不正な値です"]);
    }
    expect((await row(order.id)).recipient).toBeNull();
    expect((await history(order.id)).filter((entry) => entry.note?.startsWith("お届け先を変更"))).toHaveLength(0);
  });

  it("books a resent request once: the same answer, one history row, one mail; no key is refused", async () => {
    const order = await place("bank");
    const key = crypto.randomUUID();
    const first = await memberRecipientPost(member, order.id, osaka, key);
    const second = await memberRecipientPost(member, order.id, osaka, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    expect((await history(order.id)).filter((entry) => entry.note?.startsWith("お届け先を変更"))).toHaveLength(1);
    expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け先"))).toHaveLength(1);
    const unkeyed = await shop.app.inject({ method: "POST", url: `/api/orders/${order.id}/recipient`, headers: member.headers, payload: osaka });
    expect(unkeyed.statusCode).toBe(400);
  });
});

describe("a pre-order's delivery wish (decision 092)", () => {
  it("offers no date before the release date and refuses one, member and staff, with checkout's sentence (ja and en)", async () => {
    const window = await windowTo(13);
    const release = window[2]!;
    const nouveau = await new CatalogFactory(shop.database.db).product({ name: { ja: "ヌーヴォー", en: "Nouveau" }, price: 3000, stock: 0 });
    await shop.database.db.update(productsTable).set({ releaseDate: release, preorderAllocation: 10 }).where(eq(productsTable.id, nouveau));
    await shop.app.services.catalog.changed();
    const response = await client.post(member, orderPayload([{ id: nouveau, amount: 1 }], { payment_method: "bank" }));
    expect(response.statusCode).toBe(200);
    const id = response.json().order_id as string;

    const options = (await shop.app.inject({ method: "GET", url: `/ja/api/orders/${id}/delivery`, headers: member.headers })).json().data;
    expect(options.dates).toEqual(window.filter((date) => date >= release));

    const [year, month, day] = release.split("-").map(Number);
    const early = await memberPost(member, id, { desired_delivery_date: window[0]!, desired_delivery_timezone: "" });
    expect(early.statusCode).toBe(422);
    expect(early.json().fields).toEqual({
      desired_delivery_date: [
        `予約商品は発売日（${year}年${month}月${day}日）以降に発送いたします。お届け希望日は${year}年${month}月${day}日以降の日付を選ぶか、「指定なし」でご注文ください。`,
      ],
    });
    const en = await memberPost(member, id, { desired_delivery_date: window[1]!, desired_delivery_timezone: "" }, crypto.randomUUID(), "en");
    expect(en.statusCode).toBe(422);
    expect(en.json().errors[0]).toMatch(/^Pre-ordered items ship on their release date \(\w+ \d{1,2}, \d{4}\)\. Please choose a delivery date on or after/);
    const byStaff = await staffPost(id, "delivery", { desired_delivery_date: window[1]!, desired_delivery_timezone: "" });
    expect(byStaff.statusCode).toBe(422);
    expect(byStaff.json().fields.desired_delivery_date[0]).toMatch(/^予約商品は発売日/);
    expect((await row(id)).desiredDeliveryDate).toBeNull();

    // The release date itself, and no date, are taken.
    expect((await memberPost(member, id, { desired_delivery_date: release, desired_delivery_timezone: "" })).statusCode).toBe(200);
    expect((await staffPost(id, "delivery", { desired_delivery_date: "", desired_delivery_timezone: "" })).statusCode).toBe(200);
    expect((await row(id)).desiredDeliveryDate).toBeNull();
  });
});

describe("staff changes (POST /admin/api/orders/{id}/delivery and /recipient)", () => {
  it("staff move the delivery wish: history names the staff member", async () => {
    const order = await place("cod");
    const date = (await windowTo(13))[1]!;
    const response = await staffPost(order.id, "delivery", { desired_delivery_date: date, desired_delivery_timezone: "" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ desired_delivery_date: date });
    expect((await history(order.id)).at(-1)).toMatchObject({ actorKind: "staff", actorId: String(staff.staff.id) });
    expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け日時変更のお知らせ"))).toHaveLength(1);
  });

  it("a recipient in Hokkaido on an unpaid bank order: the new fee, totals recalculated, the new total mailed", async () => {
    const order = await place("bank");
    const before = await row(order.id);
    const response = await staffPost(order.id, "recipient", hokkaido);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    // 1,100 → 1,650 before tax: 550 more, and 10% on it.
    expect(data.shipping_fee).toBe(1650);
    expect(data.price).toBe(before.price + 550 + 55);
    expect(data.recipient).toMatchObject({ name: "佐藤 一郎", prefecture: 1, zip: "0600001" });
    expect(await row(order.id)).toMatchObject({ price: before.price + 605, taxTotal: before.taxTotal + 55, prefecture: 13 });
    const change = (await history(order.id)).at(-1)!;
    expect(change.note).toContain("送料 1100円 → 1650円");
    const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け先・ご注文金額変更のお知らせ"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(new RegExp(`変更後のお支払い金額\\(税込\\): ${(before.price + 605).toLocaleString("ja-JP")}\\s?円`));
    expect(mails[0]!.text).toContain("札幌市中央区北一条西2丁目1");
  });

  it("cash on delivery: the amount to collect follows the new fee", async () => {
    const order = await place("cod");
    const before = await row(order.id);
    const response = await staffPost(order.id, "recipient", hokkaido);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.price).toBeGreaterThan(before.price);
    const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け先・ご注文金額変更のお知らせ"));
    expect(mails[0]!.text).toContain("配達員にお支払いください");
  });

  it("refuses a fee change on a card order, but takes an address with the same fee", async () => {
    const order = await place("credit");
    const before = await row(order.id);
    expect(before.status).toBe("deposited");
    const refused = await staffPost(order.id, "recipient", hokkaido);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toContain("送料の変わるお届け先の変更は");
    expect((await row(order.id)).recipient).toBeNull();

    const same = await staffPost(order.id, "recipient", osaka);
    expect(same.statusCode).toBe(200);
    expect(await row(order.id)).toMatchObject({ price: before.price, recipient: { name: "田中 次郎", prefecture: 27, buildingName: "梅田ビル3階" } });
    const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け先変更のお知らせ"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain("変更後のお支払い金額");
  });

  it("checks the recipient as checkout does (422 with field messages) and books a resent change once", async () => {
    const order = await place("bank");
    const bad = await staffPost(order.id, "recipient", { ...osaka, name: "", phone: "12" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(["recipient.name", "recipient.phone"]));

    const key = crypto.randomUUID();
    const first = await staffPost(order.id, "recipient", hokkaido, key);
    const second = await staffPost(order.id, "recipient", hokkaido, key);
    expect(first.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect((await history(order.id)).filter((entry) => entry.note?.startsWith("お届け先を変更"))).toHaveLength(1);
    expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("お届け先"))).toHaveLength(1);
    expect((await row(order.id)).price).toBe(first.json().data.price);
  });

  it("refuses a shipped order's recipient and an unknown order", async () => {
    const order = await place("cod");
    await fx.ship(order.id, "9999-0000-1111");
    expect((await staffPost(order.id, "recipient", osaka)).statusCode).toBe(409);
    expect((await staffPost("NOSUCHORDER0", "recipient", osaka)).statusCode).toBe(404);
    // A member is not staff.
    const asMember = await shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.id}/delivery`,
      headers: { ...member.headers, "idempotency-key": crypto.randomUUID() },
      payload: {},
    });
    expect(asMember.statusCode).toBe(401);
  });
});
