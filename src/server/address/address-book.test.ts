import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession, MemberSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { ADDRESS_BOOK_MAX_ENTRIES } from "../../domain/address-book.ts";
import { CountriesService } from "../reference/countries.service.ts";
import { PostcodesService } from "../reference/postcodes.service.ts";
import { ShopProfileService } from "../shop/shop-profile.service.ts";
import { AddressBookService } from "./address-book.service.ts";
import { AddressService } from "./address.service.ts";

// A member's address book: the people they send to, members only, writes with the CSRF token; the
// spec's saved address (GET/PUT /api/address) stays the member's own and is untouched.

const shop = testAppFixture();
let member: MemberSession;

beforeAll(async () => {
  member = await shop.memberSession();
});

const mother = { name: "比嘉 ツル", phone: "098-867-1234", country: "jp", zip: "900-0021", address: "那覇市泉崎1-2-3", building_name: "" };

function call(session: BrowserSession, method: "GET" | "POST" | "PUT" | "DELETE", path = "", payload?: object, locale = "ja") {
  return shop.app.inject({
    method,
    url: `/${locale}/api/address-book${path}`,
    headers: method === "GET" ? { cookie: session.cookie } : session.headers,
    ...(payload ? { payload } : {}),
  });
}

describe("members only, with the CSRF token", () => {
  it("answers a guest 401 on every route", async () => {
    const guest = shop.browserSession();
    expect((await call(guest, "GET")).statusCode).toBe(401);
    expect((await call(guest, "POST", "", mother)).statusCode).toBe(401);
    expect((await call(guest, "PUT", "/1", mother)).statusCode).toBe(401);
    expect((await call(guest, "DELETE", "/1")).statusCode).toBe(401);
  });

  it("refuses writes without the CSRF token, and changes nothing", async () => {
    const added = (await call(member, "POST", "", mother)).json().data;
    const withoutToken = (method: "POST" | "PUT" | "DELETE", url: string) =>
      shop.app.inject({ method, url, headers: { cookie: member.cookie }, ...(method === "DELETE" ? {} : { payload: { ...mother, name: "書き換え" } }) });
    expect((await withoutToken("POST", "/api/address-book")).statusCode).toBe(403);
    expect((await withoutToken("PUT", `/api/address-book/${added.id}`)).statusCode).toBe(403);
    expect((await withoutToken("DELETE", `/api/address-book/${added.id}`)).statusCode).toBe(403);
    expect((await call(member, "GET")).json().data).toEqual([added]);
  });
});

describe("adding, changing, deleting", () => {
  it("adds an entry with its prefecture from the postcode, lists it, changes and deletes it", async () => {
    const fresh = await shop.memberSession();
    expect((await call(fresh, "GET")).json()).toEqual({ data: [] });
    const added = await call(fresh, "POST", "", mother);
    expect(added.statusCode).toBe(201);
    const entry = added.json().data;
    expect(entry).toEqual({ id: expect.any(Number), ...mother, zip: "9000021", prefecture: 47, country_name: "日本" });
    expect((await call(fresh, "GET")).json().data).toEqual([entry]);

    const changed = await call(fresh, "PUT", `/${entry.id}`, {
      ...mother,
      zip: "009-9999",
      address: "北海道札幌市北区北八条西3丁目",
      building_name: "札幌ビル",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ prefecture: 1, building_name: "札幌ビル" });

    // Another member can neither change nor delete it.
    const other = await shop.memberSession();
    expect((await call(other, "PUT", `/${entry.id}`, mother)).statusCode).toBe(404);
    expect((await call(other, "DELETE", `/${entry.id}`)).statusCode).toBe(404);

    expect((await call(fresh, "DELETE", `/${entry.id}`)).statusCode).toBe(204);
    expect((await call(fresh, "GET")).json()).toEqual({ data: [] });
    // The contract's saved address was never touched.
    expect((await shop.app.inject({ method: "GET", url: "/api/address", headers: { cookie: fresh.cookie } })).json()).toEqual({ data: null });
  });

  it("answers 422 with a message per field in ja and en, and writes nothing", async () => {
    const fresh = await shop.memberSession();
    const bad = { name: "", phone: "abc", zip: "12", address: "" };
    const ja = await call(fresh, "POST", "", bad);
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({
      name: ["お届け先のお名前を入力してください"],
      phone: ["お届け先の電話番号は不正な値です"],
      zip: ["郵便番号は7桁の数字で入力してください"],
      prefecture: ["都道府県を入力してください"],
      address: ["住所を入力してください"],
    });
    const en = await call(fresh, "POST", "", bad, "en");
    expect(en.json().fields.name).toEqual(["Recipient's name can't be blank"]);
    expect((await call(fresh, "POST", "", [] as never)).statusCode).toBe(422);
    expect((await call(fresh, "GET")).json()).toEqual({ data: [] });
  });
});

describe("the limit of entries", () => {
  async function memberWithFullBook(): Promise<MemberSession> {
    const fresh = await shop.memberSession();
    for (let n = 0; n < ADDRESS_BOOK_MAX_ENTRIES; n += 1) {
      expect((await call(fresh, "POST", "", { ...mother, name: `比嘉 ${n}` })).statusCode).toBe(201);
    }
    return fresh;
  }

  it("refuses one more than the limit with a clear 422 in ja and en, and still lets an entry be changed", async () => {
    const full = await memberWithFullBook();
    const ja = await call(full, "POST", "", mother);
    expect(ja.statusCode).toBe(422);
    expect(ja.json().errors).toEqual(["お届け先リストに登録できるのは50件までです。使わなくなったお届け先を削除してから追加してください。"]);
    const en = await call(full, "POST", "", mother, "en");
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual(["Your address book holds up to 50 addresses. Please delete one you no longer use."]);
    const entries = (await call(full, "GET")).json().data;
    expect(entries).toHaveLength(ADDRESS_BOOK_MAX_ENTRIES);
    expect((await call(full, "PUT", `/${entries[0].id}`, { ...mother, name: "比嘉 カマド" })).statusCode).toBe(200);
    // Deleting one makes room for one.
    expect((await call(full, "DELETE", `/${entries[1].id}`)).statusCode).toBe(204);
    expect((await call(full, "POST", "", mother)).statusCode).toBe(201);
  });

  it("lets only one of several adds made at once take the last place", async () => {
    // The service itself, as two processes behind a load balancer would run it: one member's
    // requests through one Fastify are served one after the other and would not show the race.
    const countries = new CountriesService();
    const book = new AddressBookService(
      shop.database.db,
      new AddressService(shop.database.db, countries, new PostcodesService(), new ShopProfileService(shop.database.db)),
      countries,
    );
    const fresh = await shop.memberSession();
    // The service takes an entry as its schema (the route's body) gives it: zip in digits, prefecture filled in.
    const entry = { ...mother, zip: "9000021", prefecture: 47 };
    for (let n = 0; n < ADDRESS_BOOK_MAX_ENTRIES - 1; n += 1) await book.create(fresh.user.id, { ...entry, name: `比嘉 ${n}` }, "ja");
    const answers = await Promise.allSettled(Array.from({ length: 4 }, () => book.create(fresh.user.id, entry, "ja")));
    expect(answers.map((answer) => answer.status).sort()).toEqual(["fulfilled", "rejected", "rejected", "rejected"]);
    expect(await book.list(fresh.user.id, "ja")).toHaveLength(ADDRESS_BOOK_MAX_ENTRIES);
  });
});
