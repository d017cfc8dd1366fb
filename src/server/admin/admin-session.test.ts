import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, isNotNull } from "drizzle-orm";
import { sessionsTable, signInAttemptsTable } from "../db/schema/accounts.ts";
import { staffMembersTable } from "../db/schema/staff.ts";
import { RATE_LIMITS } from "../http/rate-limit.ts";
import { SESSION_COOKIE } from "../http/session.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { createStaff, staffSession } from "../testing/staff-fixtures.ts";

// Back-office sign-in: one answer for unknown address and wrong password, the shoppers' lock rule,
// a rotated session that carries staff and nothing of a shopper, a rate limit and CSRF.

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
});

afterAll(async () => {
  await shop.close();
});

function signIn(session: BrowserSession, body: object, options: { locale?: "ja" | "en"; remoteAddress?: string } = {}) {
  return shop.app.inject({
    method: "POST",
    url: "/admin/api/session",
    headers: { ...session.headers, ...(options.locale ? { cookie: `${session.cookie}; locale=${options.locale}` } : {}) },
    payload: body,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The owner's staff list (GET /admin/api/staff). */
async function listed(): Promise<{ id: number; locked: boolean }[]> {
  const owner = await staffSession(shop, "owner");
  return (await shop.app.inject({ method: "GET", url: "/admin/api/staff", headers: { cookie: owner.cookie } })).json().data;
}

function current(session: BrowserSession) {
  return shop.app.inject({ method: "GET", url: "/admin/api/session", headers: { cookie: session.cookie } });
}

describe("POST /admin/api/session", () => {
  it("signs a staff member in under a new session id with its CSRF token", async () => {
    // Staff without a second factor (an owner needs one: staff-two-factor.test.ts).
    const { email, password, staff } = await createStaff(shop, { role: "staff", email: "Owner-Case@Kura.example" });
    const guest = shop.browserSession();
    const response = await signIn(guest, { email: " OWNER-case@kura.example ", password }, { remoteAddress: "192.0.2.1" });
    expect(response.statusCode).toBe(200);
    expect(email).toBe("Owner-Case@Kura.example");
    expect(response.json().staff).toEqual({ id: staff.id, email: "owner-case@kura.example", role: "staff" });
    const rotated = shop.sessionFrom(response);
    expect(rotated.cookie).not.toBe(guest.cookie);
    expect(response.json().csrf_token).toBe(rotated.headers["x-csrf-token"]);
    expect(response.headers["cache-control"]).toContain("no-store");
    // The new session is the staff member's; the guest id it replaced is not.
    expect((await current(rotated)).json()).toEqual({ staff: { id: staff.id, email: "owner-case@kura.example", role: "staff" } });
    expect((await current(guest)).statusCode).toBe(401);
    const [row] = await shop.database.db.select().from(staffMembersTable).where(eq(staffMembersTable.id, staff.id));
    expect(row!.lastSignInAt).not.toBeNull();
  });

  it("answers an unknown address and a wrong password with the same 401, in the request's language", async () => {
    const { email } = await createStaff(shop);
    const unknown = await signIn(shop.browserSession(), { email: "nobody@kura.example", password: "whatever it is" }, { remoteAddress: "192.0.2.2" });
    const wrong = await signIn(shop.browserSession(), { email, password: "not the password" }, { remoteAddress: "192.0.2.2" });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ errors: ["メールアドレスまたはパスワードが違います。"] });
    expect(wrong.json()).toEqual(unknown.json());
    const english = await signIn(shop.browserSession(), { email: "nobody@kura.example", password: "x" }, { locale: "en", remoteAddress: "192.0.2.2" });
    expect(english.json()).toEqual({ errors: ["Invalid email or password."] });
    // A malformed body is just a failed sign-in, not a 500.
    expect((await signIn(shop.browserSession(), { email: 42 }, { remoteAddress: "192.0.2.2" })).statusCode).toBe(401);
  });

  it("never lets a shopper's account into the back office", async () => {
    const member = await shop.memberSession();
    const response = await signIn(shop.browserSession(), { email: member.email, password: member.password }, { remoteAddress: "192.0.2.3" });
    expect(response.statusCode).toBe(401);
    expect((await current(member)).statusCode).toBe(401);
    expect((await current(member)).json()).toEqual({ errors: ["管理画面にログインしてください。"] });
  });

  it("warns before the last attempt, locks after 10 wrong passwords for an hour, then lets the right one in", async () => {
    const { email, password, staff } = await createStaff(shop);
    const attempt = (pass: string, locale?: "ja" | "en") =>
      signIn(shop.browserSession(), { email, password: pass }, { remoteAddress: "192.0.2.4", ...(locale ? { locale } : {}) });
    for (let index = 1; index <= 8; index++) expect((await attempt(`wrong-${index}`)).json().errors).toEqual(["メールアドレスまたはパスワードが違います。"]);
    expect((await attempt("wrong-9")).json().errors).toEqual(["もう一回誤るとアカウントがロックされます。"]);
    expect((await attempt("wrong-10", "en")).json().errors).toEqual(["Your account is locked."]);
    const locked = await attempt(password);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().errors).toEqual(["アカウントはロックされています。"]);
    expect((await listed()).find((entry) => entry.id === staff.id)).toMatchObject({ locked: true });
    // No mail unless asked for (POST /admin/api/unlock).
    expect(await shop.mailsTo(email)).toEqual([]);

    await shop.database.db
      .update(signInAttemptsTable)
      .set({ lockedAt: new Date(Date.now() - 61 * 60_000) })
      .where(isNotNull(signInAttemptsTable.lockedAt));
    const after = await attempt(password);
    expect(after.statusCode).toBe(200);
    expect((await listed()).find((entry) => entry.id === staff.id)).toMatchObject({ locked: false });
  });

  it("a right password resets the count of wrong ones", async () => {
    const { email, password } = await createStaff(shop);
    const attempt = (pass: string) => signIn(shop.browserSession(), { email, password: pass }, { remoteAddress: "192.0.2.5" });
    for (let index = 0; index < 9; index++) await attempt("nope");
    expect((await attempt(password)).statusCode).toBe(200);
    // Nine more wrong ones are a new series: the ninth warns, none locks.
    for (let index = 0; index < 8; index++) expect((await attempt("nope")).json().errors).toEqual(["メールアドレスまたはパスワードが違います。"]);
    expect((await attempt("nope")).json().errors).toEqual(["もう一回誤るとアカウントがロックされます。"]);
  });

  it("counts per account and client address: a stranger's wrong passwords never lock the owner out of the owner's own address", async () => {
    const { email, password, staff } = await createStaff(shop, { role: "owner" });
    const stranger = "203.0.113.66";
    const owner = "198.51.100.7";
    for (let index = 0; index < 10; index++) await signIn(shop.browserSession(), { email, password: `guess ${index}` }, { remoteAddress: stranger });
    // The stranger is locked, even with the right password…
    expect((await signIn(shop.browserSession(), { email, password }, { remoteAddress: stranger })).json().errors).toEqual(["アカウントはロックされています。"]);
    // …the owner, from the owner's address, is not, and has all 10 attempts.
    const fromOwner = await signIn(shop.browserSession(), { email, password }, { remoteAddress: owner });
    expect(fromOwner.statusCode).toBe(200);
    // The password passed: on to enrolment (an owner without a second factor), no session yet.
    expect(fromOwner.json()).toEqual({ second_factor: "enrol" });
    expect(staff.role).toBe("owner");
    // Again and again (an hour later, from the next address of the stranger's pool, under its rate limit): nothing changes for the owner.
    await shop.database.db
      .update(signInAttemptsTable)
      .set({ lockedAt: new Date(Date.now() - 61 * 60_000) })
      .where(isNotNull(signInAttemptsTable.lockedAt));
    for (const address of ["203.0.113.67", "203.0.113.68"]) {
      for (let index = 0; index < 10; index++) await signIn(shop.browserSession(), { email, password: `guess again ${index}` }, { remoteAddress: address });
    }
    expect((await signIn(shop.browserSession(), { email, password }, { remoteAddress: owner })).statusCode).toBe(200);
  });

  it("mails a locked staff member a link that lifts the lock from every address; other addresses get the same answer and no mail", async () => {
    const { email, password } = await createStaff(shop, { role: "owner" });
    const own = "198.51.100.9";
    for (let index = 0; index < 10; index++) await signIn(shop.browserSession(), { email, password: `forgot ${index}` }, { remoteAddress: own });
    expect((await signIn(shop.browserSession(), { email, password }, { remoteAddress: own })).statusCode).toBe(401);

    const ask = (address: string, locale: "ja" | "en" = "ja") => {
      const guest = shop.browserSession();
      return shop.app.inject({
        method: "POST",
        url: "/admin/api/unlock",
        headers: { ...guest.headers, cookie: `${guest.cookie}; locale=${locale}` },
        payload: { email: address },
      });
    };
    const asked = await ask(email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: "アカウントが存在する場合、アカウントのロックを解除する方法を数分以内にメールでご連絡します。" });
    const notLocked = (await createStaff(shop)).email;
    for (const other of ["nobody@kura.example", notLocked]) {
      expect((await ask(other)).json()).toEqual(asked.json());
      expect(await shop.mailsTo(other)).toEqual([]);
    }
    const [mail] = await shop.mailsTo(email);
    expect(mail!.subject).toBe("【酒舗 蔵】管理画面のロック解除について");
    const link = new URL(mail!.text.match(/https?:\/\/\S+\/admin\/api\/unlock\?token=\S+/)![0]);

    // A tampered link does nothing.
    const tampered = await shop.app.inject({ method: "GET", url: `${link.pathname}${link.search.replace(/.$/, (last) => (last === "A" ? "B" : "A"))}` });
    expect(tampered.headers.location).toBe("/admin/login?unlock=invalid");
    const followed = await shop.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe("/admin/login?unlocked=1");
    expect((await signIn(shop.browserSession(), { email, password }, { remoteAddress: own })).statusCode).toBe(200);
  });

  it("answers 429 once sign-ins from one address pass the limit", async () => {
    const { email, password } = await createStaff(shop);
    for (let index = 0; index < RATE_LIMITS.staffSignIn.max; index++) {
      expect((await signIn(shop.browserSession(), { email: "nobody@kura.example", password: "x" }, { remoteAddress: "192.0.2.6" })).statusCode).toBe(401);
    }
    const limited = await signIn(shop.browserSession(), { email, password }, { remoteAddress: "192.0.2.6" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors).toEqual(["リクエストが多すぎます。しばらくしてからもう一度お試しください。"]);
    expect((await signIn(shop.browserSession(), { email, password }, { remoteAddress: "192.0.2.7" })).statusCode).toBe(200);
  });

  it("requires the CSRF token of the browser's session", async () => {
    const { email, password } = await createStaff(shop);
    const guest = shop.browserSession();
    const without = await shop.app.inject({
      method: "POST",
      url: "/admin/api/session",
      headers: { cookie: guest.cookie },
      payload: { email, password },
      remoteAddress: "192.0.2.8",
    });
    expect(without.statusCode).toBe(403);
    const foreign = await shop.app.inject({
      method: "POST",
      url: "/admin/api/session",
      headers: { cookie: guest.cookie, "x-csrf-token": shop.browserSession().headers["x-csrf-token"]! },
      payload: { email, password },
      remoteAddress: "192.0.2.8",
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
  });
});

describe("bodies that are not a form", () => {
  /** A raw JSON body: a number is valid JSON and no form. */
  function postRaw(session: BrowserSession, url: string, body: string, locale: "ja" | "en") {
    return shop.app.inject({
      method: "POST",
      url,
      headers: { ...session.headers, cookie: `${session.cookie}; locale=${locale}`, "content-type": "application/json" },
      payload: body,
      remoteAddress: "192.0.2.77",
    });
  }

  it("are a 422 naming the input, before any password or code is checked, in the request's language", async () => {
    const staff = await staffSession(shop, "staff");
    for (const [session, url] of [
      [shop.browserSession(), "/admin/api/session"],
      [shop.browserSession(), "/admin/api/session/code"],
      [shop.browserSession(), "/admin/api/unlock"],
      [staff, "/admin/api/two-factor/confirm"],
    ] as const) {
      const ja = await postRaw(session, url, "42", "ja");
      expect(ja.statusCode, url).toBe(422);
      expect(ja.json(), url).toEqual({ errors: ["入力内容は不正な値です"], fields: { base: ["入力内容は不正な値です"] } });
      expect((await postRaw(session, url, "[]", "en")).json().fields, url).toEqual({ base: ["The input is invalid"] });
    }
  });
});

describe("staff sessions", () => {
  it("are not shopper sessions, and a shopper's session ends when staff sign in on the same browser", async () => {
    const staff = await staffSession(shop);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: staff.cookie } })).statusCode).toBe(401);

    const member = await shop.memberSession();
    const response = await signIn(member, { email: staff.email, password: staff.password }, { remoteAddress: "192.0.2.9" });
    expect(response.statusCode).toBe(200);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } })).statusCode).toBe(401);
    const moved = shop.sessionFrom(response);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: moved.cookie } })).statusCode).toBe(401);
    expect((await current(moved)).statusCode).toBe(200);
  });

  it("DELETE /admin/api/session signs out (204), ends the session and moves the browser to a new id", async () => {
    const staff = await staffSession(shop);
    const response = await shop.app.inject({ method: "DELETE", url: "/admin/api/session", headers: staff.headers });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    const moved = shop.sessionFrom(response);
    expect(moved.cookie).not.toBe(staff.cookie);
    expect((await current(staff)).statusCode).toBe(401);
    expect((await current(moved)).statusCode).toBe(401);
    // Sign-out changes state, so it needs the token too.
    const other = await staffSession(shop);
    expect((await shop.app.inject({ method: "DELETE", url: "/admin/api/session", headers: { cookie: other.cookie } })).statusCode).toBe(403);
    expect((await current(other)).statusCode).toBe(200);
  });

  it("end after 30 idle minutes, with the timeout message", async () => {
    const staff = await staffSession(shop);
    await shop.database.db
      .update(sessionsTable)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessionsTable.staffId, staff.staff.id));
    const response = await current(staff);
    expect(response.statusCode).toBe(401);
    expect(response.json().errors).toEqual(["セッションがタイムアウトしました。もう一度ログインしてください。"]);
  });

  it("end when the staff member is removed", async () => {
    const staff = await staffSession(shop);
    await shop.database.db.delete(staffMembersTable).where(eq(staffMembersTable.id, staff.staff.id));
    expect((await current(staff)).statusCode).toBe(401);
  });
});

describe("GET /admin/api/staff (owner only)", () => {
  it("lists staff members to the owner and refuses staff with 403", async () => {
    const owner = await staffSession(shop, "owner");
    const staff = await staffSession(shop, "staff");
    const listed = await shop.app.inject({ method: "GET", url: "/admin/api/staff", headers: { cookie: owner.cookie } });
    expect(listed.statusCode).toBe(200);
    const entries = listed.json().data as { id: number; email: string; role: string; locked: boolean; last_sign_in_at: string | null }[];
    expect(entries.find((entry) => entry.id === staff.staff.id)).toMatchObject({ email: staff.email, role: "staff", locked: false });
    expect(entries.every((entry) => !("password_hash" in entry) && !("passwordHash" in entry))).toBe(true);
    const forbidden = await shop.app.inject({ method: "GET", url: "/admin/api/staff", headers: { cookie: `${staff.cookie}; locale=en` } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ errors: ["You are not allowed to do this."] });
  });
});
