import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../accounts/password.ts";
import { SIGNED_IN_PREFIX } from "../accounts/session-id.ts";
import { usersTable } from "../db/schema/accounts.ts";
import { inquiriesTable } from "../db/schema/inquiries.ts";
import { message } from "../i18n/messages.ts";
import { inputValue, postForm, visibleText } from "../testing/form-posts.ts";
import { createTestAppWithPages, testAppWithPagesFixture } from "../testing/test-app.ts";
import { createStaff } from "../testing/staff-fixtures.ts";
import { SESSION_COOKIE } from "./session.ts";

// Forms posted without JavaScript (decision 052): each page's action runs the API route its script
// calls, as the visitor, and answers a 303 or the page again with the API's messages. The pages
// come from the production build (built first when the sources are newer).

const shop = testAppWithPagesFixture();

function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string | undefined {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/** A confirmed member, not signed in anywhere (signing in here would count against the tests' own address). */
async function member() {
  const email = `member-${crypto.randomUUID().slice(0, 12)}@example.com`;
  const password = "correct horse battery";
  await shop.database.db.insert(usersTable).values({ email, passwordHash: await hashPassword(password), confirmedAt: new Date() });
  return { email, password };
}

describe("sign-in without JavaScript (POST /login)", () => {
  it("signs the member in, moves the session and goes on to the page asked for", async () => {
    const { email, password } = await member();
    const guest = shop.browserSession();
    const response = await postForm(shop.app, "/login?redirect=%2Fmypage%2Forders", { email, password }, { session: guest });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/mypage/orders");
    const sessionId = sessionCookieOf(response);
    expect(sessionId?.startsWith(SIGNED_IN_PREFIX)).toBe(true);
    const me = await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: `${SESSION_COOKIE}=${sessionId}` } });
    expect(me.json().data.email).toBe(email);
  });

  it("goes to My Page without a redirect, and never to another site", async () => {
    const { email, password } = await member();
    const plain = await postForm(shop.app, "/login", { email, password }, { session: shop.browserSession() });
    expect(plain.headers.location).toBe("/mypage");
    const offsite = await postForm(shop.app, "/login?redirect=%2F%2Fevil.example%2F", { email, password }, { session: shop.browserSession() });
    expect(offsite.statusCode).toBe(303);
    expect(offsite.headers.location).toBe("/mypage");
  });

  for (const locale of ["ja", "en"] as const) {
    it(`answers a wrong password with the page and the API's message (${locale}), the e-mail kept and the password not`, async () => {
      const { email } = await member();
      const response = await postForm(shop.app, "/login", { email, password: "not the password" }, { session: shop.browserSession(), locale });
      expect(response.statusCode).toBe(401);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(visibleText(response.body)).toContain(message("signInInvalid", locale));
      expect(response.body).toContain(`lang="${locale}"`);
      expect(inputValue(response.body, "email")).toBe(email);
      expect(response.body).not.toContain("not the password");
      expect(sessionCookieOf(response)).toBeUndefined();
    });
  }

  it("refuses a post without the page's token, or with another session's, with a page and no sign-in", async () => {
    const { email, password } = await member();
    const guest = shop.browserSession();
    const other = shop.browserSession();
    for (const csrf of [null, other.headers["x-csrf-token"]!]) {
      for (const locale of ["ja", "en"] as const) {
        const response = await postForm(shop.app, "/login", { email, password }, { session: guest, csrf, locale });
        expect(response.statusCode).toBe(403);
        expect(response.headers["content-type"]).toContain("text/html");
        expect(visibleText(response.body)).toContain(message("csrfInvalid", locale));
        expect(sessionCookieOf(response)).toBeUndefined();
      }
    }
    const me = await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: guest.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("counts the sign-in limit per client address, as the API does", async () => {
    const { email } = await member();
    const hammering = "203.0.113.7";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await postForm(
        shop.app,
        "/login",
        { email: `nobody-${attempt}@example.com`, password: "x" },
        { session: shop.browserSession(), remoteAddress: hammering },
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(visibleText(response.body)).toContain(message("rateLimited", "ja"));
    }
    expect(statuses.at(-1)).toBe(429);
    const elsewhere = await postForm(shop.app, "/login", { email, password: "x" }, { session: shop.browserSession(), remoteAddress: "198.51.100.2" });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe("sign-in without JavaScript behind a reverse proxy (TRUST_PROXY)", () => {
  it("counts the limit per client as the proxy names it, not per proxy", async () => {
    const proxied = await createTestAppWithPages({ TRUST_PROXY: "true" });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 21; attempt += 1) {
        const response = await postForm(
          proxied.app,
          "/login",
          { email: `nobody-${attempt}@example.com`, password: "x" },
          { session: proxied.browserSession(), remoteAddress: "127.0.0.1", forwardedFor: "203.0.113.50" },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another client behind the same proxy is not held back by the first.
      const other = await postForm(
        proxied.app,
        "/login",
        { email: "nobody@example.com", password: "x" },
        { session: proxied.browserSession(), remoteAddress: "127.0.0.1", forwardedFor: "203.0.113.51" },
      );
      expect(other.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  }, 120_000);
});

describe("error pages", () => {
  it("give every inline script this answer's CSP nonce (a post to a page without a form)", async () => {
    const response = await postForm(shop.app, "/company", { anything: "1" }, { session: shop.browserSession() });
    expect(response.statusCode).toBe(405);
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    // Data blocks (JSON, the module kept for later) are not run; every other script needs the nonce.
    const running = scripts.filter((attributes) => !/type="application\/(json|x-kura-module)"/.test(attributes));
    expect(running.length).toBeGreaterThan(0);
    for (const attributes of running) expect(attributes).toContain(`nonce="${nonce}"`);
  });
});

/** Each test posts from an address of its own, so the per-client limits of one never reach another. */
let nextAddress = 10;
const clientAddress = () => `192.0.2.${nextAddress++}`;

const uniqueEmail = () => `form-${crypto.randomUUID().slice(0, 12)}@example.com`;

/** A link's path and query from the newest mail to `to` that holds `fragment`. */
async function linkFrom(to: string, fragment: string): Promise<string> {
  const mails = await shop.mailsTo(to);
  const link = mails.flatMap((mail) => mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.includes(fragment));
  if (!link) throw new Error(`no mail to ${to} with ${fragment}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

interface FormCase {
  name: string;
  /** The page the form is on (and posts to), given what `prepare` made. */
  url(prepared: Record<string, string>): string;
  /** The API route the page's script calls, and how it wraps the fields. */
  api: { method: "POST" | "PUT"; path: string; body(fields: Record<string, string>, prepared: Record<string, string>): unknown };
  prepare?(): Promise<Record<string, string>>;
  valid(prepared: Record<string, string>): Record<string, string>;
  invalid(prepared: Record<string, string>): Record<string, string>;
  /** What the page answers when the API accepted the form. */
  accepted: { redirect: string } | { shows(locale: "ja" | "en", fields: Record<string, string>): string };
  /** The address that would get a mail had the form been taken. */
  mailTo?(fields: Record<string, string>): string;
}

const FORMS: FormCase[] = [
  {
    name: "sign-up (/signup)",
    url: () => "/signup",
    api: { method: "POST", path: "/users", body: (fields) => ({ api_user: fields }) },
    valid: () => ({ email: uniqueEmail(), password: "correct horse battery", password_confirmation: "correct horse battery" }),
    invalid: () => ({ email: "not-an-address", password: "short", password_confirmation: "other" }),
    accepted: { redirect: "/signup/thanks" },
    mailTo: (fields) => fields.email!,
  },
  {
    name: "password reset request (/password)",
    url: () => "/password",
    prepare: async () => ({ email: (await member()).email }),
    api: { method: "POST", path: "/users/password", body: (fields) => ({ api_user: fields }) },
    valid: (prepared) => ({ email: prepared.email! }),
    invalid: () => ({ email: "not-an-address" }),
    accepted: { redirect: "/password/thanks" },
    mailTo: (fields) => fields.email!,
  },
  {
    name: "new password (/password/edit)",
    prepare: async () => {
      const { email } = await member();
      await shop.app.services.afterAnswer.settled();
      const requested = await shop.app.inject({
        method: "POST",
        url: "/api/users/password",
        remoteAddress: clientAddress(),
        headers: shop.browserSession().headers,
        payload: { api_user: { email } },
      });
      expect(requested.statusCode).toBe(200);
      const token = new URL(await linkFrom(email, "reset_password_token"), "http://x").searchParams.get("reset_password_token")!;
      return { email, token };
    },
    url: (prepared) => `/password/edit?reset_password_token=${encodeURIComponent(prepared.token!)}`,
    api: { method: "PUT", path: "/users/password", body: (fields, prepared) => ({ api_user: { reset_password_token: prepared.token, ...fields } }) },
    valid: () => ({ password: "a brand new password", password_confirmation: "a brand new password" }),
    invalid: () => ({ password: "a brand new password", password_confirmation: "something else entirely" }),
    accepted: { redirect: "/mypage" },
  },
  {
    name: "resend confirmation (/confirmations/new)",
    url: () => "/confirmations/new",
    api: { method: "POST", path: "/users/confirmation", body: (fields) => ({ api_user: fields }) },
    valid: () => ({ email: uniqueEmail() }),
    invalid: () => ({ email: "not-an-address" }),
    accepted: { shows: (locale) => message("confirmationInstructionsSent", locale) },
  },
  {
    name: "resend unlock (/unlock/new)",
    url: () => "/unlock/new",
    api: { method: "POST", path: "/users/unlock", body: (fields) => ({ api_user: fields }) },
    valid: () => ({ email: uniqueEmail() }),
    invalid: () => ({ email: "not-an-address" }),
    accepted: { shows: (locale) => message("unlockInstructionsSent", locale) },
  },
  {
    name: "inquiry (/inquiry)",
    url: () => "/inquiry",
    api: { method: "POST", path: "/inquiries", body: (fields) => ({ inquiry: fields }) },
    valid: () => ({ name: "田中 一郎", email: uniqueEmail(), subject: "在庫について", message: "山田錦の純米吟醸はまた入荷しますか。" }),
    invalid: () => ({ name: "", email: "not-an-address", subject: "", message: "" }),
    accepted: { redirect: "/inquiry/complete" },
    mailTo: (fields) => fields.email!,
  },
  {
    name: "mail magazine (/magazine/register)",
    url: () => "/magazine/register",
    api: { method: "POST", path: "/magazine/subscriptions", body: (fields) => ({ email: fields.email, consent: fields.consent === "on" }) },
    valid: () => ({ email: uniqueEmail(), consent: "on" }),
    invalid: () => ({ email: uniqueEmail() }),
    accepted: { shows: (_locale, fields) => fields.email! },
    mailTo: (fields) => fields.email!,
  },
  {
    name: "back-office sign-in (/admin/login)",
    prepare: async () => {
      const { email, password } = await createStaff(shop);
      return { email, password };
    },
    url: () => "/admin/login?redirect=%2Fadmin%2Forders",
    api: { method: "POST", path: "/admin/api/session", body: (fields) => fields },
    valid: (prepared) => ({ email: prepared.email!, password: prepared.password! }),
    invalid: (prepared) => ({ email: prepared.email!, password: "not the password" }),
    accepted: { redirect: "/admin/orders" },
  },
];

describe.each(FORMS)("$name without JavaScript", (form) => {
  it("does what the API does and answers as the page's script would", async () => {
    const prepared = (await form.prepare?.()) ?? {};
    const fields = form.valid(prepared);
    const response = await postForm(shop.app, form.url(prepared), fields, { session: shop.browserSession(), remoteAddress: clientAddress() });
    if ("redirect" in form.accepted) {
      expect(response.statusCode, response.body.slice(0, 300)).toBe(303);
      expect(response.headers.location).toBe(form.accepted.redirect);
    } else {
      expect(response.statusCode).toBe(200);
      expect(visibleText(response.body)).toContain(form.accepted.shows("ja", fields));
    }
    if (form.mailTo) expect(await shop.mailsTo(form.mailTo(fields))).not.toHaveLength(0);
  });

  for (const locale of ["ja", "en"] as const) {
    it(`shows the API's own messages for a refused form (${locale}), with what was typed`, async () => {
      const prepared = (await form.prepare?.()) ?? {};
      const fields = form.invalid(prepared);
      const address = clientAddress();
      const api = form.api.path.startsWith("/admin/") ? form.api.path : `/${locale}/api${form.api.path}`;
      const session = shop.browserSession();
      const direct = await shop.app.inject({
        method: form.api.method,
        url: api,
        remoteAddress: address,
        headers: { ...session.headers, cookie: `${session.cookie}; locale=${locale}` },
        payload: form.api.body(fields, prepared) as Record<string, unknown>,
      });
      expect(direct.statusCode).toBeGreaterThanOrEqual(400);
      const errors = direct.json().errors as string[];
      expect(errors.length).toBeGreaterThan(0);
      const response = await postForm(shop.app, form.url(prepared), fields, { session: shop.browserSession(), locale, remoteAddress: address });
      expect(response.statusCode).toBe(direct.statusCode);
      expect(response.body).toContain(`lang="${locale}"`);
      const text = visibleText(response.body);
      for (const error of errors) expect(text).toContain(error);
      if (fields.email) expect(inputValue(response.body, "email")).toBe(fields.email);
    });
  }

  it("refuses the form without the page's token, or with another session's, with a page, and does nothing", async () => {
    const prepared = (await form.prepare?.()) ?? {};
    const session = shop.browserSession();
    for (const csrf of [null, shop.browserSession().headers["x-csrf-token"]!]) {
      for (const locale of ["ja", "en"] as const) {
        const fields = form.valid(prepared);
        const response = await postForm(shop.app, form.url(prepared), fields, { session, csrf, locale, remoteAddress: clientAddress() });
        expect(response.statusCode).toBe(403);
        expect(response.headers["content-type"]).toContain("text/html");
        expect(visibleText(response.body)).toContain(message("csrfInvalid", locale));
        expect(sessionCookieOf(response)).toBeUndefined();
        if (form.mailTo) expect(await shop.mailsTo(form.mailTo(fields))).toHaveLength(0);
      }
    }
  });
});

describe("the inquiry form resent without JavaScript", () => {
  it("is one inquiry and one acknowledgement under the page's request key, however often it is posted", async () => {
    const session = shop.browserSession();
    const page = await shop.app.inject({ method: "GET", url: "/inquiry", headers: { cookie: session.cookie } });
    expect(page.statusCode).toBe(200);
    const key = inputValue(page.body, "_request_key");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // Each visitor's page draws its own key.
    const other = await shop.app.inject({ method: "GET", url: "/inquiry", headers: { cookie: shop.browserSession().cookie } });
    expect(inputValue(other.body, "_request_key")).not.toBe(key);
    const email = uniqueEmail();
    const fields = { name: "田中 一郎", email, subject: "在庫について", message: "山田錦の純米吟醸はまた入荷しますか。", _request_key: key! };
    const address = clientAddress();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await postForm(shop.app, "/inquiry", fields, { session, remoteAddress: address });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(303);
      expect(response.headers.location).toBe("/inquiry/complete");
    }
    const rows = await shop.database.db.select({ id: inquiriesTable.id }).from(inquiriesTable).where(eq(inquiriesTable.email, email));
    expect(rows).toHaveLength(1);
    expect(await shop.mailsTo(email)).toHaveLength(1);
  });
});
