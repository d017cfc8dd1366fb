import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../http/rate-limit.ts";
import { hashToken } from "../link-tokens.ts";
import { sessionsTable } from "../db/schema/accounts.ts";
import { SESSION_COOKIE } from "../http/session.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { createStaff } from "../testing/staff-fixtures.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";

// Session fixation (a session id known before sign-in is worthless after it; sign-out kills the
// old cookie) for members and staff, and the rate limits rate-limit.test.ts does not cover yet:
// inquiry, checkout, staff sign-in and the magazine sign-up.

const shop = testAppFixture();

/** The session an attacker planted: a well-formed id the server gave out to a first visit. */
async function plantedSession(): Promise<BrowserSession> {
  const visit = await shop.app.inject({ method: "GET", url: "/api/root" });
  return shop.sessionFrom(visit);
}

function sessionIdOf(session: BrowserSession): string {
  return session.cookie.slice(`${SESSION_COOKIE}=`.length);
}

describe("session fixation", () => {
  const kinds = [
    {
      name: "a member",
      signIn: async (session: BrowserSession) => {
        const member = await shop.memberSession();
        return shop.app.inject({
          method: "POST",
          url: "/api/users/sign_in",
          headers: session.headers,
          payload: { api_user: { email: member.email, password: member.password } },
        });
      },
      whoAmI: "/api/users",
      signOut: { method: "DELETE" as const, url: "/api/users/sign_out" },
    },
    {
      name: "a staff member",
      signIn: async (session: BrowserSession) => {
        const { email, password } = await createStaff(shop);
        return shop.app.inject({ method: "POST", url: "/admin/api/session", headers: session.headers, payload: { email, password } });
      },
      whoAmI: "/admin/api/session",
      signOut: { method: "DELETE" as const, url: "/admin/api/session" },
    },
  ];

  for (const kind of kinds) {
    it(`moves ${kind.name} to a new session id at sign-in; the planted id stays anonymous`, async () => {
      const planted = await plantedSession();
      const signedIn = await kind.signIn(planted);
      expect(signedIn.statusCode).toBe(200);
      const after = shop.sessionFrom(signedIn);
      expect(sessionIdOf(after)).not.toBe(sessionIdOf(planted));
      // A stored session's id has the signed-in shape; the planted guest id had the other.
      expect(sessionIdOf(after)).toMatch(/^m\.[A-Za-z0-9_-]{43}$/);
      expect(sessionIdOf(planted)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await shop.app.inject({ method: "GET", url: kind.whoAmI, headers: { cookie: after.cookie } })).statusCode).toBe(200);
      expect((await shop.app.inject({ method: "GET", url: kind.whoAmI, headers: { cookie: planted.cookie } })).statusCode).toBe(401);
      // The page's CSRF token is the new session's: the old one no longer passes.
      const withOldToken = await shop.app.inject({
        method: kind.signOut.method,
        url: kind.signOut.url,
        headers: { cookie: after.cookie, "x-csrf-token": planted.headers["x-csrf-token"]! },
      });
      expect(withOldToken.statusCode).toBe(403);
    });

    it(`ends ${kind.name}'s session at sign-out: the old cookie is signed out for good`, async () => {
      const signedIn = shop.sessionFrom(await kind.signIn(await plantedSession()));
      const signOut = await shop.app.inject({ method: kind.signOut.method, url: kind.signOut.url, headers: signedIn.headers });
      expect(signOut.statusCode).toBeLessThan(300);
      for (const session of [signedIn, ...(signOut.cookies.some((each) => each.name === SESSION_COOKIE && each.value) ? [shop.sessionFrom(signOut)] : [])]) {
        expect((await shop.app.inject({ method: "GET", url: kind.whoAmI, headers: { cookie: session.cookie } })).statusCode).toBe(401);
      }
      const newCookie = signOut.cookies.find((each) => each.name === SESSION_COOKIE);
      if (newCookie?.value) expect(newCookie.value).not.toBe(sessionIdOf(signedIn));
    });
  }

  it("never signs in a guest-shaped id, even one a stored session row carries (guests skip the lookup)", async () => {
    const member = await shop.memberSession();
    const guest = await plantedSession();
    const [user] = await shop.database.db
      .select({ userId: sessionsTable.userId })
      .from(sessionsTable)
      .where(eq(sessionsTable.idHash, hashToken(sessionIdOf(member))));
    await shop.database.db
      .insert(sessionsTable)
      .values({ idHash: hashToken(sessionIdOf(guest)), userId: user!.userId, createdAt: new Date(), lastSeenAt: new Date() });
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: guest.cookie } })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } })).statusCode).toBe(200);
  });

  it("ignores a session id the server never gave out in a shape it does not make", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/api/root", headers: { cookie: `${SESSION_COOKIE}=attacker-chosen` } });
    const cookie = response.cookies.find((each) => each.name === SESSION_COOKIE);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("rate limits not covered by rate-limit.test.ts", () => {
  const TOO_MANY = "リクエストが多すぎます。しばらくしてからもう一度お試しください。";
  let wine: number;

  beforeAll(async () => {
    wine = await new CatalogFactory(shop.database.db).product({ stock: 1000, price: 1000 });
  });

  const CALLS = [
    {
      name: "inquiry",
      limit: RATE_LIMITS.inquiry.max,
      request: (n: number) => ({
        url: "/api/inquiries",
        payload: { inquiry: { name: "田中 一郎", email: `i${n}@example.com`, subject: "質問", message: "在庫はありますか。" } },
      }),
    },
    {
      name: "checkout",
      limit: RATE_LIMITS.checkout.max,
      // Malformed orders count too: the limit is on attempts, not on orders.
      request: (n: number) => ({
        url: "/api/checkout",
        payload: n % 2 === 0 ? orderPayload([{ id: wine, amount: 1 }]) : {},
        headers: { "idempotency-key": crypto.randomUUID() },
      }),
    },
    {
      name: "staff sign-in",
      limit: RATE_LIMITS.staffSignIn.max,
      request: () => ({ url: "/admin/api/session", payload: { email: "nobody@kura.example", password: "wrong password" } }),
    },
    {
      name: "magazine sign-up",
      limit: RATE_LIMITS.magazine.max,
      request: (n: number) => ({ url: "/api/magazine/subscriptions", payload: { email: `m${n}@example.com` } }),
    },
  ];

  for (const [index, call] of CALLS.entries()) {
    it(`answers 429 past the ${call.name} limit (${call.limit}) from one address, across locale prefixes, and not to another address`, async () => {
      const session = shop.browserSession();
      const remoteAddress = `198.51.100.${10 + index}`;
      const attempt = (n: number, address = remoteAddress) => {
        const { url, payload, headers } = { headers: {}, ...call.request(n) };
        const prefixed = url.startsWith("/api") ? url.replace(/^\/api/, ["/api", "/ja/api", "/en/api"][n % 3]!) : url;
        return shop.app.inject({ method: "POST", url: prefixed, headers: { ...session.headers, ...headers }, remoteAddress: address, payload });
      };
      const answers: number[] = [];
      for (let n = 0; n < call.limit; n++) answers.push((await attempt(n)).statusCode);
      expect(answers.filter((status) => status === 429)).toEqual([]);
      const limited = await attempt(call.limit + 1);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errors).toEqual([TOO_MANY]);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect((await attempt(call.limit + 2, `198.51.100.${110 + index}`)).statusCode).not.toBe(429);
    });
  }
});
