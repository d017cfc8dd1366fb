import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessionsTable, usersTable } from "../db/schema/accounts.ts";
import { mailOutboxTable } from "../db/schema/mail.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { linkInMail } from "../testing/mail-links.ts";

// A low lock threshold keeps the lockable tests short; the default (10) is checked in config.
// Rate limits are tested on their own (http/rate-limit.test.ts); here every request comes from one address.
const shop = testAppFixture({ LOCK_MAX_ATTEMPTS: "3", UNLOCK_AFTER_MINUTES: "60", SESSION_TIMEOUT_MINUTES: "30", RATE_LIMIT_MULTIPLIER: "100" });

function uniqueEmail(): string {
  return `shopper-${crypto.randomUUID()}@example.com`;
}

async function call(session: BrowserSession, method: "GET" | "POST" | "PUT" | "DELETE", url: string, apiUser?: Record<string, unknown>) {
  return shop.app.inject({ method, url, headers: session.headers, ...(apiUser ? { payload: { api_user: apiUser } } : {}) });
}

async function signUp(email: string, password = "sake-and-wine", locale = "ja") {
  return call(shop.browserSession(), "POST", `/${locale}/api/users`, { email, password, password_confirmation: password });
}

/** The first link in the newest mail to `to` that contains `fragment`. */
function linkFrom(to: string, fragment: string): Promise<string> {
  return linkInMail(shop, to, fragment);
}

async function confirmedMember(password = "sake-and-wine") {
  const email = uniqueEmail();
  expect((await signUp(email, password)).statusCode).toBe(201);
  const response = await shop.app.inject({ method: "GET", url: await linkFrom(email, "confirmation_token") });
  expect(response.headers.location).toContain("confirmations%2Fthanks");
  return { email, password };
}

async function signIn(email: string, password: string, locale = "ja", extra: Record<string, unknown> = {}) {
  return call(shop.browserSession(), "POST", `/${locale}/api/users/sign_in`, { email, password, ...extra });
}

describe("sign-up (registerable, validatable, confirmable)", () => {
  it("creates an unconfirmed account and mails a confirmation link that confirms it once", async () => {
    const email = uniqueEmail();
    const response = await signUp(email.toUpperCase());
    expect(response.statusCode).toBe(201);
    expect(response.json().data.email).toBe(email);

    // Unconfirmed accounts cannot sign in.
    const early = await signIn(email, "sake-and-wine");
    expect(early.statusCode).toBe(401);
    expect(early.json().errors).toEqual(["メールアドレスの本人確認が必要です。"]);
    expect((await signIn(email, "sake-and-wine", "en")).json().errors).toEqual(["You have to confirm your email address before continuing."]);

    const [mail] = await shop.mailsTo(email);
    expect(mail!.subject).toBe("【酒舗 蔵】メールアドレス確認メール");
    // A text mail has no button: it points at the URL line.
    expect(mail!.text).toContain("以下のURLからメールアドレスの確認を完了してください。");
    const link = await linkFrom(email, "confirmation_token");
    const confirmed = await shop.app.inject({ method: "GET", url: link });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe("/locale/ja?to=%2Fconfirmations%2Fthanks");

    // The same link again says it was used.
    const again = await shop.app.inject({ method: "GET", url: link });
    expect(again.headers.location).toBe("/locale/ja?to=%2Fconfirmations%2Fnew%3Ferror%3Dconfirmed");

    const signedIn = await signIn(email, "sake-and-wine");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ email, user_name: "", tel: "", unconfirmed_email: null });
  });

  it("answers 422 with Devise's messages in the request's language and writes nothing", async () => {
    const ja = await call(shop.browserSession(), "POST", "/ja/api/users", { email: "not-an-email", password: "short", password_confirmation: "other" });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().errors).toEqual([
      "メールアドレスは不正な値です",
      "パスワードは8文字以上で入力してください",
      "パスワード（確認用）とパスワードの入力が一致しません",
    ]);
    const en = await call(shop.browserSession(), "POST", "/en/api/users", { email: "", password: "", password_confirmation: "" });
    expect(en.json().errors).toEqual(["Email can't be blank", "Password can't be blank"]);
    const long = await call(shop.browserSession(), "POST", "/en/api/users", {
      email: uniqueEmail(),
      password: "x".repeat(129),
      password_confirmation: "x".repeat(129),
    });
    expect(long.json().errors).toEqual(["Password is too long (maximum is 128 characters)"]);
    const users = await shop.database.db.select().from(usersTable).where(eq(usersTable.email, "not-an-email"));
    expect(users).toHaveLength(0);
  });

  it("does not tell whether an address already has an account; its owner gets a mail instead", async () => {
    const { email } = await confirmedMember();
    const before = (await shop.mailsTo(email)).length;
    const response = await signUp(email, "another-password");
    expect(response.statusCode).toBe(201);
    const mails = await shop.mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe("【酒舗 蔵】会員登録について");
    // The original password still works: nothing was overwritten.
    expect((await signIn(email, "sake-and-wine")).statusCode).toBe(200);
    expect((await signIn(email, "another-password")).statusCode).toBe(401);
  });

  it("says an expired confirmation link has expired and sends a new one on request", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const link = await linkFrom(email, "confirmation_token");
    await shop.database.db
      .update(usersTable)
      .set({ confirmationSentAt: new Date(Date.now() - 3 * 86_400_000 - 1000) })
      .where(eq(usersTable.email, email));
    const expired = await shop.app.inject({ method: "GET", url: link });
    expect(expired.headers.location).toBe("/locale/ja?to=%2Fconfirmations%2Fnew%3Ferror%3Dexpired");
    const bogus = await shop.app.inject({ method: "GET", url: "/api/users/confirmation?confirmation_token=nope" });
    expect(bogus.headers.location).toContain("error%3Dinvalid");

    const resend = await call(shop.browserSession(), "POST", "/ja/api/users/confirmation", { email });
    expect(resend.statusCode).toBe(200);
    const fresh = await linkFrom(email, "confirmation_token");
    expect(fresh).not.toBe(link);
    expect((await shop.app.inject({ method: "GET", url: fresh })).headers.location).toContain("confirmations%2Fthanks");
    // Same answer for an address nobody registered.
    const unknown = await call(shop.browserSession(), "POST", "/ja/api/users/confirmation", { email: uniqueEmail() });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(resend.json());
  });
});

describe("sign-in (database authenticatable, trackable, session rotation)", () => {
  it("rotates the session, returns a new CSRF token and tracks the sign-in", async () => {
    const { email, password } = await confirmedMember();
    const guest = shop.browserSession();
    const response = await call(guest, "POST", "/api/users/sign_in", { email, password });
    expect(response.statusCode).toBe(200);
    const member = shop.sessionFrom(response);
    expect(member.cookie).not.toBe(guest.cookie);
    expect(response.json().csrf_token).toBe(member.headers["x-csrf-token"]);

    const me = await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } });
    expect(me.json().data.email).toBe(email);
    // The old (pre-sign-in) session id is not signed in: no fixation.
    const old = await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: guest.cookie } });
    expect(old.statusCode).toBe(401);
    expect(old.json().errors).toEqual(["ログインもしくはアカウント登録してください。"]);

    const [row] = await shop.database.db.select().from(usersTable).where(eq(usersTable.email, email));
    expect(row!.signInCount).toBe(1);
    expect(row!.currentSignInAt).toBeInstanceOf(Date);
    expect(row!.currentSignInIp).toBe("127.0.0.1");
    // As Devise does, the first sign-in is also the "last" one.
    expect(row!.lastSignInAt).toEqual(row!.currentSignInAt);

    // The second sign-in moves "current" to "last" (Devise's trackable).
    const second = await call(shop.browserSession(), "POST", "/api/users/sign_in", { email, password });
    expect(second.statusCode).toBe(200);
    const [after] = await shop.database.db.select().from(usersTable).where(eq(usersTable.email, email));
    expect(after!.signInCount).toBe(2);
    expect(after!.lastSignInAt).toEqual(row!.currentSignInAt);
    expect(after!.lastSignInIp).toBe("127.0.0.1");
    expect(after!.currentSignInAt!.getTime()).toBeGreaterThanOrEqual(row!.currentSignInAt!.getTime());
  });

  it("answers the same for an unknown address and a wrong password", async () => {
    const { email } = await confirmedMember();
    const unknown = await signIn(uniqueEmail(), "whatever-password");
    const wrong = await signIn(email, "wrong-password");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().errors).toEqual(["メールアドレスまたはパスワードが違います。"]);
    expect((await signIn(uniqueEmail(), "wrong-password", "en")).json().errors).toEqual(["Invalid email or password."]);
  });

  it("signs out: the session ends and the browser gets a fresh guest session", async () => {
    const member = await shop.memberSession();
    const response = await call(member, "DELETE", "/api/users/sign_out");
    expect(response.statusCode).toBe(200);
    const after = shop.sessionFrom(response);
    expect(after.cookie).not.toBe(member.cookie);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } })).statusCode).toBe(401);
  });

  it("rejects state changes without the CSRF token", async () => {
    const member = await shop.memberSession();
    const response = await shop.app.inject({
      method: "PUT",
      url: "/api/users",
      headers: { cookie: member.cookie },
      payload: { api_user: { user_name: "Mallory" } },
    });
    expect(response.statusCode).toBe(403);
    const signInWithout = await shop.app.inject({ method: "POST", url: "/api/users/sign_in", payload: { api_user: { email: "a@b.c", password: "x" } } });
    expect(signInWithout.statusCode).toBe(403);
  });
});

describe("lockable", () => {
  it("warns before the last attempt, locks, refuses the right password, and unlocks by mail", async () => {
    const { email, password } = await confirmedMember();
    expect((await signIn(email, "wrong-1")).json().errors).toEqual(["メールアドレスまたはパスワードが違います。"]);
    expect((await signIn(email, "wrong-2")).json().errors).toEqual(["もう一回誤るとアカウントがロックされます。"]);
    expect((await signIn(email, "wrong-3", "en")).json().errors).toEqual(["Your account is locked."]);
    const locked = await signIn(email, password);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().errors).toEqual(["アカウントはロックされています。"]);

    const link = await linkFrom(email, "unlock_token");
    const unlocked = await shop.app.inject({ method: "GET", url: link });
    expect(unlocked.headers.location).toBe("/locale/en?to=%2Flogin%3Funlocked%3D1");
    expect((await signIn(email, password)).statusCode).toBe(200);
    // A used unlock link is no longer valid.
    expect((await shop.app.inject({ method: "GET", url: link })).headers.location).toContain("unlock%2Fnew%3Ferror%3Dinvalid");
  });

  it("unlocks by itself after the configured time and resends unlock instructions on request", async () => {
    const { email, password } = await confirmedMember();
    for (const attempt of [1, 2, 3]) await signIn(email, `wrong-${attempt}`);
    expect((await signIn(email, password)).json().errors).toEqual(["アカウントはロックされています。"]);

    const resend = await call(shop.browserSession(), "POST", "/api/users/unlock", { email });
    expect(resend.statusCode).toBe(200);
    expect((await shop.mailsTo(email))[0]!.subject).toBe("【酒舗 蔵】アカウントのロック解除について");
    // An address without an account, or an account that is not locked, gets the same answer and no mail.
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    const forUnknown = await call(shop.browserSession(), "POST", "/api/users/unlock", { email: unknown });
    expect(forUnknown.statusCode).toBe(resend.statusCode);
    expect(forUnknown.json()).toEqual(resend.json());
    expect(await shop.mailsTo(unknown)).toHaveLength(0);

    await shop.database.db
      .update(usersTable)
      .set({ lockedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(usersTable.email, email));
    expect((await signIn(email, password)).statusCode).toBe(200);
    const [row] = await shop.database.db.select().from(usersTable).where(eq(usersTable.email, email));
    expect(row!.failedAttempts).toBe(0);
    expect(row!.lockedAt).toBeNull();
  });
});

describe("recoverable", () => {
  it("mails a single-use reset link valid 6 hours; the reset signs in", async () => {
    const { email } = await confirmedMember();
    const request = await call(shop.browserSession(), "POST", "/api/users/password", { email });
    expect(request.statusCode).toBe(200);
    const unknown = await call(shop.browserSession(), "POST", "/api/users/password", { email: uniqueEmail() });
    expect(unknown.json()).toEqual(request.json());

    const link = await linkFrom(email, "reset_password_token");
    expect(link).toMatch(/^\/password\/edit\?reset_password_token=/);
    const token = new URL(link, "http://x").searchParams.get("reset_password_token")!;

    const mismatch = await call(shop.browserSession(), "PUT", "/api/users/password", {
      reset_password_token: token,
      password: "new-password-1",
      password_confirmation: "nope",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual(["パスワード（確認用）とパスワードの入力が一致しません"]);

    const reset = await call(shop.browserSession(), "PUT", "/api/users/password", {
      reset_password_token: token,
      password: "new-password-1",
      password_confirmation: "new-password-1",
    });
    expect(reset.statusCode).toBe(200);
    const session = shop.sessionFrom(reset);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: session.cookie } })).json().data.email).toBe(email);
    expect((await signIn(email, "new-password-1")).statusCode).toBe(200);

    const reused = await call(shop.browserSession(), "PUT", "/en/api/users/password", {
      reset_password_token: token,
      password: "new-password-2",
      password_confirmation: "new-password-2",
    });
    expect(reused.json().errors).toEqual(["Reset password token is invalid"]);
  });

  it("refuses an expired reset token with the expiry message", async () => {
    const { email } = await confirmedMember();
    await call(shop.browserSession(), "POST", "/api/users/password", { email });
    const token = new URL(await linkFrom(email, "reset_password_token"), "http://x").searchParams.get("reset_password_token")!;
    await shop.database.db
      .update(usersTable)
      .set({ resetPasswordSentAt: new Date(Date.now() - 6 * 3_600_000 - 1000) })
      .where(eq(usersTable.email, email));
    const response = await call(shop.browserSession(), "PUT", "/api/users/password", {
      reset_password_token: token,
      password: "new-password-1",
      password_confirmation: "new-password-1",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(["パスワードリセット用トークンの有効期限が切れました。新しくリクエストしてください。"]);
  });
});

describe("answers that do not tell whether an address has an account", () => {
  it("answers reset, resend-confirmation and resend-unlock alike even when the mail cannot be queued: the work comes after the answer", async () => {
    const { email: confirmed } = await confirmedMember();
    const unconfirmed = uniqueEmail();
    expect((await signUp(unconfirmed)).statusCode).toBe(201);
    const { email: locked } = await confirmedMember();
    for (const attempt of [1, 2, 3]) await signIn(locked, `wrong-${attempt}`);
    await shop.mailsTo(locked);
    const queued = async () => (await shop.database.db.select({ id: mailOutboxTable.id }).from(mailOutboxTable)).length;
    const before = await queued();
    // The outbox refuses every new mail, as a full disk or a broken database would: an answer that
    // waited for the work would fail only for the addresses that have an account.
    await shop.database.db.execute(sql.raw("alter table mail_outbox add constraint account_test_refusal check (false) not valid"));
    try {
      for (const [url, known] of [
        ["/api/users/password", confirmed],
        ["/api/users/confirmation", unconfirmed],
        ["/api/users/unlock", locked],
      ] as const) {
        const forKnown = await call(shop.browserSession(), "POST", url, { email: known });
        const forUnknown = await call(shop.browserSession(), "POST", url, { email: uniqueEmail() });
        expect(forKnown.statusCode, url).toBe(200);
        expect(forUnknown.statusCode, url).toBe(200);
        expect(forKnown.json()).toEqual(forUnknown.json());
      }
      await shop.app.services.afterAnswer.settled();
    } finally {
      await shop.database.db.execute(sql.raw("alter table mail_outbox drop constraint account_test_refusal"));
    }
    expect(await queued()).toBe(before);
    // With the outbox working again, the same requests queue their mails after answering.
    expect((await call(shop.browserSession(), "POST", "/api/users/password", { email: confirmed })).statusCode).toBe(200);
    expect(await linkFrom(confirmed, "reset_password_token")).toMatch(/^\/password\/edit\?reset_password_token=/);
  });
});

describe("rememberable and timeoutable", () => {
  it("ends an idle session with the timeout message", async () => {
    const member = await shop.memberSession();
    await shop.database.db
      .update(sessionsTable)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessionsTable.userId, member.user.id));
    const response = await shop.app.inject({ method: "GET", url: "/en/api/users", headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors).toEqual(["Your session expired. Please sign in again to continue."]);
    // And it stays ended.
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } })).json().errors).toEqual([
      "ログインもしくはアカウント登録してください。",
    ]);
  });

  it("keeps a remembered session two weeks whatever the idle time, with a lasting cookie", async () => {
    const email = uniqueEmail();
    const member = await shop.memberSession({ email, remember: true });
    await shop.database.db
      .update(sessionsTable)
      .set({ lastSeenAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(sessionsTable.userId, member.user.id));
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } })).statusCode).toBe(200);

    const response = await signIn(email, member.password, "ja", { remember_me: true });
    const cookie = response.cookies.find((each) => each.name === "kura_sid")!;
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const plain = await signIn(email, member.password);
    expect(plain.cookies.find((each) => each.name === "kura_sid")!.expires).toBeUndefined();
  });
});

describe("My Page account changes", () => {
  it("saves name and phone with 保存しました。 and normalises a full-width phone number", async () => {
    const member = await shop.memberSession();
    const response = await call(member, "PUT", "/api/users", { user_name: "山田 太郎", tel: "０９０－１２３４－５６７８" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: "保存しました。", data: { user_name: "山田 太郎", tel: "090-1234-5678" } });
    const bad = await call(member, "PUT", "/en/api/users", { tel: "call me" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ tel: ["Phone is invalid"] });
  });

  it("changes the e-mail only after the new address is confirmed, and needs the current password", async () => {
    const member = await shop.memberSession();
    const newEmail = uniqueEmail();
    const without = await call(member, "PUT", "/api/users", { email: newEmail });
    expect(without.statusCode).toBe(422);
    expect(without.json().errors).toEqual(["現在のパスワードを入力してください"]);
    const wrong = await call(member, "PUT", "/api/users", { email: newEmail, current_password: "wrong" });
    expect(wrong.json().errors).toEqual(["現在のパスワードは不正な値です"]);

    const response = await call(member, "PUT", "/api/users", { email: newEmail, current_password: member.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ email: member.email, unconfirmed_email: newEmail });
    const link = await linkFrom(newEmail, "confirmation_token");
    const confirmed = await shop.app.inject({ method: "GET", url: link, headers: { cookie: member.cookie } });
    expect(confirmed.headers.location).toContain("mypage%2Faccount");
    const me = await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } });
    expect(me.json().data).toMatchObject({ email: newEmail, unconfirmed_email: null });
    expect((await signIn(newEmail, member.password)).statusCode).toBe(200);
  });

  it("changes the password with the current one and signs out the other devices", async () => {
    const email = uniqueEmail();
    const here = await shop.memberSession({ email });
    const there = shop.sessionFrom(await signIn(email, here.password));
    const response = await call(here, "PUT", "/api/users", {
      password: "brand-new-password",
      password_confirmation: "brand-new-password",
      current_password: here.password,
    });
    expect(response.statusCode).toBe(200);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: here.cookie } })).statusCode).toBe(200);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: there.cookie } })).statusCode).toBe(401);
    expect((await signIn(email, "brand-new-password")).statusCode).toBe(200);
    expect((await shop.mailsTo(email))[0]!.subject).toBe("【酒舗 蔵】パスワードの変更について");
  });

  it("cancels the account with the current password; personal data is gone", async () => {
    const member = await shop.memberSession();
    expect((await call(member, "DELETE", "/api/users", { current_password: "wrong" })).statusCode).toBe(422);
    const response = await call(member, "DELETE", "/api/users", { current_password: member.password });
    expect(response.statusCode).toBe(200);
    expect(await shop.database.db.select().from(usersTable).where(eq(usersTable.email, member.email))).toHaveLength(0);
    expect((await signIn(member.email, member.password)).statusCode).toBe(401);
  });

  it("needs a signed-in member", async () => {
    const response = await call(shop.browserSession(), "PUT", "/api/users", { user_name: "x" });
    expect(response.statusCode).toBe(401);
  });
});
