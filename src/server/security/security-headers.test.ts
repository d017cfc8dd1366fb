import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../http/session.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// The security headers on API answers and on the HTML the server writes itself (the mailbox, the
// test gateway's 3-D Secure page; React Router's pages get the same hooks and are checked by the
// browser suite), over plain HTTP and behind a TLS-terminating proxy.

let plain: TestApp;
let behindTls: TestApp;

beforeAll(async () => {
  [plain, behindTls] = await Promise.all([createTestApp(), createTestApp({ PUBLIC_URL: "https://shop.example.jp", TRUST_PROXY: "true" })]);
  // A mail in the mailbox, so its page has something to show.
  await plain.app.services.inquiries.submit(
    { name: "田中 一郎", email: "ichiro@example.com", subject: "在庫について", message: "<script>alert(1)</script>" },
    { locale: "ja", userId: null },
  );
  await plain.app.services.mail.flush();
});

afterAll(async () => {
  await Promise.all([plain?.close(), behindTls?.close()]);
});

const ANSWERS = [
  { name: "an API answer", url: "/api/products" },
  { name: "a localized API answer", url: "/en/api/root" },
  { name: "an API 404", url: "/ja/api/nothing-here" },
  { name: "the health check", url: "/healthz" },
  { name: "an HTML page (mailbox)", url: "/dev/mailbox" },
  { name: "a back-office API refusal", url: "/admin/api/orders" },
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectBaseline(headers: Record<string, unknown>) {
  const csp = String(headers["content-security-policy"]);
  const policy = directives(csp);
  const scripts = policy.get("script-src") ?? policy.get("default-src")!;
  expect(scripts).toContain("'self'");
  expect(scripts.some((source) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(source))).toBe(true);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain("*");
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'self'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

describe("security headers over plain HTTP", () => {
  for (const answer of ANSWERS) {
    it(`sends CSP with a nonce and no unsafe-inline script, no framing, nosniff and a referrer policy on ${answer.name}, and no HSTS`, async () => {
      const response = await plain.app.inject({ method: "GET", url: answer.url });
      expectBaseline(response.headers);
      expect(response.headers["strict-transport-security"]).toBeUndefined();
      expect(directives(String(response.headers["content-security-policy"])).has("upgrade-insecure-requests")).toBe(false);
    });
  }

  it("gives a fresh nonce to every answer", async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(
        async () => /'nonce-([^']+)'/.exec(String((await plain.app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"]))![1],
      ),
    );
    expect(new Set(nonces).size).toBe(3);
  });

  it("writes no script into the server's own HTML without the answer's nonce, and escapes what a visitor typed", async () => {
    const list = await plain.app.inject({ method: "GET", url: "/dev/mailbox" });
    const id = /href="\/dev\/mailbox\/(\d+)"/.exec(list.body)?.[1];
    expect(id).toBeDefined();
    const pages = [
      list,
      await plain.app.inject({ method: "GET", url: `/dev/mailbox/${id}` }),
      await plain.app.inject({ method: "GET", url: "/test-gateway/3ds/pi_x?client_secret=pi_x_secret_y" }),
    ];
    for (const page of pages) {
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))![1];
      for (const tag of page.body.match(/<script\b[^>]*>/gi) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
      expect(page.body).not.toMatch(/\son[a-z]+\s*=/i);
      expect(page.body).not.toContain("<script>alert(1)</script>");
    }
  });

  it("lets only the test gateway's challenge page be framed, and by this site only", async () => {
    const page = await plain.app.inject({ method: "GET", url: "/test-gateway/3ds/pi_x?client_secret=pi_x_secret_y" });
    expect(directives(String(page.headers["content-security-policy"])).get("frame-ancestors")).toEqual(["'self'"]);
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("sets the session cookie HttpOnly and SameSite=Lax, not Secure", async () => {
    const response = await plain.app.inject({ method: "GET", url: "/api/root" });
    const cookie = response.cookies.find((each) => each.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.secure).toBeFalsy();
  });
});

describe("security headers behind a TLS proxy (PUBLIC_URL https, TRUST_PROXY)", () => {
  const overTls = { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" };

  for (const answer of ANSWERS.filter((each) => !each.url.startsWith("/dev/"))) {
    it(`adds HSTS and upgrade-insecure-requests to ${answer.name} that came over TLS`, async () => {
      const response = await behindTls.app.inject({ method: "GET", url: answer.url, headers: overTls });
      expectBaseline(response.headers);
      const hsts = String(response.headers["strict-transport-security"]);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain("includeSubDomains");
      expect(directives(String(response.headers["content-security-policy"])).has("upgrade-insecure-requests")).toBe(true);
    });
  }

  it("sends no HSTS on an answer the proxy says went over plain HTTP (RFC 6797 §7.2)", async () => {
    for (const proto of ["http", undefined]) {
      const response = await behindTls.app.inject({ method: "GET", url: "/healthz", headers: proto ? { "x-forwarded-proto": proto } : {} });
      expect(response.headers["strict-transport-security"]).toBeUndefined();
      expectBaseline(response.headers);
    }
  });

  it("sets the session cookie Secure, HttpOnly and SameSite=Lax, also when it is rotated at sign-in", async () => {
    const first = await behindTls.app.inject({ method: "GET", url: "/api/root", headers: overTls });
    expect(first.cookies.find((each) => each.name === SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
    const member = await behindTls.memberSession();
    const signIn = await behindTls.app.inject({
      method: "POST",
      url: "/api/users/sign_in",
      headers: { ...behindTls.browserSession().headers, ...overTls },
      payload: { api_user: { email: member.email, password: member.password } },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.cookies.find((each) => each.name === SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
    const locale = await behindTls.app.inject({ method: "GET", url: "/locale/en?to=%2F", headers: overTls });
    expect(locale.cookies.find((each) => each.name === "locale")).toMatchObject({ secure: true, sameSite: "Lax" });
  });
});
