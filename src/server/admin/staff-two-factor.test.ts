import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { staffMembersTable, staffRecoveryCodesTable } from "../db/schema/staff.ts";
import { SignInLock } from "../accounts/sign-in-lock.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { createStaff, enrolStaff, pendingCookieOf, staffSession } from "../testing/staff-fixtures.ts";
import { PENDING_COOKIE } from "./staff-two-factor.ts";
import { resetTwoFactorFromCommand } from "./staff-two-factor-reset.ts";

// Two-factor sign-in for the back office (decision 063): the password, then a TOTP code computed
// here from the key as an authenticator app would, or a recovery code; owners enrol first.

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
});

afterAll(async () => {
  await shop.close();
});

/** A code of `secret` for the 30-second step `offset` steps from now, as an app computes it. */
function codeOf(secret: string, offset = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** A browser: its session cookie, CSRF token and (after a password step) the pending note. */
interface Browser {
  guest: BrowserSession;
  pending: string;
  ip: string;
}

function headersOf(browser: Browser) {
  return { ...browser.guest.headers, cookie: browser.pending ? `${browser.guest.cookie}; ${browser.pending}` : browser.guest.cookie };
}

/** Each browser its own address unless told (the sign-in rate limit counts per address). */
let nextHost = 10;

async function password(
  email: string,
  pass: string,
  ip = `192.0.2.${nextHost++}`,
): Promise<{ browser: Browser; body: Record<string, unknown>; status: number }> {
  const browser: Browser = { guest: shop.browserSession(), pending: "", ip };
  const response = await shop.app.inject({
    method: "POST",
    url: "/admin/api/session",
    headers: headersOf(browser),
    payload: { email, password: pass },
    remoteAddress: ip,
  });
  if (response.cookies.some((cookie) => cookie.name === PENDING_COOKIE)) browser.pending = pendingCookieOf(response);
  return { browser, body: response.json(), status: response.statusCode };
}

function post(browser: Browser, url: string, payload: object = {}) {
  return shop.app.inject({ method: "POST", url, headers: headersOf(browser), payload, remoteAddress: browser.ip });
}

function get(browser: Browser | BrowserSession, url: string) {
  const headers = "guest" in browser ? headersOf(browser) : { cookie: browser.cookie };
  return shop.app.inject({ method: "GET", url, headers });
}

describe("an owner without a second factor", () => {
  it("is sent to enrol after the password, with no session until a code of the new key is confirmed; then gets ten recovery codes", async () => {
    const { email, password: pass, staff } = await createStaff(shop, { role: "owner" });
    const { browser, body, status } = await password(email, pass);
    expect(status).toBe(200);
    expect(body).toEqual({ second_factor: "enrol" });
    expect(browser.pending).not.toBe("");
    // The half-signed-in state opens nothing of the back office.
    for (const url of ["/admin/api/session", "/admin/api/staff", "/admin/api/orders"]) expect((await get(browser, url)).statusCode).toBe(401);

    const state = await get(browser, "/admin/api/two-factor");
    expect(state.json()).toMatchObject({ enabled: false, required: true, signing_in: true, enrolment: null });
    const setup = await post(browser, "/admin/api/two-factor/setup");
    expect(setup.statusCode).toBe(200);
    const enrolment = setup.json().enrolment as { secret: string; otpauth_uri: string; qr_svg: string };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(enrolment.otpauth_uri).toContain(encodeURIComponent(email.toLowerCase()));
    expect(enrolment.qr_svg).toMatch(/^<svg[\s\S]+<\/svg>$/);
    // Reloading the page shows the same key.
    expect((await get(browser, "/admin/api/two-factor")).json().enrolment.secret).toBe(enrolment.secret);

    const wrong = await post(browser, "/admin/api/two-factor/confirm", { code: codeOf(enrolment.secret, 5) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors).toEqual(["確認コードが正しくありません。認証アプリに表示されている6桁のコード、またはリカバリーコードを入力してください。"]);

    const confirmed = await post(browser, "/admin/api/two-factor/confirm", { code: codeOf(enrolment.secret) });
    expect(confirmed.statusCode).toBe(200);
    const answer = confirmed.json();
    expect(answer.staff).toEqual({ id: staff.id, email: email.toLowerCase(), role: "owner" });
    expect(answer.recovery_codes).toHaveLength(10);
    expect(new Set(answer.recovery_codes).size).toBe(10);
    for (const code of answer.recovery_codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    // Stored hashed only.
    const stored = await shop.database.db.select().from(staffRecoveryCodesTable).where(eq(staffRecoveryCodesTable.staffId, staff.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(answer.recovery_codes.join(" ")).not.toContain(row.codeHash.slice(0, 10));
    const session = shop.sessionFrom(confirmed);
    expect((await get(session, "/admin/api/session")).json().staff.id).toBe(staff.id);
    expect(confirmed.cookies.find((cookie) => cookie.name === PENDING_COOKIE)?.value).toBe("");
  });

  it("made an owner with `npm run admin:create`, keeps no password-only session", async () => {
    const member = await staffSession(shop, "staff");
    expect((await get(member, "/admin/api/session")).statusCode).toBe(200);
    await shop.app.services.staff.createOrReset({ email: member.email, password: member.password, role: "owner" });
    expect((await get(member, "/admin/api/session")).statusCode).toBe(401);
    expect((await password(member.email, member.password)).body).toEqual({ second_factor: "enrol" });
  });

  it("cannot skip enrolment with the pending note of another step, a forged one or none", async () => {
    const { email, password: pass } = await createStaff(shop, { role: "owner" });
    const { browser } = await password(email, pass);
    const forged = { ...browser, pending: browser.pending.replace(/\.enrol\./, ".code.") };
    const answer = await post(forged, "/admin/api/session/code", { code: "123456" });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().errors).toEqual(["確認の有効期限が切れました。もう一度メールアドレスとパスワードでログインしてください。"]);
    expect((await post({ ...browser, pending: "" }, "/admin/api/two-factor/setup")).statusCode).toBe(401);
  });
});

describe("signing in with a second factor", () => {
  it("asks for the code after the password; a wrong code is refused, the right one opens the session, and the same code is refused a second time", async () => {
    const { email, password: pass, staff } = await createStaff(shop, { role: "owner" });
    const secret = await enrolStaff(shop, staff.id);
    const first = await password(email, pass);
    expect(first.body).toEqual({ second_factor: "code" });
    const wrong = await post(first.browser, "/admin/api/session/code", { code: codeOf(secret, 4) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0]).toContain("確認コードが正しくありません");
    const code = codeOf(secret);
    const right = await post(first.browser, "/admin/api/session/code", { code });
    expect(right.statusCode).toBe(200);
    expect(right.json().staff).toEqual({ id: staff.id, email: email.toLowerCase(), role: "owner" });
    expect(right.json().csrf_token).toEqual(expect.any(String));
    expect((await get(shop.sessionFrom(right), "/admin/api/staff")).statusCode).toBe(200);

    // Someone who saw the code (and knows the password) within the same 30 seconds: refused.
    const again = await password(email, pass, "203.0.113.9");
    const replayed = await post(again.browser, "/admin/api/session/code", { code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().errors).toEqual(["このコードはすでに使われています。認証アプリに次のコードが表示されてから入力してください。"]);
    // The next step's code (a phone a little ahead) is taken once.
    expect((await post(again.browser, "/admin/api/session/code", { code: codeOf(secret, 1) })).statusCode).toBe(200);
  });

  it("takes each recovery code once, in any case and with or without its hyphen", async () => {
    const owner = await staffSession(shop, "owner");
    // The owner re-enrols while signed in to get codes.
    const signedIn = { guest: { cookie: owner.cookie, headers: owner.headers }, pending: "", ip: "192.0.2.20" };
    const setup = (await post(signedIn, "/admin/api/two-factor/setup")).json().enrolment as { secret: string };
    const confirmed = await post(signedIn, "/admin/api/two-factor/confirm", { code: codeOf(setup.secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().recovery_codes as string[];
    expect(confirmed.json().staff).toBeUndefined();

    const first = await password(owner.email, owner.password);
    const used = await post(first.browser, "/admin/api/session/code", { code: ` ${codes[3]!.toUpperCase().replace("-", "")} ` });
    expect(used.statusCode).toBe(200);
    const second = await password(owner.email, owner.password);
    const reused = await post(second.browser, "/admin/api/session/code", { code: codes[3] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().errors[0]).toContain("確認コードが正しくありません");
    expect((await get({ cookie: owner.cookie, headers: owner.headers }, "/admin/api/two-factor")).json()).toMatchObject({
      enabled: true,
      recovery_codes_left: 9,
    });
  });

  it("counts wrong codes with the wrong passwords: the lock rule holds, and a code after the lock is refused", async () => {
    const { email, password: pass, staff } = await createStaff(shop, { role: "staff" });
    const secret = await enrolStaff(shop, staff.id);
    const { browser } = await password(email, pass, "198.51.100.40");
    // The password was attempt 1; codes 2..8 are wrong, 9 warns, 10 locks.
    for (let attempt = 2; attempt <= 8; attempt++)
      expect((await post(browser, "/admin/api/session/code", { code: "000000" })).json().errors[0]).toContain("確認コード");
    expect((await post(browser, "/admin/api/session/code", { code: "000000" })).json().errors).toEqual(["もう一回誤るとアカウントがロックされます。"]);
    expect((await post(browser, "/admin/api/session/code", { code: "000000" })).json().errors).toEqual(["アカウントはロックされています。"]);
    const locked = await post(browser, "/admin/api/session/code", { code: codeOf(secret) });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().errors).toEqual(["アカウントはロックされています。"]);
    // …and a new password step from that address is locked too.
    expect((await password(email, pass, "198.51.100.40")).body).toEqual({ errors: ["アカウントはロックされています。"] });
  });

  it("answers in English on the English side", async () => {
    const { email, password: pass, staff } = await createStaff(shop, { role: "staff" });
    await enrolStaff(shop, staff.id);
    const { browser } = await password(email, pass);
    const answer = await shop.app.inject({
      method: "POST",
      url: "/admin/api/session/code",
      headers: { ...headersOf(browser), cookie: `${headersOf(browser).cookie}; locale=en` },
      payload: { code: "12345" },
    });
    expect(answer.json().errors).toEqual(["The code is not correct. Enter the 6-digit code your authenticator app shows, or a recovery code."]);
  });
});

describe("staff who choose a second factor", () => {
  it("sign in with the password alone until they enrol from their session, then with a code", async () => {
    const member = await staffSession(shop, "staff");
    expect(member.totpSecret).toBeNull();
    const signedIn = { guest: { cookie: member.cookie, headers: member.headers }, pending: "", ip: "192.0.2.30" };
    expect((await get(signedIn, "/admin/api/two-factor")).json()).toMatchObject({ enabled: false, required: false, signing_in: false });
    expect((await post(signedIn, "/admin/api/two-factor/confirm", { code: "123456" })).statusCode).toBe(422);
    const { secret } = (await post(signedIn, "/admin/api/two-factor/setup")).json().enrolment as { secret: string };
    expect((await post(signedIn, "/admin/api/two-factor/confirm", { code: "000000" })).statusCode).toBe(422);
    expect((await post(signedIn, "/admin/api/two-factor/confirm", { code: codeOf(secret) })).json().recovery_codes).toHaveLength(10);
    expect((await password(member.email, member.password)).body).toEqual({ second_factor: "code" });
  });

  it("must enrol at their next sign-in once the owner requires it of everyone; their password-only sessions end", async () => {
    const owner = await staffSession(shop, "owner");
    const member = await staffSession(shop, "staff");
    const saved = await shop.app.inject({ method: "PUT", url: "/admin/api/security", headers: owner.headers, payload: { require_two_factor: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ require_two_factor: true, allow_ips: [] });
    expect((await get(member, "/admin/api/session")).statusCode).toBe(401);
    expect((await get(owner, "/admin/api/session")).statusCode).toBe(200);
    expect((await password(member.email, member.password)).body).toEqual({ second_factor: "enrol" });
    await shop.app.inject({ method: "PUT", url: "/admin/api/security", headers: owner.headers, payload: { require_two_factor: false } });
    expect((await password(member.email, member.password)).body).toMatchObject({ staff: { id: member.staff.id } });
  });
});

describe("resetting a second factor", () => {
  it("another owner resets it: the key and codes go, the account's sessions end, and the owner enrols again; never one's own, never by staff", async () => {
    const lost = await staffSession(shop, "owner");
    const other = await staffSession(shop, "owner");
    const staffMember = await staffSession(shop, "staff");
    expect(
      (await shop.app.inject({ method: "POST", url: `/admin/api/staff/${lost.staff.id}/two-factor/reset`, headers: staffMember.headers })).statusCode,
    ).toBe(403);
    const self = await shop.app.inject({ method: "POST", url: `/admin/api/staff/${other.staff.id}/two-factor/reset`, headers: other.headers });
    expect(self.statusCode).toBe(409);
    expect(self.json().errors[0]).toContain("ご自身の二段階認証はリセットできません");

    const listedBefore = (await get(other, "/admin/api/staff")).json().data as { id: number; two_factor: boolean }[];
    expect(listedBefore.find((entry) => entry.id === lost.staff.id)?.two_factor).toBe(true);
    const reset = await shop.app.inject({ method: "POST", url: `/admin/api/staff/${lost.staff.id}/two-factor/reset`, headers: other.headers });
    expect(reset.statusCode).toBe(204);
    expect((await get(lost, "/admin/api/session")).statusCode).toBe(401);
    const [row] = await shop.database.db.select().from(staffMembersTable).where(eq(staffMembersTable.id, lost.staff.id));
    expect(row!.totpSecret).toBeNull();
    expect((await get(other, "/admin/api/staff")).json().data.find((entry: { id: number }) => entry.id === lost.staff.id).two_factor).toBe(false);
    expect((await password(lost.email, lost.password)).body).toEqual({ second_factor: "enrol" });
    expect((await shop.app.inject({ method: "POST", url: "/admin/api/staff/999999/two-factor/reset", headers: other.headers })).statusCode).toBe(404);
  });

  it("a sole owner locked out resets it on the server with `npm run admin:reset-2fa`, which lifts the locks too", async () => {
    const owner = await staffSession(shop, "owner");
    const lock = new SignInLock(shop.database.db, { lockMaxAttempts: 10, unlockAfterMinutes: 60 }, "test-secret-that-is-at-least-32-characters-long");
    const { browser } = await password(owner.email, owner.password, "198.51.100.77");
    for (let attempt = 0; attempt < 9; attempt++) await post(browser, "/admin/api/session/code", { code: "999999" });
    expect(await lock.isStaffAccountLocked(owner.email, new Date())).toBe(true);
    const lines = await resetTwoFactorFromCommand(shop.database.db, { twoFactor: shop.app.services.twoFactor, signInLock: lock }, [owner.email.toUpperCase()]);
    expect(lines[0]).toBe(`Two-step verification reset for owner ${owner.email}; its sessions ended and its locks lifted.`);
    expect(await lock.isStaffAccountLocked(owner.email, new Date())).toBe(false);
    expect((await get(owner, "/admin/api/session")).statusCode).toBe(401);
    expect((await password(owner.email, owner.password, "198.51.100.77")).body).toEqual({ second_factor: "enrol" });
    await expect(
      resetTwoFactorFromCommand(shop.database.db, { twoFactor: shop.app.services.twoFactor, signInLock: lock }, ["nobody@kura.example"]),
    ).rejects.toThrow(/No back-office account/);
    await expect(resetTwoFactorFromCommand(shop.database.db, { twoFactor: shop.app.services.twoFactor, signInLock: lock }, [])).rejects.toThrow(/usage/);
  });
});
