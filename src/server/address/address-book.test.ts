import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession, MemberSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// A member's address book: the people they send to, members only, writes with the CSRF token; the
// spec's saved address (GET/PUT /api/address) stays the member's own and is untouched.

let shop: TestApp;
let member: MemberSession;

beforeAll(async () => {
  shop = await createTestApp();
  member = await shop.memberSession();
});

afterAll(async () => {
  await shop.close();
});

const mother = { name: "比嘉 ツル", phone: "098-867-1234", country: "jp", zip: "900-0021", address: "那覇市泉崎1-2-3", building_name: "" };

function call(session: BrowserSession, method: "GET" | "POST" | "PUT" | "DELETE", path = "", payload?: object, locale = "ja") {
  return shop.app.inject({ method, url: `/${locale}/api/address-book${path}`, headers: method === "GET" ? { cookie: session.cookie } : session.headers, ...(payload ? { payload } : {}) });
}

describe("members only, with the CSRF token", () => {
  it("answers a guest 401 on every route", async () => {
    const guest = shop.browserSession();
    expect((await call(guest, "GET")).statusCode).toBe(401);
    expect((await call(guest, "POST", "", mother)).statusCode).toBe(401);
    expect((await call(guest, "PUT", "/1", mother)).statusCode).toBe(401);
    expect((await call(guest, "DELETE", "/1")).statusCode).toBe(401);
  });

  it("refuses writes without the CSRF token", async () => {
    const response = await shop.app.inject({ method: "POST", url: "/api/address-book", headers: { cookie: member.cookie }, payload: mother });
    expect(response.statusCode).toBe(403);
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

    const changed = await call(fresh, "PUT", `/${entry.id}`, { ...mother, zip: "999-9999", address: "北海道札幌市北区北八条西3丁目", building_name: "札幌ビル" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ prefecture: 1, building_name: "札幌ビル" });

    // Another member can neither change nor delete it.
    const other = await shop.memberSession();
    expect((await call(other, "PUT", `/${entry.id}`, mother)).statusCode).toBe(404);
    expect((await call(other, "DELETE", `/${entry.id}`)).statusCode).toBe(404);

    expect((await call(fresh, "DELETE", `/${entry.id}`)).statusCode).toBe(204);
    expect((await call(fresh, "GET")).json()).toEqual({ data: [] });
    // The spec's saved address was never touched.
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
