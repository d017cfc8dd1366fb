import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession, MemberSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";

const shop = testAppFixture();
let member: MemberSession;

beforeAll(async () => {
  member = await shop.memberSession();
});

const tokyo = { country: "jp", zip: "100-0001", prefecture: 13, address: "千代田区千代田1-1", building_name: "蔵ビル3F" };

function get(session: BrowserSession, locale = "ja") {
  return shop.app.inject({ method: "GET", url: `/${locale}/api/address`, headers: { cookie: session.cookie } });
}

function put(session: BrowserSession, payload: unknown, locale = "ja") {
  return shop.app.inject({ method: "PUT", url: `/${locale}/api/address`, headers: session.headers, payload: payload as object });
}

describe("members only", () => {
  it("answers a guest 401 on GET and PUT", async () => {
    const guest = shop.browserSession();
    const read = await get(guest);
    expect(read.statusCode).toBe(401);
    expect(read.json().errors).toEqual(["ログインもしくはアカウント登録してください。"]);
    expect((await put(guest, tokyo)).statusCode).toBe(401);
  });

  it("refuses a PUT without the CSRF token", async () => {
    const response = await shop.app.inject({ method: "PUT", url: "/api/address", headers: { cookie: member.cookie }, payload: tokyo });
    expect(response.statusCode).toBe(403);
  });
});

describe("saving and reading", () => {
  it("is null until saved, then gives back what was saved with the country's name", async () => {
    const fresh = await shop.memberSession();
    expect((await get(fresh)).json()).toEqual({ data: null });

    const saved = await put(fresh, tokyo);
    expect(saved.statusCode).toBe(200);
    const expected = { country: "jp", country_name: "日本", zip: "1000001", prefecture: 13, address: "千代田区千代田1-1", building_name: "蔵ビル3F" };
    expect(saved.json()).toEqual({ data: expected });
    const read = await get(fresh);
    expect(read.json()).toEqual({ data: expected });
    expect(read.headers["cache-control"]).toMatch(/no-store/);
    expect((await get(fresh, "en")).json().data.country_name).toBe("Japan");
  });

  it("replaces the one saved address, and takes the fields nested under address too", async () => {
    const mover = await shop.memberSession();
    expect((await put(mover, tokyo)).statusCode).toBe(200);
    const moved = await put(mover, { address: { country: "jp", zip: "5300001", prefecture: "27", address: "大阪市北区梅田1-1" } });
    expect(moved.statusCode).toBe(200);
    expect((await get(mover)).json().data).toEqual({
      country: "jp",
      country_name: "日本",
      zip: "5300001",
      prefecture: 27,
      address: "大阪市北区梅田1-1",
      building_name: "",
    });
  });

  it("normalises a zip typed with full-width digits and hyphens", async () => {
    expect((await put(member, { ...tokyo, zip: "１００ー０００１" })).statusCode).toBe(200);
    expect((await get(member)).json().data.zip).toBe("1000001");
    expect((await put(member, { ...tokyo, zip: "100－0001" })).json().data.zip).toBe("1000001");
  });

  it("refuses a foreign address while the shop does not ship abroad, in ja and en", async () => {
    const abroad = await shop.memberSession();
    const paris = { country: "FR", zip: "75001", address: "1 Rue de Rivoli, Paris", building_name: "" };
    const ja = await put(abroad, paris);
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({ country: ["海外への発送は承っておりません"] });
    const en = await put(abroad, { ...paris, country: "us", zip: "10001", address: "350 Fifth Avenue, New York" }, "en");
    expect(en.json().fields).toEqual({ country: ["We do not ship outside Japan"] });
    expect((await get(abroad)).json().data).toBeNull();
  });

  it("keeps a foreign address without a prefecture once the trader ships abroad", async () => {
    const profiles = shop.app.services.shopProfiles;
    const profile = await profiles.profile();
    await profiles.save({ ...profile, shipsAbroad: true });
    const abroad = await shop.memberSession();
    const response = await put(abroad, { country: "FR", zip: "75001", prefecture: 13, address: "1 Rue de Rivoli, Paris", building_name: "" }, "en").finally(
      () => profiles.save(profile),
    );
    expect(response.statusCode).toBe(200);
    expect((await get(abroad, "en")).json().data).toEqual({
      country: "fr",
      country_name: "France",
      zip: "75001",
      prefecture: null,
      address: "1 Rue de Rivoli, Paris",
      building_name: "",
    });
  });

  it("shows each member only their own address", async () => {
    const a = await shop.memberSession();
    const b = await shop.memberSession();
    expect((await put(a, tokyo)).statusCode).toBe(200);
    expect((await get(b)).json()).toEqual({ data: null });
    expect((await put(b, { ...tokyo, zip: "0600042", prefecture: 1, address: "札幌市中央区大通西1" })).statusCode).toBe(200);
    expect((await get(a)).json().data.zip).toBe("1000001");
    expect((await get(b)).json().data.zip).toBe("0600042");
  });
});

describe("validation", () => {
  it("refuses a prefecture that is not the postcode's, on the prefecture field in ja and en", async () => {
    const naha = { country: "jp", zip: "900-0001", prefecture: 13, address: "那覇市港町1-1", building_name: "" };
    const ja = await put(member, naha);
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({ prefecture: ["都道府県が郵便番号(〒900-0001)の沖縄県と一致しません"] });
    const en = await put(member, naha, "en");
    expect(en.json().fields).toEqual({ prefecture: ["Prefecture does not match the postcode 〒900-0001, which is in Okinawa"] });
    // A code the data does not list is held to the prefecture every code of its first 3 digits shares.
    expect((await put(member, { ...naha, zip: "900-0999" })).json().fields).toEqual({ prefecture: ["都道府県が郵便番号(〒900-0999)の沖縄県と一致しません"] });
    expect((await put(member, { ...naha, prefecture: 47 })).statusCode).toBe(200);
  });

  it("refuses a prefecture that is not the one the address is written in", async () => {
    const response = await put(member, { country: "jp", zip: "009-9999", prefecture: 13, address: "沖縄県那覇市港町1-1", building_name: "" });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({ prefecture: ["都道府県が住所の沖縄県と一致しません"] });
  });

  it("answers 422 with a Japanese message under each wrong field", async () => {
    const before = (await get(member)).json().data;
    const response = await put(member, { country: "jp", zip: "", prefecture: null, address: " ", building_name: "あ".repeat(256) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: ["入力内容に誤りがあります。"],
      fields: {
        zip: ["郵便番号を入力してください"],
        prefecture: ["都道府県を入力してください"],
        address: ["住所を入力してください"],
        building_name: ["建物名は255文字以内で入力してください"],
      },
    });
    // Nothing was half-written.
    expect((await get(member)).json().data).toEqual(before);
  });

  it("says a Japanese zip needs 7 digits, in ja and en", async () => {
    const ja = await put(member, { ...tokyo, zip: "100-001" });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({ zip: ["郵便番号は7桁の数字で入力してください"] });
    const en = await put(member, { ...tokyo, zip: "100-001" }, "en");
    expect(en.json().fields).toEqual({ zip: ["Zip must be 7 digits"] });
  });

  it("words blanks and unknown values the Rails way in English", async () => {
    const response = await put(member, { country: "jp", zip: "", prefecture: 48, address: "" }, "en");
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: ["Some of the values you entered are not valid."],
      fields: {
        zip: ["Zip can't be blank"],
        prefecture: ["Prefecture is not included in the list"],
        address: ["Address can't be blank"],
      },
    });
  });

  it("refuses a country that does not exist", async () => {
    const response = await put(member, { ...tokyo, country: "xx" });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({ country: ["国は一覧にありません"] });
  });

  it("refuses a body that is not an address", async () => {
    const response = await put(member, [1, 2, 3]);
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toMatchObject({ zip: ["郵便番号を入力してください"], address: ["住所を入力してください"] });
  });
});
