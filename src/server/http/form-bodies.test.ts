import { beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { MemberSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";

// The last seven bodies that read anything (issue #30 item 1, decision 075) now declare their
// schema from src/domain: a body that is no form (a number, a list), one without its fields and one
// with fields of the wrong type each answer a 422 with a clear message in ja and en, never a 5xx,
// and write nothing.

const shop = testAppFixture();
let member: MemberSession;
let staff: StaffSession;
let owner: StaffSession;

beforeAll(async () => {
  member = await shop.memberSession();
  staff = await staffSession(shop);
  owner = await staffSession(shop, "owner");
});

type Locale = "ja" | "en";

/** A body as JSON, whatever it is (inject's `payload` would not send a bare number as JSON). */
function json(body: unknown) {
  return { payload: JSON.stringify(body), headers: { "content-type": "application/json" } };
}

function shopper(method: "PUT" | "POST", path: string, body: unknown, locale: Locale) {
  const sent = json(body);
  return shop.app.inject({ method, url: `/${locale}/api${path}`, headers: { ...member.headers, ...sent.headers }, payload: sent.payload });
}

function backOffice(path: string, body: unknown, locale: Locale, as: StaffSession = staff) {
  const sent = json(body);
  const headers = { ...as.headers, ...sent.headers, cookie: `${as.cookie}; locale=${locale}`, "idempotency-key": crypto.randomUUID() };
  return shop.app.inject({ method: "POST", url: `/admin/api${path}`, headers, payload: sent.payload });
}

const NOT_FORMS: unknown[] = [42, [1, 2], "text", true];

describe("PUT /api/address", () => {
  it("names each required field for a body that is no form or has no fields, with the general message", async () => {
    for (const body of [...NOT_FORMS, {}]) {
      const ja = await shopper("PUT", "/address", body, "ja");
      expect(ja.statusCode, JSON.stringify(body)).toBe(422);
      expect(ja.json()).toEqual({
        errors: ["入力内容に誤りがあります。"],
        fields: { zip: ["郵便番号を入力してください"], prefecture: ["都道府県を入力してください"], address: ["住所を入力してください"] },
      });
    }
    const en = await shopper("PUT", "/address", 42, "en");
    expect(en.json().fields).toEqual({ zip: ["Zip can't be blank"], prefecture: ["Prefecture can't be blank"], address: ["Address can't be blank"] });
    expect((await shop.app.inject({ method: "GET", url: "/api/address", headers: { cookie: member.cookie } })).json()).toEqual({ data: null });
  });

  it("words fields of the wrong type", async () => {
    // (An object under "address" would be the form nested as Rails nests it: a list is no text.)
    const body = { country: 5, zip: 1000001, prefecture: [13], address: ["千代田区"], building_name: 7 };
    const ja = await shopper("PUT", "/address", body, "ja");
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({
      country: ["国は一覧にありません"],
      zip: ["郵便番号を入力してください"],
      prefecture: ["都道府県は一覧にありません"],
      address: ["住所を入力してください"],
      building_name: ["建物名は一覧にありません"],
    });
    expect((await shopper("PUT", "/address", body, "en")).json().fields.country).toEqual(["Country is not included in the list"]);
  });
});

describe("POST and PUT /api/address-book", () => {
  const blank = {
    ja: {
      name: ["お届け先のお名前を入力してください"],
      phone: ["お届け先の電話番号を入力してください"],
      zip: ["郵便番号を入力してください"],
      address: ["住所を入力してください"],
      prefecture: ["都道府県を入力してください"],
    },
    en: {
      name: ["Recipient's name can't be blank"],
      phone: ["Recipient's phone can't be blank"],
      zip: ["Zip can't be blank"],
      address: ["Address can't be blank"],
      prefecture: ["Prefecture can't be blank"],
    },
  };

  it("names each required field for a body that is no form or has no fields, listing every message", async () => {
    for (const body of [...NOT_FORMS, {}]) {
      for (const [method, path] of [
        ["POST", "/address-book"],
        ["PUT", "/address-book/1"],
      ] as const) {
        const ja = await shopper(method, path, body, "ja");
        expect(ja.statusCode, `${method} ${JSON.stringify(body)}`).toBe(422);
        expect(ja.json()).toEqual({ errors: Object.values(blank.ja).flat(), fields: blank.ja });
      }
    }
    expect((await shopper("POST", "/address-book", [], "en")).json().fields).toEqual(blank.en);
    expect((await shop.app.inject({ method: "GET", url: "/api/address-book", headers: { cookie: member.cookie } })).json()).toEqual({ data: [] });
  });

  it("words fields of the wrong type and a phone that is none", async () => {
    const body = { name: 5, phone: "090-abcd", zip: "900-0021", address: "那覇市泉崎1-2-3" };
    const ja = await shopper("POST", "/address-book", body, "ja");
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({ name: ["お届け先のお名前は不正な値です"], phone: ["お届け先の電話番号は不正な値です"] });
    const en = await shopper("POST", "/address-book", { ...body, name: "比嘉 ツル", phone: { number: 1 } }, "en");
    expect(en.json().fields).toEqual({ phone: ["Recipient's phone is invalid"] });
  });
});

describe("POST /admin/api/orders/bulk", () => {
  it("asks for the move, then the orders, then good entries, in ja and en", async () => {
    const cases: [unknown, Record<Locale, string>][] = [
      [42, { ja: "一括処理の種類を選んでください。", en: "Choose what to do with the selected orders." }],
      [[1, 2], { ja: "一括処理の種類を選んでください。", en: "Choose what to do with the selected orders." }],
      [
        { move: "sell", orders: ["x"] },
        { ja: "一括処理の種類を選んでください。", en: "Choose what to do with the selected orders." },
      ],
      [{ move: "deposit" }, { ja: "注文を1件以上選んでください。", en: "Select at least one order." }],
      [
        { move: "deposit", orders: "x" },
        { ja: "注文を1件以上選んでください。", en: "Select at least one order." },
      ],
      [
        { move: "deposit", orders: [] },
        { ja: "注文を1件以上選んでください。", en: "Select at least one order." },
      ],
      [
        { move: "ship", orders: [5] },
        {
          ja: "選んだ注文の指定が正しくありません。一覧からもう一度選んでください。",
          en: "The selected orders are not valid. Select them again from the list.",
        },
      ],
      [
        { move: "ship", orders: [{ id: "x", carrier: "pigeon" }] },
        {
          ja: "選んだ注文の指定が正しくありません。一覧からもう一度選んでください。",
          en: "The selected orders are not valid. Select them again from the list.",
        },
      ],
    ];
    for (const [body, text] of cases) {
      for (const locale of ["ja", "en"] as const) {
        const response = await backOffice("/orders/bulk", body, locale);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json()).toEqual({ errors: [text[locale]] });
      }
    }
  });

  it("asks for the request key before reading the body", async () => {
    const sent = json(42);
    const headers: Record<string, string> = { ...staff.headers, ...sent.headers };
    delete headers["idempotency-key"];
    const response = await shop.app.inject({ method: "POST", url: "/admin/api/orders/bulk", headers, payload: sent.payload });
    expect(response.statusCode).toBe(400);
  });
});

describe("the issued-data upload", () => {
  it("asks for the file in the preview's body", async () => {
    for (const body of [...NOT_FORMS, {}, { file: 5 }, { file: "not base64!" }, { file: "====" }]) {
      const ja = await backOffice("/shipments/issued-data/preview", body, "ja");
      expect(ja.statusCode, JSON.stringify(body)).toBe(422);
      expect(ja.json()).toEqual({ errors: ["発行済みデータのファイルを選んでください。"] });
    }
    expect((await backOffice("/shipments/issued-data/preview", [], "en")).json()).toEqual({ errors: ["Choose the issued-data file."] });
  });

  it("asks for rows to ship in the confirm's body", async () => {
    for (const body of [
      ...NOT_FORMS,
      {},
      { shipments: [] },
      { shipments: "x" },
      { shipments: [{ order_id: 1, slip_number: "1" }] },
      { shipments: [{ order_id: "x", slip_number: "1", line: 0 }] },
    ]) {
      const ja = await backOffice("/shipments/issued-data", body, "ja");
      expect(ja.statusCode, JSON.stringify(body)).toBe(422);
      expect(ja.json()).toEqual({ errors: ["発送する行の指定が正しくありません。もう一度ファイルを読み込んでください。"] });
    }
    expect((await backOffice("/shipments/issued-data", 42, "en")).json()).toEqual({ errors: ["The rows to ship are not valid. Upload the file again."] });
  });
});

describe("POST /admin/api/settings", () => {
  it("names every required setting for a body that is no form, and changes nothing", async () => {
    const before = (await shop.app.inject({ method: "GET", url: "/admin/api/settings", headers: owner.headers })).json().data;
    for (const body of [...NOT_FORMS, {}]) {
      const ja = await backOffice("/settings", body, "ja", owner);
      expect(ja.statusCode, JSON.stringify(body)).toBe(422);
      const { fields, errors } = ja.json() as { fields: Record<string, string[]>; errors: string[] };
      expect(fields["shopName"]).toEqual(["ショップ名を入力してください"]);
      expect(fields["terms"]).toBeDefined();
      expect(errors).toEqual(Object.values(fields).flat());
    }
    expect((await backOffice("/settings", 42, "en", owner)).json().fields["shopName"]).toEqual(["Shop name can't be blank"]);
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/settings", headers: owner.headers })).json().data).toEqual(before);
  });

  it("words settings of the wrong type", async () => {
    const settings = (await shop.app.inject({ method: "GET", url: "/admin/api/settings", headers: owner.headers })).json().data;
    const body = { ...settings, lowStockHintAt: "many", shipsAbroad: "yes", deliveryTimeBands: "morning", businessHolidays: [20260101] };
    const ja = await backOffice("/settings", body, "ja", owner);
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toMatchObject({ shipsAbroad: ["海外への発送は不正な値です"], "businessHolidays.0": [expect.stringMatching(/不正な値です$/)] });
    expect(Object.keys(ja.json().fields)).toContain("lowStockHintAt");
    const en = await backOffice("/settings", body, "en", owner);
    expect(en.json().fields.shipsAbroad).toEqual(["Ship abroad is invalid"]);
  });

  it("is refused to staff before the body is read", async () => {
    expect((await backOffice("/settings", 42, "ja")).statusCode).toBe(403);
  });
});
