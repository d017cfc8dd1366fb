import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNED_IN_PREFIX } from "../accounts/session-id.ts";
import { message } from "../i18n/messages.ts";
import { inputValue, postForm, visibleText } from "../testing/form-posts.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { SESSION_COOKIE } from "./session.ts";

// Forms posted without JavaScript (decision 052): each page's action runs the API route its script
// calls, as the visitor, and answers a 303 or the page again with the API's messages. The pages
// come from the production build (built first when the sources are newer).

let shop: TestApp;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("scripts/ensure-build.mjs failed");
  shop = await createTestApp({}, undefined, { pages: "production" });
}, 900_000);

afterAll(async () => {
  await shop?.close();
});

function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string | undefined {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/** A confirmed member who is not signed in on the session the test posts from. */
async function member() {
  const { email, password } = await shop.memberSession();
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
      const response = await postForm(shop.app, "/login", { email: `nobody-${attempt}@example.com`, password: "x" }, { session: shop.browserSession(), remoteAddress: hammering });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(visibleText(response.body)).toContain(message("rateLimited", "ja"));
    }
    expect(statuses.at(-1)).toBe(429);
    const elsewhere = await postForm(shop.app, "/login", { email, password: "x" }, { session: shop.browserSession(), remoteAddress: "198.51.100.2" });
    expect(elsewhere.statusCode).toBe(401);
  });
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
