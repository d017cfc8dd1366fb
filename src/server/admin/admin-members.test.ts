import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// Members in the back office: search with pages, what the list says (confirmed, locked, sign-ins),
// lock (sign-in refused, sessions ended), unlock (sign-in works again), and a new confirmation mail.

let shop: TestApp;
let staff: StaffSession;

function call(method: "GET" | "POST", url: string) {
  return shop.app.inject({ method, url: `/admin/api${url}`, headers: staff.headers });
}

function signIn(email: string, password: string) {
  return shop.app.inject({ method: "POST", url: "/api/users/sign_in", headers: shop.browserSession().headers, payload: { api_user: { email, password } } });
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  staff = await staffSession(shop);
});

afterAll(async () => {
  await shop.close();
});

describe("the members list", () => {
  it("finds members by e-mail or name and says whether they confirmed and how often they signed in", async () => {
    const member = await shop.memberSession({ email: "kuramae.member@example.com" });
    const signUp = await shop.app.inject({
      method: "POST",
      url: "/ja/api/users",
      headers: shop.browserSession().headers,
      payload: { api_user: { email: "unconfirmed.member@example.com", password: "correct horse battery", password_confirmation: "correct horse battery" } },
    });
    expect(signUp.statusCode).toBe(201);

    const found = (await call("GET", "/members?q=KURAMAE.member")).json();
    expect(found.data).toEqual([
      expect.objectContaining({
        id: member.user.id,
        email: "kuramae.member@example.com",
        confirmed: true,
        locked: false,
        sign_in_count: 1,
        last_sign_in_at: expect.any(String),
      }),
    ]);
    const unconfirmed = (await call("GET", "/members?q=unconfirmed.member")).json().data;
    expect(unconfirmed).toEqual([expect.objectContaining({ confirmed: false, sign_in_count: 0, last_sign_in_at: null })]);
    // `%` is a letter, not a wildcard.
    expect((await call("GET", "/members?q=%25")).json().data).toEqual([]);
  });

  it("pages 20 members at a time, newest first", async () => {
    for (let index = 0; index < 21; index += 1) await shop.memberSession({ email: `paged-${String(index).padStart(2, "0")}@example.com` });
    const first = (await call("GET", "/members?q=paged-")).json();
    expect(first.data).toHaveLength(20);
    expect(first.meta.pagination).toEqual({ current_page: 1, total_page: 2, total_count: 21 });
    const second = (await call("GET", "/members?q=paged-&page=2")).json();
    expect(second.data.map((row: { email: string }) => row.email)).toEqual(["paged-00@example.com"]);
  });
});

describe("lock, unlock and confirmation", () => {
  it("locks a member: sign-in is refused and the open session ends; unlock lets them in again", async () => {
    const member = await shop.memberSession();
    const locked = await call("POST", `/members/${member.user.id}/lock`);
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data).toMatchObject({ locked: true, locked_until: expect.any(String) });
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: member.headers })).statusCode).toBe(401);
    const refused = await signIn(member.email, member.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors).toEqual(["アカウントはロックされています。"]);

    const unlocked = await call("POST", `/members/${member.user.id}/unlock`);
    expect(unlocked.json().data).toMatchObject({ locked: false, locked_until: null, failed_attempts: 0 });
    expect((await signIn(member.email, member.password)).statusCode).toBe(200);
  });

  it("lifts the lock of too many wrong passwords", async () => {
    const member = await shop.memberSession();
    for (let attempt = 0; attempt < 10; attempt += 1) await signIn(member.email, "wrong password!");
    expect((await call("GET", `/members/${member.user.id}`)).json().data).toMatchObject({ locked: true, failed_attempts: 10 });
    await call("POST", `/members/${member.user.id}/unlock`);
    expect((await signIn(member.email, member.password)).statusCode).toBe(200);
  });

  it("sends a new confirmation link in the member's language, and 409 when there is nothing to confirm", async () => {
    await shop.app.inject({
      method: "POST",
      url: "/en/api/users",
      headers: shop.browserSession().headers,
      payload: { api_user: { email: "resend.member@example.com", password: "correct horse battery", password_confirmation: "correct horse battery" } },
    });
    const [row] = (await call("GET", "/members?q=resend.member")).json().data;
    const before = (await shop.mailsTo("resend.member@example.com")).length;
    const resent = await call("POST", `/members/${row.id}/confirmation`);
    expect(resent.statusCode).toBe(200);
    const mails = await shop.mailsTo("resend.member@example.com");
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.text).toContain("/en/api/users/confirmation?confirmation_token=");

    const confirmed = await shop.memberSession();
    const nothing = await call("POST", `/members/${confirmed.user.id}/confirmation`);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().errors).toEqual(["この会員はメールアドレスの確認を済ませています。"]);
    expect((await call("POST", "/members/999999/lock")).statusCode).toBe(404);
  });
});
