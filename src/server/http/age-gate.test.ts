import { describe, expect, it } from "vitest";
import { postForm, visibleText } from "../testing/form-posts.ts";
import { testAppWithPagesFixture } from "../testing/test-app.ts";

// The age gate's form as a browser posts it before (or without) its JavaScript (decision 056): a
// route action (web/routes/age-gate.tsx) that checks the form's token itself, judges the date by
// the gate's own rule, sets the cookie for an adult and sends the visitor back to the same page.
// Pages come from the production build.

const shop = testAppWithPagesFixture();
const thisYear = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Tokyo", year: "numeric" }).format(new Date()));

/** Posts the gate's form as a page does: the session cookie, and the token in the hidden `_csrf` field. */
async function postGate(fields: Record<string, string>, options: { token?: string | null } = {}) {
  return postForm(shop.app, "/age-gate", fields, { session: shop.browserSession(), ...(options.token === undefined ? {} : { csrf: options.token }) });
}

const ageCookie = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((cookie) => cookie.name === "age_confirmed");

describe("POST /age-gate (the gate's route action)", () => {
  it("lets an adult in: the cookie pages are rendered by, and back to the page with its query", async () => {
    const response = await postGate({ year: String(thisYear - 20), month: "1", day: "1", to: "/shop?liquor_type=sake" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/shop?liquor_type=sake");
    expect(ageCookie(response)).toMatchObject({ value: "1", path: "/", sameSite: "Lax", maxAge: 365 * 24 * 60 * 60 });
    expect(ageCookie(response)).not.toHaveProperty("secure");
  });

  it("sends an underage visitor, a date that does not exist and a missing part back with the answer, and no cookie", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ year: String(thisYear - 19), month: "1", day: "1" }, "underage"],
      [{ year: "2001", month: "2", day: "29" }, "nonexistent-date"],
      [{ year: "", month: "1", day: "1" }, "required"],
      [{ month: "1", day: "1" }, "required"],
    ];
    for (const [fields, answer] of cases) {
      const response = await postGate({ ...fields, to: "/products/3?age_gate=required" });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/products/3?age_gate=${answer}`);
      expect(ageCookie(response)).toBeUndefined();
    }
  });

  it("goes back only to a path of this shop", async () => {
    for (const to of ["https://evil.example/", "//evil.example/", "/\\evil.example", "/.//evil.example", ""]) {
      const response = await postGate({ year: "1990", month: "4", day: "1", to });
      expect(response.statusCode, to).toBe(303);
      expect(response.headers.location, to).toMatch(/^\/(?![/\\])/);
    }
  });

  it("refuses a form without this session's token: nothing set, back to the page saying it expired (ja/en)", async () => {
    for (const token of [null, "", shop.browserSession().headers["x-csrf-token"]!]) {
      const response = await postGate({ year: "1990", month: "4", day: "1", to: "/shop" }, { token });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/shop?age_gate=expired");
      expect(ageCookie(response)).toBeUndefined();
    }
    for (const [locale, text] of [
      ["ja", "ページの有効期限が切れました。"],
      ["en", "This page had expired."],
    ] as const) {
      const page = await shop.app.inject({ method: "GET", url: "/shop?age_gate=expired", headers: { cookie: `locale=${locale}` } });
      expect(page.statusCode).toBe(200);
      expect(visibleText(page.body)).toContain(text);
    }
  });

  it("reads the token only from the form: the header alone is not the form's token", async () => {
    const session = shop.browserSession();
    const response = await shop.app.inject({
      method: "POST",
      url: "/age-gate",
      headers: { ...session.headers, cookie: session.cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "year=1990&month=4&day=1&to=%2F",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/?age_gate=expired");
    expect(ageCookie(response)).toBeUndefined();
  });

  it("answers a GET and a post no form sends without a 5xx", async () => {
    const get = await shop.app.inject({ method: "GET", url: "/age-gate" });
    expect(get.statusCode).toBe(302);
    expect(get.headers.location).toBe("/");
    const empty = await shop.app.inject({
      method: "POST",
      url: "/age-gate",
      headers: { cookie: shop.browserSession().cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(empty.statusCode).toBeLessThan(500);
    expect(ageCookie(empty)).toBeUndefined();
  });
});
