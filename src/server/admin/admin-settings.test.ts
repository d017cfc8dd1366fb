import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// The owner's settings (the shop profile) and staff accounts: clear 422s per field, and a saved
// change the storefront and checkout answer with at once.

let shop: TestApp;
let owner: StaffSession;
let original: Record<string, unknown>;

type Settings = Record<string, unknown> & {
  terms: Record<string, unknown> & {
    shipping: Record<string, unknown> & { fees: number[]; transitDays: number[] };
    payments: Record<string, Record<string, unknown>>;
  };
  gift: Record<string, unknown>;
  deliveryCalendar: Record<string, unknown>;
};

function call(method: "GET" | "POST" | "DELETE", url: string, payload?: object, locale?: "en") {
  const headers = locale ? { ...owner.headers, cookie: `${owner.cookie}; locale=${locale}` } : owner.headers;
  return shop.app.inject({ method, url: `/admin/api${url}`, headers, ...(payload ? { payload } : {}) });
}

async function current(): Promise<Settings> {
  return (await call("GET", "/settings")).json().data;
}

beforeAll(async () => {
  shop = await createTestApp();
  owner = await staffSession(shop, "owner");
  original = await current();
});

afterAll(async () => {
  await shop.close();
});

describe("GET /admin/api/settings", () => {
  it("answers the shop profile with the time bands as an ordered list", async () => {
    const settings = await current();
    expect(settings.terms).toMatchObject({ taxRatePercent: 10 });
    expect(settings.terms.payments.cod).toMatchObject({ feeTiers: [{ upTo: null, fee: 440 }], max: 300000 });
    expect(settings.terms.shipping).toMatchObject({ bottlesPerBox: 6, coolSurchargePerBox: 550, freeShippingFrom: 0 });
    expect(settings.terms.shipping.fees[12]).toBe(1100);
    expect(settings.deliveryCalendar).toEqual({ closedWeekdays: [0, 6], cutoff: "14:00" });
    expect(settings.deliveryTimeBands).toEqual([
      { code: "08-12", ja: "午前中", en: "Morning (8–12)" },
      { code: "14-16", ja: "14-16時", en: "14:00–16:00" },
      { code: "16-18", ja: "16-18時", en: "16:00–18:00" },
      { code: "18-20", ja: "18-20時", en: "18:00–20:00" },
      { code: "19-21", ja: "19-21時", en: "19:00–21:00" },
    ]);
    expect(settings.businessHolidays).toEqual([]);
  });
});

describe("POST /admin/api/settings", () => {
  it("saves, and the storefront and checkout answer with the new values at once", async () => {
    const wine = await new CatalogFactory(shop.database.db).product({ price: 1000 });
    const before = (await shop.app.inject({ method: "GET", url: `/api/products/${wine}` })).json();
    const settings = await current();
    const changed = {
      ...settings,
      invoiceRegistrationNumber: "t1234567890123",
      terms: {
        ...settings.terms,
        taxRatePercent: 8,
        shipping: { ...settings.terms.shipping, fees: settings.terms.shipping.fees.map((fee) => (fee === 1100 ? 880 : fee)) },
        payments: {
          ...settings.terms.payments,
          cod: {
            ...settings.terms.payments.cod,
            feeTiers: [
              { upTo: 10000, fee: 330 },
              { upTo: null, fee: 660 },
            ],
          },
        },
      },
      deliveryTimeBands: [
        { code: "08-12", ja: "午前中", en: "Morning" },
        { code: "19-21", ja: "19-21時", en: "19:00–21:00" },
      ],
      businessHolidays: ["2026-12-31", "2026-08-13", "2026-12-31"],
    };
    const response = await call("POST", "/settings", changed);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ invoiceRegistrationNumber: "T1234567890123", businessHolidays: ["2026-08-13", "2026-12-31"] });

    const shopper = (url: string, init: { method?: "GET" | "POST"; payload?: object } = {}) =>
      shop.app.inject({ method: init.method ?? "GET", url, headers: shop.browserSession().headers, ...(init.payload ? { payload: init.payload } : {}) });
    expect((await shopper("/api/taxrate")).json()).toEqual({ rate: 8 });
    expect((await shopper(`/api/shipping?id=${wine}`)).json()).toEqual({ fee: 880 });
    expect((await shopper("/ja/api/timezones")).json()).toEqual({ "08-12": "午前中", "19-21": "19-21時" });
    expect((await shopper("/api/fee", { method: "POST", payload: { price: 12000 } })).json()).toEqual({ cod_fee: 660 });
    // The catalogue's tax-included prices follow the rate (the cached answers were dropped).
    const after = (await shopper(`/api/products/${wine}`)).json();
    expect(JSON.stringify(after)).not.toEqual(JSON.stringify(before));
    expect(JSON.stringify(after)).toContain("1080");

    expect((await call("POST", "/settings", original)).statusCode).toBe(200);
    expect((await shopper("/api/taxrate")).json()).toEqual({ rate: 10 });
  });

  it("refuses invalid values with a message per field, in the page's language, and keeps the old settings", async () => {
    const settings = await current();
    const invalid = {
      ...settings,
      invoiceRegistrationNumber: "1234567890123",
      terms: {
        ...settings.terms,
        taxRatePercent: 101,
        shipping: { ...settings.terms.shipping, fees: settings.terms.shipping.fees.map((fee, index) => (index === 46 ? -1 : fee)) },
        payments: {
          ...settings.terms.payments,
          cod: {
            ...settings.terms.payments.cod,
            min: "abc",
            feeTiers: [
              { upTo: null, fee: 330 },
              { upTo: 10000, fee: 660 },
            ],
          },
        },
      },
      deliveryTimeBands: [
        { code: "08-12", ja: "午前中", en: "Morning" },
        { code: "08-12", ja: "", en: "Again" },
      ],
      businessHolidays: ["2026-02-30"],
      bankAccounts: [
        {
          financial: { ja: "蔵前銀行", en: "Kuramae Bank" },
          branch: { ja: "本店", en: "Head office" },
          depositType: "savings",
          accountNumber: "12a",
          accountName: "カ）クラ",
        },
      ],
    };
    const response = await call("POST", "/settings", invalid);
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({
      "deliveryTimeBands.1.code": ["配達時間帯2のコードはすでに存在します"],
      "deliveryTimeBands.1.ja": ["配達時間帯2の表示名(日本語)を入力してください"],
      invoiceRegistrationNumber: ["適格請求書発行事業者登録番号は不正な値です"],
      "terms.taxRatePercent": ["消費税率は100以下の値にしてください"],
      "terms.shipping.fees.46": ["沖縄県の送料は0以上の値にしてください"],
      "terms.payments.cod.min": ["代金引換の下限金額は数値で入力してください"],
      "terms.payments.cod.feeTiers": ["手数料の段階は、上限金額を小さい順に並べ、最後の段階だけ上限なしにしてください。"],
      "bankAccounts.0.depositType": ["口座1の種別は一覧にありません"],
      "bankAccounts.0.accountNumber": ["口座1の口座番号は不正な値です"],
    });
    // A fee an order's total could not hold (decision 050) is refused naming the limit.
    const fees = await call("POST", "/settings", {
      ...settings,
      terms: { ...settings.terms, payments: { ...settings.terms.payments, cod: { ...settings.terms.payments.cod, feeTiers: [{ upTo: null, fee: 2 ** 31 }] } } },
    });
    expect(fees.json().fields).toEqual({ "terms.payments.cod.feeTiers.0.fee": ["代金引換の手数料（段階1）の金額は1000000以下の値にしてください"] });
    const holiday = await call("POST", "/settings", { ...settings, businessHolidays: ["2026-02-30"], terms: { ...settings.terms, taxRatePercent: 1.5 } }, "en");
    expect(holiday.json().fields).toEqual({ "terms.taxRatePercent": ["Tax rate must be an integer"] });
    const date = await call("POST", "/settings", { ...settings, businessHolidays: ["2026-02-30"] }, "en");
    expect(date.json().fields).toEqual({ "businessHolidays.0": ["Business holiday 1 is invalid"] });
    expect((await current()).terms.taxRatePercent).toBe(10);
  });

  it("keeps the gift wrapping fee the trader sets, and refuses one below 0", async () => {
    const settings = await current();
    expect(settings.gift.wrappingFee).toBe(330);
    const negative = await call("POST", "/settings", { ...settings, gift: { ...settings.gift, wrappingFee: -1 } });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().fields).toEqual({ "gift.wrappingFee": ["ギフトラッピング料は0以上の値にしてください"] });
    const saved = await call("POST", "/settings", { ...settings, gift: { ...settings.gift, wrappingFee: 550 } });
    expect(saved.statusCode).toBe(200);
    expect((await current()).gift.wrappingFee).toBe(550);
    await call("POST", "/settings", settings);
  });

  it("turns shipping abroad on and off (decision 051): on, an overseas address is taken; off, it is refused with 海外への発送は承っておりません", async () => {
    const settings = await current();
    expect(settings.shipsAbroad).toBe(false);
    const paris = { country: "FR", zip: "75001", address: "1 Rue de Rivoli, Paris", building_name: "" };
    const putAddress = async (locale: "ja" | "en") => {
      const member = await shop.memberSession();
      return shop.app.inject({ method: "PUT", url: `/${locale}/api/address`, headers: member.headers, payload: paris });
    };
    try {
      const on = await call("POST", "/settings", { ...settings, shipsAbroad: true });
      expect(on.statusCode).toBe(200);
      expect((await current()).shipsAbroad).toBe(true);
      const taken = await putAddress("ja");
      expect(taken.statusCode).toBe(200);
      expect(taken.json().data).toMatchObject({ country: "fr", prefecture: null });

      const off = await call("POST", "/settings", { ...settings, shipsAbroad: false });
      expect(off.statusCode).toBe(200);
      expect((await current()).shipsAbroad).toBe(false);
      const refused = await putAddress("ja");
      expect(refused.statusCode).toBe(422);
      expect(refused.json().fields).toEqual({ country: ["海外への発送は承っておりません"] });
      expect((await putAddress("en")).json().fields).toEqual({ country: ["We do not ship outside Japan"] });

      const bad = await call("POST", "/settings", { ...settings, shipsAbroad: "yes" }, "en");
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().fields)).toEqual(["shipsAbroad"]);
    } finally {
      await call("POST", "/settings", settings);
    }
  });
});

describe("staff accounts", () => {
  it("adds a staff member with a generated password shown once, who can sign in, and removes them", async () => {
    const added = await call("POST", "/staff", { email: " Kura.Helper@Example.com ", role: "staff" });
    expect(added.statusCode).toBe(201);
    const { data, password } = added.json();
    expect(data).toMatchObject({ email: "kura.helper@example.com", role: "staff" });
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const signIn = await shop.app.inject({
      method: "POST",
      url: "/admin/api/session",
      headers: shop.browserSession().headers,
      payload: { email: "kura.helper@example.com", password },
    });
    expect(signIn.statusCode).toBe(200);
    const helper = shop.sessionFrom(signIn);
    expect((await call("GET", "/staff")).json().data.map((row: { email: string }) => row.email)).toContain("kura.helper@example.com");

    const taken = await call("POST", "/staff", { email: "kura.helper@example.com", role: "owner" });
    expect(taken.json().fields).toEqual({ email: ["メールアドレスはすでに存在します"] });
    expect((await call("POST", "/staff", { email: "x@example.com", role: "boss" })).json().fields).toEqual({ role: ["権限は一覧にありません"] });
    const blank = await call("POST", "/staff", { email: " ", role: "staff" });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().fields).toEqual({ email: ["メールアドレスを入力してください"] });
    expect((await call("POST", "/staff", { email: "not an address", role: 1 }, "en")).json().fields).toEqual({
      email: ["Email is invalid"],
      role: ["Role is not included in the list"],
    });

    expect((await call("DELETE", `/staff/${data.id}`)).statusCode).toBe(204);
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/session", headers: helper.headers })).statusCode).toBe(401);
    expect((await call("DELETE", `/staff/${data.id}`)).statusCode).toBe(404);
    const self = await call("DELETE", `/staff/${owner.staff.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().errors).toEqual(["ご自身のアカウントは削除できません。"]);
  });
});

describe("the shipping table and delivery calendar in the settings", () => {
  it("saves Okinawa's fee, the box, the cool surcharge, the free line and the calendar; checkout answers with them at once", async () => {
    const wine = await new CatalogFactory(shop.database.db).product({ price: 1000 });
    const settings = await current();
    const shipping = {
      ...settings.terms.shipping,
      fees: settings.terms.shipping.fees.map((fee, index) => (index === 46 ? 2530 : fee)),
      coolSurchargePerBox: 660,
      freeShippingFrom: 22_000,
    };
    const response = await call("POST", "/settings", {
      ...settings,
      terms: { ...settings.terms, shipping },
      deliveryCalendar: { closedWeekdays: [0, 3, 3], cutoff: "15:30" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.deliveryCalendar).toEqual({ closedWeekdays: [0, 3], cutoff: "15:30" });
    const shopper = (url: string) => shop.app.inject({ method: "GET", url, headers: shop.browserSession().headers });
    expect((await shopper(`/api/shipping?id=${wine}&prefecture=47`)).json()).toEqual({ fee: 2530 });
    expect((await shopper(`/api/shipping?id=${wine}`)).json()).toEqual({ fee: 1100 });
    expect((await call("POST", "/settings", original)).statusCode).toBe(200);
    expect((await shopper(`/api/shipping?id=${wine}&prefecture=47`)).json()).toEqual({ fee: 2200 });
  });

  it("refuses bad values with a message per field in ja and en, keeping the table", async () => {
    const settings = await current();
    const bad = {
      ...settings,
      terms: {
        ...settings.terms,
        shipping: {
          ...settings.terms.shipping,
          fees: settings.terms.shipping.fees.map((fee, index) => (index === 0 ? "abc" : fee)),
          transitDays: settings.terms.shipping.transitDays.map((days, index) => (index === 46 ? 0 : days)),
          bottlesPerBox: 0,
          freeShippingFrom: -1,
        },
      },
      deliveryCalendar: { closedWeekdays: [7], cutoff: "25:00" },
    };
    const ja = await call("POST", "/settings", bad);
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({
      "terms.shipping.fees.0": ["北海道の送料は数値で入力してください"],
      "terms.shipping.transitDays.46": ["沖縄県のお届け日数は1以上の値にしてください"],
      "terms.shipping.bottlesPerBox": ["1箱に入る本数は1以上の値にしてください"],
      "terms.shipping.freeShippingFrom": ["送料無料になる金額は0以上の値にしてください"],
      "deliveryCalendar.closedWeekdays.0": ["定休日(曜日)は6以下の値にしてください"],
      "deliveryCalendar.cutoff": ["当日発送の締め時刻は不正な値です"],
    });
    const en = await call("POST", "/settings", bad, "en");
    expect(en.json().fields["terms.shipping.fees.0"]).toEqual(["Shipping to Hokkaido is not a number"]);
    const short = await call("POST", "/settings", { ...settings, terms: { ...settings.terms, shipping: { ...settings.terms.shipping, fees: [1100] } } });
    expect(short.statusCode).toBe(422);
    expect((await current()).terms.shipping).toEqual(settings.terms.shipping);
  });

  it("is the owner's alone and needs the CSRF token", async () => {
    const settings = await current();
    const staff = await staffSession(shop, "staff");
    const byStaff = await shop.app.inject({ method: "POST", url: "/admin/api/settings", headers: staff.headers, payload: settings });
    expect(byStaff.statusCode).toBe(403);
    const { "x-csrf-token": _token, ...withoutToken } = owner.headers;
    const noToken = await shop.app.inject({ method: "POST", url: "/admin/api/settings", headers: withoutToken, payload: settings });
    expect(noToken.statusCode).toBe(403);
  });
});
