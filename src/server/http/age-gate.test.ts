import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// The age gate's form as a browser posts it before (or without) its JavaScript (decision 056):
// judged by the gate's own rule, the cookie for an adult, the visitor sent back to the same page.

let shop: TestApp;
const thisYear = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Tokyo", year: "numeric" }).format(new Date()));

beforeAll(async () => {
  shop = await createTestApp();
});

afterAll(async () => {
  await shop.close();
});

/** Posts the gate's form as a page does: the session cookie, and the token in the hidden `_csrf` field. */
async function postGate(fields: Record<string, string>, options: { token?: string } = {}) {
  const session = shop.browserSession();
  const form = new URLSearchParams({ _csrf: options.token ?? session.headers["x-csrf-token"]!, ...fields });
  return shop.app.inject({
    method: "POST",
    url: "/age-gate",
    headers: { cookie: session.cookie, "content-type": "application/x-www-form-urlencoded" },
    payload: form.toString(),
  });
}

const ageCookie = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((cookie) => cookie.name === "age_confirmed");

describe("POST /age-gate", () => {
  it("lets an adult in: the cookie pages are rendered by, and back to the page with its query", async () => {
    const response = await postGate({ year: String(thisYear - 20), month: "1", day: "1", to: "/shop?liquor_type=sake" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/shop?liquor_type=sake");
    expect(ageCookie(response)).toMatchObject({ value: "1", path: "/", sameSite: "Lax", maxAge: 365 * 24 * 60 * 60 });
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

  it("refuses a form without this session's token, and sets nothing", async () => {
    for (const token of ["", shop.browserSession().headers["x-csrf-token"]!]) {
      const response = await postGate({ year: "1990", month: "4", day: "1", to: "/" }, { token });
      expect(response.statusCode).toBe(403);
      expect(ageCookie(response)).toBeUndefined();
    }
  });
});
