import { describe, expect, it } from "vitest";
import { testAppFixture } from "../testing/test-app.ts";
import { RATE_LIMITS } from "./rate-limit.ts";

const shop = testAppFixture();

describe("rate limits", () => {
  it("answers 429 with a message once sign-in attempts from one address pass the limit, across locale prefixes", async () => {
    const session = shop.browserSession();
    const attempt = (prefix: string) =>
      shop.app.inject({
        method: "POST",
        url: `${prefix}/users/sign_in`,
        headers: { ...session.headers, "x-forwarded-for": "ignored" },
        remoteAddress: "192.0.2.10",
        payload: { api_user: { email: "nobody@example.com", password: "wrong-password" } },
      });
    for (let index = 0; index < RATE_LIMITS.signIn.max; index++) {
      const response = await attempt(index % 2 === 0 ? "/ja/api" : "/en/api");
      expect(response.statusCode).toBe(401);
    }
    const limited = await attempt("/ja/api");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors).toEqual(["リクエストが多すぎます。しばらくしてからもう一度お試しください。"]);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await attempt("/en/api")).json().errors).toEqual(["Too many requests. Please wait a moment and try again."]);

    // Another address is not affected.
    const other = await shop.app.inject({
      method: "POST",
      url: "/api/users/sign_in",
      headers: session.headers,
      remoteAddress: "192.0.2.11",
      payload: { api_user: { email: "nobody@example.com", password: "wrong-password" } },
    });
    expect(other.statusCode).toBe(401);
  });

  // Each limited call in turn, from its own address: the limit's worth of answers, then 429 with the message.
  const LIMITED_CALLS = [
    {
      name: "sign-up",
      url: "/api/users",
      limit: RATE_LIMITS.signUp.max,
      body: (n: number) => ({ email: `new-${n}@example.com`, password: "long-enough-pw", password_confirmation: "long-enough-pw" }),
    },
    { name: "password reset", url: "/api/users/password", limit: RATE_LIMITS.passwordReset.max, body: (n: number) => ({ email: `someone-${n}@example.com` }) },
    {
      name: "resend confirmation",
      url: "/api/users/confirmation",
      limit: RATE_LIMITS.resend.max,
      body: (n: number) => ({ email: `someone-${n}@example.com` }),
    },
    { name: "resend unlock", url: "/api/users/unlock", limit: RATE_LIMITS.resend.max, body: (n: number) => ({ email: `someone-${n}@example.com` }) },
  ];

  for (const [index, call] of LIMITED_CALLS.entries()) {
    it(`limits ${call.name} with a 429 and a message in the request's language`, async () => {
      const session = shop.browserSession();
      const remoteAddress = `192.0.2.${30 + index}`;
      const attempt = (n: number, prefix = "/ja") =>
        shop.app.inject({ method: "POST", url: `${prefix}${call.url}`, headers: session.headers, remoteAddress, payload: { api_user: call.body(n) } });
      for (let n = 0; n < call.limit; n++) expect((await attempt(n)).statusCode).toBeLessThan(300);
      const limited = await attempt(call.limit);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errors).toEqual(["リクエストが多すぎます。しばらくしてからもう一度お試しください。"]);
      expect((await attempt(call.limit + 1, "/en")).json().errors).toEqual(["Too many requests. Please wait a moment and try again."]);
    });
  }
});
