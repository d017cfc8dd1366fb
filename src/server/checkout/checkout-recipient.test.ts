import { beforeAll, describe, expect, it } from "vitest";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import { b2Cell, b2Cells, b2ExportRows } from "../testing/b2-cloud-files.ts";
import { B2_BILLING, changeShopProfile } from "../testing/shop-profile-changes.ts";

// ご依頼主 / お届け先: the shopper buys and is the contact, the parcel goes to someone else. The
// order keeps both; the order mail, the shipping mail, My Page's orders, the back office's order
// page and both CSV files show both; a bad recipient is a 422 with field messages and no order.

let staff: StaffSession;
let wine: number;

const env = checkoutTestShop();

const okinawa = {
  name: "比嘉 ツル",
  phone: "０９８－８６７－１２３４",
  zip: "900-0021",
  address: "那覇市泉崎1-2-3",
  building_name: "泉崎ハイツ201",
};

beforeAll(async () => {
  staff = await staffSession(env.shop);
  wine = await env.make.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 50 });
  await changeShopProfile(env.shop, () => ({ yamatoB2: B2_BILLING }));
});

describe("POST /api/checkout with a recipient", () => {
  it("writes the buyer and the recipient to the order; its prefecture comes from the postcode", async () => {
    const member = await env.shop.memberSession();
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod", recipient: okinawa });
    const response = await env.client.post(member, payload);
    expect(response.statusCode).toBe(200);
    const orderId = response.json().order_id as string;
    const order = (await env.client.order(orderId))!;
    expect(order).toMatchObject({ name: "山田 花子", phone: "090-1234-5678", prefecture: 13, address: "台東区蔵前3-14-7" });
    // Typed full-width, kept half-width: labels, the B2 file and mails take it as it is kept.
    expect(order.recipient).toEqual({
      name: "比嘉 ツル",
      phone: "098-867-1234",
      country: "jp",
      zip: "9000021",
      prefecture: 47,
      address: "那覇市泉崎1-2-3",
      buildingName: "泉崎ハイツ201",
    });

    // The order mail: ご依頼主 and お届け先, each with address, name and phone.
    const [mail] = await env.shop.mailsTo(payload.email);
    for (const text of [mail!.text, mail!.html]) {
      expect(text).toContain("ご依頼主");
      expect(text).toContain("〒111-0051 東京都台東区蔵前3-14-7 蔵前ビル1階");
      expect(text).toContain("お届け先");
      expect(text).toContain("〒900-0021 沖縄県那覇市泉崎1-2-3 泉崎ハイツ201");
      expect(text).toContain("比嘉 ツル");
    }

    // My Page's orders answer both.
    const history = await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: { cookie: member.cookie } });
    expect(history.json().data[0].attributes).toMatchObject({
      address: { zip: "1110051", address: "東京都台東区蔵前3-14-7" },
      recipient: { name: "比嘉 ツル", zip: "9000021", prefecture: 47, address: "沖縄県那覇市泉崎1-2-3", building_name: "泉崎ハイツ201" },
    });

    // The back office's order page.
    const detail = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${orderId}`, headers: staff.headers });
    expect(detail.json().data).toMatchObject({ name: "山田 花子", prefecture: 13, recipient: { name: "比嘉 ツル", prefecture: 47, phone: "098-867-1234" } });

    // The plain CSV has the recipient's columns.
    const plain = (await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/export.csv?q=${orderId}`, headers: staff.headers })).rawPayload
      .subarray(3)
      .toString("utf8");
    const [header, row] = plain
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(","));
    const at = (name: string) => row![header!.indexOf(name)];
    expect([at("お名前"), at("都道府県"), at("お届け先お名前"), at("お届け先都道府県"), at("お届け先住所"), at("お届け先電話番号")]).toEqual([
      "山田 花子",
      "東京都",
      "比嘉 ツル",
      "沖縄県",
      "那覇市泉崎1-2-3",
      "098-867-1234",
    ]);

    // B2 Cloud: ご依頼主 from the buyer, お届け先 from the recipient, phone half-width.
    const [cells] = await b2ExportRows(env.shop, staff, `q=${orderId}`);
    const expected = {
      お届け先名: "比嘉 ツル",
      お届け先電話番号: "098-867-1234",
      お届け先郵便番号: "900-0021",
      お届け先住所: "沖縄県那覇市泉崎1-2-3",
      お届け先アパートマンション名: "泉崎ハイツ201",
      ご依頼主名: "山田 花子",
      ご依頼主電話番号: "090-1234-5678",
      ご依頼主郵便番号: "111-0051",
      ご依頼主住所: "東京都台東区蔵前3-14-7",
      ご依頼主アパートマンション: "蔵前ビル1階",
    };
    expect(b2Cells(cells!, expected)).toEqual(expected);

    // The shipping mail goes to the buyer and says where the parcel went.
    const shipped = await env.shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${orderId}/ship`,
      headers: staff.headers,
      payload: { slip_number: "1234-5678-9012" },
    });
    expect(shipped.statusCode).toBe(200);
    const mails = await env.shop.mailsTo(payload.email);
    const shipping = mails.find((each) => each.subject.includes("発送"))!;
    expect(shipping.text).toContain("〒900-0021 沖縄県那覇市泉崎1-2-3 泉崎ハイツ201");
    expect(shipping.text).toContain("比嘉 ツル");
    expect(shipping.text).toContain("ご依頼主");
  });

  it("takes the recipient's prefecture from the address text when the postcode does not say, and stores none when absent", async () => {
    const byText = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { recipient: { ...okinawa, zip: "009-9999", address: "沖縄県那覇市泉崎1-2-3" } }),
    );
    expect(byText.statusCode).toBe(200);
    expect((await env.client.order(byText.json().order_id))!.recipient).toMatchObject({ prefecture: 47 });
    const toBuyer = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { recipient: null }));
    expect((await env.client.order(toBuyer.json().order_id))!.recipient).toBeNull();
  });

  it("takes the buyer's address as the API contract gives it (no prefecture), from the postcode", async () => {
    const { prefecture: _none, ...address } = orderPayload([]).address;
    const response = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { address: { ...address, zip: "900-0021", address: "那覇市泉崎1-2-3" } }),
    );
    expect(response.statusCode).toBe(200);
    expect((await env.client.order(response.json().order_id))!.prefecture).toBe(47);
  });

  it("keeps the recipient's optional フリガナ as katakana, shows it to the trader, and writes it half-width to B2's お届け先名(ｶﾅ)", async () => {
    const member = await env.shop.memberSession();
    const response = await env.client.post(
      member,
      orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod", recipient: { ...okinawa, kana: "ひが　つる" } }),
    );
    expect(response.statusCode).toBe(200);
    const orderId = response.json().order_id as string;
    expect((await env.client.order(orderId))!.recipient).toMatchObject({ name: "比嘉 ツル", kana: "ヒガ ツル" });
    const history = await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: { cookie: member.cookie } });
    expect(history.json().data[0].attributes.recipient).toMatchObject({ name: "比嘉 ツル", kana: "ヒガ ツル" });
    const detail = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${orderId}`, headers: staff.headers });
    expect(detail.json().data.recipient).toMatchObject({ kana: "ヒガ ツル" });
    const [cells] = await b2ExportRows(env.shop, staff, `q=${orderId}`);
    expect(b2Cell(cells!, "お届け先名(ｶﾅ)")).toBe("ﾋｶﾞ ﾂﾙ");
    // Checkout asks no フリガナ of the buyer: ご依頼主名(ｶﾅ) stays blank.
    expect(b2Cell(cells!, "ご依頼主名(ｶﾅ)")).toBe("");

    // Without one (the contract's payload), the order keeps no kana and the column is blank.
    const plain = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod", recipient: okinawa }));
    expect((await env.client.order(plain.json().order_id))!.recipient).not.toHaveProperty("kana");
  });

  it("refuses a フリガナ that is not kana with a clear message in ja and en", async () => {
    const before = await env.client.orderCount();
    const payload = orderPayload([{ id: wine, amount: 1 }], { recipient: { ...okinawa, kana: "比嘉 ツル" } });
    const ja = await env.client.post(env.shop.browserSession(), payload);
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({ "recipient.kana": ["お届け先のフリガナはカタカナまたはひらがなで入力してください"] });
    const en = await env.client.post(env.shop.browserSession(), payload, { locale: "en" });
    expect(en.json().fields).toEqual({ "recipient.kana": ["Recipient's furigana must be written in katakana or hiragana"] });
    const tooLong = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { recipient: { ...okinawa, kana: "ア".repeat(51) } }),
    );
    expect(tooLong.json().fields).toEqual({ "recipient.kana": ["お届け先のフリガナは50文字以内で入力してください"] });
    expect(await env.client.orderCount()).toBe(before);
  });

  it("answers 422 with ja and en messages per recipient field, and writes nothing", async () => {
    const before = await env.client.orderCount();
    const bad = { name: " ", phone: "12", zip: "12", address: "" };
    const ja = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { recipient: bad }));
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toMatchObject({
      "recipient.name": ["お届け先のお名前を入力してください"],
      "recipient.phone": ["お届け先の電話番号は不正な値です"],
      "recipient.zip": ["郵便番号は7桁の数字で入力してください"],
      "recipient.address": ["住所を入力してください"],
    });
    const en = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { recipient: bad }), { locale: "en" });
    expect(en.json().fields).toMatchObject({ "recipient.name": ["Recipient's name can't be blank"], "recipient.phone": ["Recipient's phone is invalid"] });
    const wrongShape = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { recipient: { ...okinawa, name: 5 } as never }),
    );
    expect(wrongShape.statusCode).toBe(422);
    expect(wrongShape.json().fields["recipient.name"]).toHaveLength(1);
    expect(await env.client.orderCount()).toBe(before);
  });
});
