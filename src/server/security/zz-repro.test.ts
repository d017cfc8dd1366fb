import { it } from "vitest";
import { createTestApp } from "../testing/test-app.ts";
it("repro", async () => {
  const shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1000" });
  const s = shop.browserSession();
  const cases: [string, string, unknown][] = [
    ["POST", "/api/users/sign_in", { api_user: { email: "a\u0000@example.com", password: "x" } }],
    ["POST", "/api/users", { api_user: { email: "a\u0000b@example.com", password: "password1", password_confirmation: "password1" } }],
    ["POST", "/api/users/password", { api_user: { email: "a\u0000@example.com" } }],
    ["POST", "/api/inquiries", { name: "a\u0000", email: "a@example.com", subject: "s", message: "m" }],
    ["GET", "/images/2147483648/240w.jpg", undefined],
    ["POST", "/admin/api/session", { email: "a\u0000@example.com", password: "x" }],
  ];
  for (const [method, url, body] of cases) {
    const r = await shop.app.inject({ method: method as "GET", url, headers: { ...s.headers, ...(body ? { "content-type": "application/json" } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
    console.log(method, url, r.statusCode, r.body.slice(0, 150));
  }
  await shop.close();
});
