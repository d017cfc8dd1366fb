import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { createStaff, staffSession } from "../testing/staff-fixtures.ts";
import { B2_BILLING, changeShopProfile } from "../testing/shop-profile-changes.ts";

// The operations routes (CSV exports, inquiries, members, settings, staff accounts) for every kind
// of visitor: 401 without a staff session (a shopper's too), 403 for staff on the owner's routes,
// 403 without the CSRF token.

let shop: TestApp;
const sessions: Record<"anonymous" | "shopper" | "staff" | "owner", BrowserSession> = {} as never;
let inquiryId: number;
let memberId: number;
let settings: Record<string, unknown>;
let removable: () => Promise<number>;

type Route = { method: "GET" | "POST" | "DELETE"; url: () => string | Promise<string>; payload?: () => object; ownerOnly?: boolean; ok: number };

const routes: Route[] = [
  { method: "GET", url: () => "/admin/api/orders/export.csv", ok: 200 },
  { method: "GET", url: () => "/admin/api/orders/b2-cloud.csv?status=await_payment", ok: 200 },
  { method: "GET", url: () => "/admin/api/inquiries?state=unhandled", ok: 200 },
  { method: "GET", url: () => `/admin/api/inquiries/${inquiryId}`, ok: 200 },
  { method: "POST", url: () => `/admin/api/inquiries/${inquiryId}/handled`, payload: () => ({ handled: true }), ok: 200 },
  { method: "POST", url: () => `/admin/api/inquiries/${inquiryId}/replies`, payload: () => ({ message: "ありがとうございます。" }), ok: 200 },
  { method: "GET", url: () => "/admin/api/members?q=member", ok: 200 },
  { method: "GET", url: () => `/admin/api/members/${memberId}`, ok: 200 },
  { method: "POST", url: () => `/admin/api/members/${memberId}/lock`, ok: 200 },
  { method: "POST", url: () => `/admin/api/members/${memberId}/unlock`, ok: 200 },
  // Confirmed already: the route answers, and says there is nothing to send.
  { method: "POST", url: () => `/admin/api/members/${memberId}/confirmation`, ok: 409 },
  { method: "GET", url: () => "/admin/api/settings", ownerOnly: true, ok: 200 },
  { method: "POST", url: () => "/admin/api/settings", payload: () => settings, ownerOnly: true, ok: 200 },
  {
    method: "POST",
    url: () => "/admin/api/staff",
    payload: () => ({ email: `new-${crypto.randomUUID().slice(0, 8)}@kura.example`, role: "staff" }),
    ownerOnly: true,
    ok: 201,
  },
  { method: "DELETE", url: async () => `/admin/api/staff/${await removable()}`, ownerOnly: true, ok: 204 },
];

/** The route called once; `name` says which in a failure. */
async function call(route: Route, headers: Record<string, string>) {
  const payload = route.payload?.();
  const url = await route.url();
  const response = await shop.app.inject({ method: route.method, url, headers, ...(payload ? { payload } : {}) });
  return Object.assign(response, { name: `${route.method} ${url}` });
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  // The B2 export refuses until the shop's Yamato billing codes are set.
  await changeShopProfile(shop, () => ({ yamatoB2: B2_BILLING }));
  const anonymous = shop.browserSession();
  sessions.anonymous = { cookie: "", headers: { "x-csrf-token": anonymous.headers["x-csrf-token"]! } };
  const shopper = await shop.memberSession();
  sessions.shopper = shopper;
  memberId = shopper.user.id as number;
  sessions.staff = await staffSession(shop, "staff");
  sessions.owner = await staffSession(shop, "owner");
  const wine = await new CatalogFactory(shop.database.db).product({ stock: 5 });
  await insertOrder(shop, { productId: wine, status: "await_payment", method: "cod" });
  const inquiry = await shop.app.services.inquiries.submit(
    { name: "田中 一郎", email: "ichiro@example.com", subject: "在庫について", message: "入荷予定を教えてください。" },
    { locale: "ja", userId: null },
  );
  inquiryId = inquiry.id;
  settings = (await call({ method: "GET", url: () => "/admin/api/settings", ok: 200 }, sessions.owner.headers)).json().data;
  removable = async () => (await createStaff(shop)).staff.id;
});

afterAll(async () => {
  await shop.close();
});

describe("/admin/api operations authorization", () => {
  for (const visitor of ["anonymous", "shopper"] as const) {
    it(`answers 401 to ${visitor === "anonymous" ? "a request without a session" : "a signed-in shopper"} on every route`, async () => {
      for (const route of routes) {
        const response = await call(route, sessions[visitor].headers);
        const expected = visitor === "anonymous" && route.method !== "GET" ? 403 : 401;
        expect({ route: response.name, status: response.statusCode }).toEqual({ route: response.name, status: expected });
      }
    });
  }

  for (const role of ["staff", "owner"] as const) {
    it(`lets ${role} use every route${role === "staff" ? " but the owner's (403)" : ""}`, async () => {
      for (const route of routes) {
        const response = await call(route, sessions[role].headers);
        const expected = route.ownerOnly && role === "staff" ? 403 : route.ok;
        expect({ route: response.name, status: response.statusCode }).toEqual({ route: response.name, status: expected });
      }
    });
  }

  it("refuses every state change without the CSRF token, even to the owner", async () => {
    for (const route of routes.filter((each) => each.method !== "GET")) {
      const response = await call(route, { cookie: sessions.owner.cookie });
      expect({ route: response.name, status: response.statusCode }).toEqual({ route: response.name, status: 403 });
    }
  });
});
