import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { shopProfileTable } from "../db/schema/shop.ts";
import { ShopProfileService } from "../shop/shop-profile.service.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

let shop: TestApp;
let normal: number;
let otherNormal: number;
let cool: number;
let withdrawnCool: number;
let demoProfile: ShopProfile;

beforeAll(async () => {
  shop = await createTestApp();
  const factory = new CatalogFactory(shop.database.db);
  normal = await factory.product({ name: { ja: "赤ワイン", en: "Red wine" } });
  otherNormal = await factory.product({ name: { ja: "焼酎", en: "Shochu" } });
  cool = await factory.product({ name: { ja: "生酒", en: "Unpasteurised sake" }, shippingType: "cool" });
  withdrawnCool = await factory.product({ name: { ja: "終売の生酒", en: "Withdrawn sake" }, shippingType: "cool", published: false });
  demoProfile = await shop.app.services.shopProfiles.profile();
});

afterAll(async () => {
  await shop.close();
});

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: "GET", url, headers });

async function withTerms(terms: Partial<ShopProfile["terms"]>, run: () => Promise<void>): Promise<void> {
  await shop.app.services.shopProfiles.save({ ...demoProfile, terms: { ...demoProfile.terms, ...terms } });
  try {
    await run();
  } finally {
    await shop.app.services.shopProfiles.save(demoProfile);
  }
}

describe("GET /api/shipping", () => {
  it("charges the normal fee for normal bottles and without ids, in every prefix", async () => {
    for (const url of [`/api/shipping?id=${normal}`, `/ja/api/shipping?id=${normal},${otherNormal}`, "/en/api/shipping", "/api/shipping?id="]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ fee: 1100 });
    }
  });

  it("charges the cool fee when any listed product is cool, however the ids are listed", async () => {
    expect((await get(`/api/shipping?id=${cool}`)).json()).toEqual({ fee: 1650 });
    expect((await get(`/ja/api/shipping?id=${normal},${cool}`)).json()).toEqual({ fee: 1650 });
    expect((await get(`/en/api/shipping?id=${normal}&id=${cool}`)).json()).toEqual({ fee: 1650 });
    expect((await get(`/api/shipping?id=${normal},%20${cool},`)).json()).toEqual({ fee: 1650 });
  });

  it("still knows a product the shop withdrew, which a cart may hold", async () => {
    expect((await get(`/api/shipping?id=${withdrawnCool}`)).json()).toEqual({ fee: 1650 });
  });

  it("answers 404 with a message in the locale for an unknown or malformed id", async () => {
    const ja = await get(`/ja/api/shipping?id=${normal},99999999`);
    expect(ja.statusCode).toBe(404);
    expect(ja.json()).toEqual({ errors: ["指定されたリソースは存在しません。"] });
    const en = await get("/en/api/shipping?id=abc");
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ errors: ["The requested resource does not exist."] });
  });

  it("charges what the shop profile sets", async () => {
    const table = demoProfile.terms.shipping;
    await withTerms({ shipping: { ...table, fees: table.fees.map((fee) => (fee === 1100 ? 880 : fee)), coolSurchargePerBox: 440 } }, async () => {
      expect((await get(`/api/shipping?id=${normal}`)).json()).toEqual({ fee: 880 });
      expect((await get(`/api/shipping?id=${cool}`)).json()).toEqual({ fee: 1320 });
    });
  });

  it("answers one bottle's fee to a prefecture: Okinawa and Hokkaido pay more, cool adds its surcharge", async () => {
    expect((await get(`/ja/api/shipping?id=${normal}&prefecture=47`)).json()).toEqual({ fee: 2200 });
    expect((await get(`/en/api/shipping?id=${normal}&prefecture=1`)).json()).toEqual({ fee: 1650 });
    expect((await get(`/api/shipping?id=${normal}&prefecture=13`)).json()).toEqual({ fee: 1100 });
    expect((await get(`/api/shipping?id=${cool}&prefecture=47`)).json()).toEqual({ fee: 2750 });
  });

  it("refuses a prefecture that is not 1 to 47 with 422 and a message in the locale", async () => {
    for (const value of ["0", "48", "abc", "1.5", "", "-1", "13&prefecture=14"]) {
      const ja = await get(`/ja/api/shipping?id=${normal}&prefecture=${value}`);
      expect(ja.statusCode, value).toBe(422);
      expect(ja.json().errors, value).toEqual(["都道府県は1から47の番号で指定してください。"]);
      expect((await get(`/en/api/shipping?id=${normal}&prefecture=${value}`)).json().errors, value).toEqual(["The prefecture must be a number from 1 to 47."]);
    }
  });
});

describe("GET /api/taxrate", () => {
  it("gives the rate in whole percent, from the shop profile", async () => {
    for (const prefix of ["/api", "/ja/api", "/en/api"]) {
      expect((await get(`${prefix}/taxrate`)).json()).toEqual({ rate: 10 });
    }
    await withTerms({ taxRatePercent: 8 }, async () => {
      expect((await get("/api/taxrate")).json()).toEqual({ rate: 8 });
    });
  });
});

describe("GET /api/timezones", () => {
  it("maps each band's code to its label in the request's locale, in the carrier's order", async () => {
    const ja = (await get("/ja/api/timezones")).json();
    expect(ja).toEqual({ "08-12": "午前中", "14-16": "14-16時", "16-18": "16-18時", "18-20": "18-20時", "19-21": "19-21時" });
    expect(Object.keys(ja)).toEqual(["08-12", "14-16", "16-18", "18-20", "19-21"]);
    const en = (await get("/en/api/timezones")).json();
    expect(en["08-12"]).toBe("Morning (8–12)");
    expect(en["19-21"]).toBe("19:00–21:00");
    expect((await get("/api/timezones", { cookie: "locale=en" })).json()).toEqual(en);
  });
});

describe("GET /api/banks", () => {
  it("lists the shop profile's accounts with the deposit type as code and label", async () => {
    const ja = (await get("/api/banks")).json();
    expect(ja.data).toHaveLength(2);
    expect(ja.data[0]).toEqual({
      id: "1",
      financial: "蔵前銀行",
      branch: "浅草橋支店",
      deposit_type: "ordinary",
      deposit_type_label: "普通",
      account_number: "1234567",
      account_name: "カ）クラマエシユホ",
    });
    expect(ja.data[1]).toMatchObject({ deposit_type: "current", deposit_type_label: "当座" });
    const en = (await get("/en/api/banks")).json();
    expect(en.data[0]).toMatchObject({
      financial: "Kuramae Bank",
      branch: "Asakusabashi Branch",
      deposit_type_label: "Ordinary",
      account_name: "カ）クラマエシユホ",
    });
  });
});

describe("POST /api/fee", () => {
  const post = (url: string, payload: unknown, headers = shop.browserSession().headers) =>
    shop.app.inject({ method: "POST", url, headers, payload: payload as Record<string, unknown> });

  it("gives the cod fee for items + shipping, in every prefix", async () => {
    for (const prefix of ["/api", "/ja/api", "/en/api"]) {
      const response = await post(`${prefix}/fee`, { price: 12_080 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ cod_fee: 440 });
    }
    expect((await post("/api/fee", { price: "12080" })).json()).toEqual({ cod_fee: 440 });
    expect((await post("/api/fee", { price: 0 })).json()).toEqual({ cod_fee: 440 });
  });

  it("follows the profile's tiers, upper bounds inclusive", async () => {
    const tiers = [
      { upTo: 10_000, fee: 330 },
      { upTo: 30_000, fee: 440 },
      { upTo: null, fee: 660 },
    ];
    await withTerms({ payments: { ...demoProfile.terms.payments, cod: { ...demoProfile.terms.payments.cod!, feeTiers: tiers } } }, async () => {
      expect((await post("/api/fee", { price: 10_000 })).json()).toEqual({ cod_fee: 330 });
      expect((await post("/api/fee", { price: 10_001 })).json()).toEqual({ cod_fee: 440 });
      expect((await post("/api/fee", { price: 30_001 })).json()).toEqual({ cod_fee: 660 });
    });
    expect((await post("/api/fee", { price: 10_000 })).json()).toEqual({ cod_fee: 440 });
  });

  it("requires the CSRF header like every POST", async () => {
    const response = await shop.app.inject({ method: "POST", url: "/api/fee", payload: { price: 1000 } });
    expect(response.statusCode).toBe(403);
  });

  it("refuses a bad price with a field message in the locale", async () => {
    const cases: [unknown, string, string][] = [
      [{}, "金額を入力してください", "Price can't be blank"],
      [{ price: "" }, "金額を入力してください", "Price can't be blank"],
      [{ price: "abc" }, "金額は数値で入力してください", "Price is not a number"],
      [{ price: "0x10" }, "金額は数値で入力してください", "Price is not a number"],
      [{ price: true }, "金額は数値で入力してください", "Price is not a number"],
      [{ price: 1000.5 }, "金額は整数で入力してください", "Price must be an integer"],
      [{ price: -1 }, "金額は0以上の値にしてください", "Price must be greater than or equal to 0"],
      [{ price: 1e12 }, "金額は1000000000以下の値にしてください", "Price must be less than or equal to 1000000000"],
    ];
    for (const [payload, ja, en] of cases) {
      const jaResponse = await post("/ja/api/fee", payload);
      expect(jaResponse.statusCode, JSON.stringify(payload)).toBe(422);
      expect(jaResponse.json()).toEqual({ errors: [ja], fields: { price: [ja] } });
      expect((await post("/en/api/fee", payload)).json().errors).toEqual([en]);
    }
  });
});

describe("a shop profile stored before the checkout settings existed", () => {
  it("is read with their defaults", async () => {
    // Written as before decision 077: cod's fee and the days to pay under names of their own.
    const { shipping: _table, payments: _payments, ...newTerms } = demoProfile.terms;
    // Before the shipping table, one flat fee and one cool fee for all of Japan.
    const oldTerms = { ...newTerms, shippingFee: 1000, codFee: 440, bankTransferWithinDays: 3 };
    const { bankAccounts: _banks, deliveryTimeBands: _bands, ...oldProfile } = demoProfile;
    await shop.database.db
      .update(shopProfileTable)
      .set({ profile: { ...oldProfile, terms: oldTerms } as unknown as ShopProfile })
      .where(eq(shopProfileTable.id, 1));
    try {
      const profile = await new ShopProfileService(shop.database.db).profile();
      expect(profile.terms.payments.cod).toMatchObject({ feeTiers: [{ upTo: null, fee: 440 }], max: 300_000 });
      expect(profile.terms.payments.bank?.daysToPay).toBe(3);
      // The flat fee becomes the shop's own zone's; the cool surcharge and the far zones keep their defaults.
      expect(profile.terms.shipping.fees[12]).toBe(1000);
      expect(profile.terms.shipping.fees[46]).toBe(2200);
      expect(profile.terms.shipping.coolSurchargePerBox).toBe(550);
      expect(profile.bankAccounts).toEqual([]);
      expect(profile.deliveryTimeBands["08-12"]).toEqual({ ja: "午前中", en: "Morning (8–12)" });
    } finally {
      await shop.app.services.shopProfiles.save(demoProfile);
    }
  });
});
