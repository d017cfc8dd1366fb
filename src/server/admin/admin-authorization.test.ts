import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// Every /admin/api route for every kind of visitor: nobody without a staff session gets in (also
// not a signed-in shopper), owner-only routes refuse staff, and state changes need the CSRF token.

let shop: TestApp;
const sessions: Record<"anonymous" | "guest" | "shopper" | "staff" | "owner", BrowserSession> = {} as never;
let orderId: string;

type Route = { method: "GET" | "POST" | "DELETE"; url: () => string; payload?: object; ownerOnly?: boolean };

// The successful answer of each route for staff (and owner); the sign-out route is run last on purpose.
const routes: (Route & { ok: number })[] = [
  { method: "GET", url: () => "/admin/api/session", ok: 200 },
  { method: "GET", url: () => "/admin/api/dashboard", ok: 200 },
  { method: "GET", url: () => "/admin/api/orders", ok: 200 },
  { method: "GET", url: () => `/admin/api/orders/${orderId}`, ok: 200 },
  // A bank order moves deposit → ship → (cancel refused: already sent), so each role sees its own order below.
  { method: "POST", url: () => `/admin/api/orders/${orderId}/deposit`, ok: 200 },
  { method: "POST", url: () => `/admin/api/orders/${orderId}/ship`, payload: { slip_number: "1234-5678-9012" }, ok: 200 },
  { method: "POST", url: () => `/admin/api/orders/${orderId}/cancel`, ok: 409 },
  { method: "GET", url: () => "/admin/api/staff", ownerOnly: true, ok: 200 },
  { method: "DELETE", url: () => "/admin/api/session", ok: 204 },
];

function call(route: Route, session: BrowserSession) {
  return shop.app.inject({ method: route.method, url: route.url(), headers: session.headers, ...(route.payload ? { payload: route.payload } : {}) });
}

async function newOrder(): Promise<string> {
  const make = new CatalogFactory(shop.database.db);
  const wine = await make.product({ stock: 5 });
  const response = await new CheckoutClient(shop).post(shop.browserSession(), orderPayload([{ id: wine, amount: 1 }]));
  return response.json().order_id;
}

beforeAll(async () => {
  shop = await createTestApp();
  const anonymous = shop.browserSession();
  sessions.anonymous = { cookie: "", headers: { "x-csrf-token": anonymous.headers["x-csrf-token"]! } };
  sessions.guest = shop.browserSession();
  sessions.shopper = await shop.memberSession();
  sessions.staff = await staffSession(shop, "staff");
  sessions.owner = await staffSession(shop, "owner");
  orderId = await newOrder();
});

afterAll(async () => {
  await shop.close();
});

describe("/admin/api authorization", () => {
  for (const visitor of ["anonymous", "guest", "shopper"] as const) {
    it(`answers 401 to ${visitor === "anonymous" ? "a request without a session" : `a ${visitor} session`} on every route`, async () => {
      for (const route of routes) {
        const response = await call(route, sessions[visitor]);
        // Without a cookie the request gets a fresh session, whose token the anonymous visitor cannot have.
        const expected = visitor === "anonymous" && route.method !== "GET" ? 403 : 401;
        expect({ route: `${route.method} ${route.url()}`, status: response.statusCode }).toEqual({ route: `${route.method} ${route.url()}`, status: expected });
        if (expected === 401) expect(response.json().errors).toEqual(["管理画面にログインしてください。"]);
      }
      // Nothing moved.
      const owner = await call({ method: "GET", url: () => `/admin/api/orders/${orderId}` }, sessions.owner);
      expect(owner.json().data.status).toBe("await_payment");
    });
  }

  for (const role of ["staff", "owner"] as const) {
    it(`lets ${role} use every route${role === "staff" ? " but the owner's (403)" : ""}`, async () => {
      orderId = await newOrder();
      for (const route of routes) {
        const response = await call(route, sessions[role]);
        const expected = route.ownerOnly && role === "staff" ? 403 : route.ok;
        expect({ route: `${route.method} ${route.url()}`, status: response.statusCode }).toEqual({ route: `${route.method} ${route.url()}`, status: expected });
      }
      // The last route signed the session out.
      expect((await call(routes[0]!, sessions[role])).statusCode).toBe(401);
      sessions[role] = await staffSession(shop, role);
    });
  }

  it("refuses every state change without the CSRF token, even to the owner", async () => {
    orderId = await newOrder();
    for (const route of routes.filter((each) => each.method !== "GET")) {
      const response = await shop.app.inject({
        method: route.method,
        url: route.url(),
        headers: { cookie: sessions.owner.cookie },
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect({ route: `${route.method} ${route.url()}`, status: response.statusCode }).toEqual({ route: `${route.method} ${route.url()}`, status: 403 });
    }
    const order = await call({ method: "GET", url: () => `/admin/api/orders/${orderId}` }, sessions.owner);
    expect(order.json().data.status).toBe("await_payment");
    expect((await call(routes[0]!, sessions.owner)).statusCode).toBe(200);
  });

  it("answers unknown /admin/api paths with a JSON 404", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/admin/api/nothing-here", headers: sessions.owner.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toEqual(["指定されたリソースは存在しません。"]);
  });
});
