import { describe, expect, it } from "vitest";
import { testAppFixture } from "../testing/test-app.ts";

const shop = testAppFixture();

describe("health", () => {
  it("answers ok while the database answers", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok" });
  });
});

describe("API locale and unknown paths", () => {
  it("answers unknown /ja/api paths with a Japanese 404", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/ja/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ["指定されたリソースは存在しません。"] });
  });

  it("answers unknown /en/api paths in English", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/en/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ["The requested resource does not exist."] });
  });

  it("answers plain /api paths in the visitor's chosen language, Japanese by default", async () => {
    const byDefault = await shop.app.inject({ method: "GET", url: "/api/nothing" });
    expect(byDefault.json().errors[0]).toBe("指定されたリソースは存在しません。");
    const english = await shop.app.inject({ method: "GET", url: "/api/nothing", cookies: { locale: "en" } });
    expect(english.json().errors[0]).toBe("The requested resource does not exist.");
  });
});

describe("language switch", () => {
  it("stores the choice in a cookie and returns to the page", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/locale/en?to=%2Fcompany" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/company");
    const cookie = response.cookies.find((c) => c.name === "locale");
    expect(cookie?.value).toBe("en");
    expect(cookie?.maxAge).toBeGreaterThan(300 * 24 * 3600);
  });

  it("never redirects to another site", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/locale/ja?to=%2F%2Fevil.example" });
    expect(response.headers.location).toBe("/");
  });

  it("refuses unknown languages", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/locale/fr?to=/" });
    expect(response.statusCode).toBe(404);
  });
});

describe("CSRF", () => {
  it("refuses a state-changing API call without the page's token", async () => {
    const response = await shop.app.inject({ method: "POST", url: "/ja/api/anything", payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0]).toContain("ページの有効期限が切れました");
  });

  it("refuses a token that belongs to another session", async () => {
    const mine = shop.browserSession();
    const theirs = shop.browserSession();
    const response = await shop.app.inject({
      method: "POST",
      url: "/en/api/anything",
      headers: { cookie: mine.cookie, "x-csrf-token": theirs.headers["x-csrf-token"] as string },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it("lets a call with the session's token through to its route", async () => {
    const session = shop.browserSession();
    const response = await shop.app.inject({ method: "POST", url: "/en/api/anything", headers: session.headers, payload: {} });
    expect(response.statusCode).toBe(404);
  });
});

describe("sessions and headers", () => {
  it("gives a new visitor an httpOnly, SameSite=Lax session cookie", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/healthz" });
    const cookie = response.cookies.find((c) => c.name === "kura_sid");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("sends a CSP that allows no inline script without a nonce, and forbids framing", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/healthz" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});
