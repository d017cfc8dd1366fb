import { sql } from "drizzle-orm";
import type * as FastifyModule from "fastify";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { message } from "../i18n/messages.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import { createStaff, staffSession } from "../testing/staff-fixtures.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { PAYMENT_WEBHOOK_PATH } from "../payments/payments.routes.ts";

// Every route the app registers, for every kind of visitor. The routes are collected from Fastify
// itself (an onRoute hook added as the instance is created), so a new route that is missing from
// RULES below fails the suite until someone decides who may call it.
//
// Visitors: anonymous (no cookie at all; on writes it sends a token of some other session, as a
// cross-site form would), guest (a session without sign-in), memberA and memberB (signed-in
// shoppers), staff and owner (back-office sessions).

const routeLog: RouteOptions[] = vi.hoisted(() => []);

vi.mock("fastify", async (importOriginal) => {
  const { fastifyWatching } = await import("../testing/fastify-spies.ts");
  return fastifyWatching(await importOriginal<typeof FastifyModule>(), (app) => {
    app.addHook("onRoute", (route) => {
      routeLog.push(route);
    });
  });
});

const VISITORS = ["anonymous", "guest", "memberA", "memberB", "staff", "owner"] as const;
type Visitor = (typeof VISITORS)[number];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** public: anyone; member: a signed-in shopper; staff: staff or owner; owner: the owner only; signature: no session, signed by the caller. */
type Access = "public" | "member" | "staff" | "owner" | "signature";

const ALLOWED: Record<Access, readonly Visitor[]> = {
  public: VISITORS,
  member: ["memberA", "memberB"],
  staff: ["staff", "owner"],
  owner: ["owner"],
  signature: VISITORS,
};

interface Rule {
  access: Access;
  /** The path to call (for /api routes: the /api form; the /ja/api and /en/api copies get their prefix); a function makes a fresh resource per call. */
  path?: string | (() => Promise<string>);
  /** The answers an allowed visitor may get (the route ran: a success or its own validation answer); per visitor where they differ. */
  ok: number | number[] | Partial<Record<Visitor | "default", number | number[]>>;
  payload?: object | Buffer;
  contentType?: string;
  /** The call ends the session it is made with: signed-in visitors make it with a new session of their kind. */
  endsSession?: boolean;
  /** The answer is a guest's own state (kept under the browser session), so it is private for guests too. */
  guestState?: boolean;
}

interface Fixtures {
  product: number;
  exhibit: number;
  image: number;
  order: string;
  inquiry: number;
  member: number;
  mail: number;
  make: CatalogFactory;
}

let shop: TestApp;
let stripeShop: TestApp;
let routes: RouteOptions[];
let stripeRoutes: RouteOptions[];
let fixtures: Fixtures;
const sessions = {} as Record<Visitor, BrowserSession>;

/** The table every registered route must be in: "METHOD /path" with /ja/api and /en/api written as /api. */
function rules(f: Fixtures): Record<string, Rule> {
  const fresh = { series: 0, liquorType: 0 };
  return {
    // --- pages and files outside the APIs ---
    "GET /healthz": { access: "public", ok: 200 },
    "GET /locale/:locale": { access: "public", path: "/locale/en?to=%2F", ok: 303 },
    "GET /favicon.ico": { access: "public", ok: 301 },
    "GET /robots.txt": { access: "public", ok: 200 },
    "GET /sitemap.xml": { access: "public", ok: 200 },
    "GET /images/:imageId/:file": { access: "public", path: `/images/${f.image}/240w.jpg`, ok: 200 },
    // The built-in mailbox exists only without SMTP, for anyone on the development server; a production build has it only with DEV_MAILBOX=1, for staff (mail tests).
    "GET /dev/mailbox": { access: "public", ok: 200 },
    "GET /dev/mailbox/:id": { access: "public", path: `/dev/mailbox/${f.mail}`, ok: 200 },

    // --- catalogue and reference data ---
    "GET /api/root": { access: "public", ok: 200 },
    "GET /api/products": { access: "public", ok: 200 },
    "GET /api/products/:id": { access: "public", path: `/api/products/${f.product}`, ok: 200 },
    "GET /api/exhibit_products": { access: "public", ok: 200 },
    "GET /api/exhibit_products/:id": { access: "public", path: `/api/exhibit_products/${f.exhibit}`, ok: 200 },
    "GET /api/countries": { access: "public", ok: 200 },
    "GET /api/postcodes/:zip3": { access: "public", path: "/api/postcodes/111", ok: 200 },
    "GET /api/shipping": { access: "public", ok: [200, 422] },
    "GET /api/taxrate": { access: "public", ok: 200 },
    "GET /api/timezones": { access: "public", ok: 200 },
    "GET /api/banks": { access: "public", ok: 200 },
    "POST /api/fee": { access: "public", ok: [200, 422] },

    // --- the session's cart and the checkout (guests and members alike) ---
    "GET /api/carts": { access: "public", ok: 200, guestState: true },
    "PUT /api/carts": { access: "public", ok: 422, guestState: true },
    "POST /api/checkout": { access: "public", ok: [400, 422], guestState: true },
    // The checkout's coupon field (decision 086): no code is named in a 422.
    "POST /api/coupons/preview": { access: "public", ok: 422 },
    // A member's points: balance, expiry and history (decision 089).
    "GET /api/points": { access: "member", ok: 200 },
    "GET /api/products/:id/points": { access: "public", path: `/api/products/${f.product}/points`, ok: 200 },
    "POST /api/checkout/return": { access: "public", ok: [400, 404, 422], guestState: true },
    // Several destinations (decision 087): the list's template, and the list read and checked (writes nothing).
    "GET /api/checkout/destinations-template.csv": { access: "public", ok: 200 },
    "POST /api/checkout/destinations": { access: "public", ok: 422 },
    "POST /api/inquiries": { access: "public", ok: 422 },

    // --- accounts ---
    "GET /api/users": { access: "member", ok: 200 },
    "PUT /api/users": { access: "member", ok: [200, 422] },
    "DELETE /api/users": { access: "member", ok: [400, 422] },
    "POST /api/users/sign_in": { access: "public", ok: { default: [400, 401, 422], memberA: 409, memberB: 409 } },
    "DELETE /api/users/sign_out": { access: "public", ok: 200, endsSession: true },
    "POST /api/users": { access: "public", ok: 422 },
    "POST /api/users/password": { access: "public", ok: [200, 422] },
    "PUT /api/users/password": { access: "public", ok: [400, 422] },
    "POST /api/users/confirmation": { access: "public", ok: [200, 422] },
    "POST /api/users/unlock": { access: "public", ok: [200, 422] },
    "GET /api/users/confirmation": { access: "public", ok: 303 },
    "GET /api/users/unlock": { access: "public", ok: 303 },
    "GET /api/address": { access: "member", ok: [200, 404] },
    "PUT /api/address": { access: "member", ok: 422 },
    "GET /api/address-book": { access: "member", ok: 200 },
    "POST /api/address-book": { access: "member", ok: 422 },
    "PUT /api/address-book/:id": { access: "member", path: "/api/address-book/1", ok: [404, 422] },
    "DELETE /api/address-book/:id": { access: "member", path: "/api/address-book/1", ok: 404 },
    "GET /api/orders": { access: "member", ok: 200 },

    // --- mail magazine ---
    "POST /api/magazine/subscriptions": { access: "public", ok: [202, 422] },
    "GET /api/magazine/confirm": { access: "public", ok: 302 },
    "GET /api/magazine/unsubscribe": { access: "public", ok: 302 },
    "POST /api/magazine/unsubscribe": { access: "public", ok: [400, 422] },
    "GET /api/magazine/subscription": { access: "member", ok: 200 },
    "GET /api/lotteries/products/:id": { access: "public", path: "/api/lotteries/products/999999", ok: 200 },
    "POST /api/lotteries/:id/entries": { access: "member", path: "/api/lotteries/999999/entries", ok: 404 },
    "GET /api/lottery-entries": { access: "member", ok: 200 },
    "GET /api/lottery-entries/:id": { access: "member", path: "/api/lottery-entries/999999", ok: 404 },
    "POST /api/lottery-entries/:id/cart": { access: "member", path: "/api/lottery-entries/999999/cart", ok: 404 },
    "PUT /api/magazine/subscription": { access: "member", ok: [400, 422] },
    // --- 再入荷のお知らせ and お気に入り (decision 083) ---
    "POST /api/products/:id/restock-requests": {
      access: "public",
      path: `/api/products/${f.product}/restock-requests`,
      ok: 422,
      payload: { email: "someone@example.com" },
    },
    "GET /api/restock-requests/confirm": { access: "public", path: "/api/restock-requests/confirm?token=unknown", ok: 302 },
    "POST /api/restock-requests/cancel": { access: "public", ok: 422 },
    "GET /api/mypage/restock-requests": { access: "member", ok: 200 },
    "DELETE /api/restock-requests/:id": { access: "member", path: "/api/restock-requests/1", ok: 404 },
    "GET /api/favorites": { access: "member", ok: 200 },
    // Member ranks (decision 090): the member's own rank.
    "GET /api/rank": { access: "member", ok: 200 },
    "GET /api/favorites/ids": { access: "member", ok: 200 },
    "PUT /api/favorites/:id": { access: "member", path: `/api/favorites/${f.product}`, ok: 200 },
    "DELETE /api/favorites/:id": { access: "member", path: `/api/favorites/${f.product}`, ok: 200 },

    // --- payments: the saved card and the test gateway's browser side (client secrets are the key) ---
    "GET /api/cards": { access: "member", ok: 200 },
    "GET /api/cards/edit": { access: "member", ok: 200 },
    "PUT /api/cards": { access: "member", ok: 422 },
    "DELETE /api/cards": { access: "member", ok: 200 },
    "POST /test-gateway/payment_methods": { access: "public", ok: 400 },
    "GET /test-gateway/intent": { access: "public", ok: 400 },
    "POST /test-gateway/setup_intents/confirm": { access: "public", ok: 400 },
    "GET /test-gateway/3ds/:id": { access: "public", path: "/test-gateway/3ds/pi_unknown", ok: 404 },
    "POST /test-gateway/3ds/:id": { access: "public", path: "/test-gateway/3ds/pi_unknown", ok: 400 },
    // The voucher and approval pages answer only with the intent's own token or client secret.
    "GET /test-gateway/konbini/:id": { access: "public", path: "/test-gateway/konbini/pi_unknown", ok: 404 },
    "POST /test-gateway/konbini/:id": { access: "public", path: "/test-gateway/konbini/pi_unknown", ok: 400 },
    "GET /test-gateway/paypay/:id": { access: "public", path: "/test-gateway/paypay/pi_unknown", ok: 404 },
    "POST /test-gateway/paypay/:id": { access: "public", path: "/test-gateway/paypay/pi_unknown", ok: 400 },
    // Stripe mode only: no session, no CSRF token; the Stripe-Signature header is checked instead.
    [`POST ${PAYMENT_WEBHOOK_PATH}`]: { access: "signature", ok: 400 },

    // --- unknown API paths ---
    "GET /api/*": { access: "public", path: "/api/no-such-route", ok: 404 },
    "POST /api/*": { access: "public", path: "/api/no-such-route", ok: 404 },
    "PUT /api/*": { access: "public", path: "/api/no-such-route", ok: 404 },
    "PATCH /api/*": { access: "public", path: "/api/no-such-route", ok: 404 },
    "DELETE /api/*": { access: "public", path: "/api/no-such-route", ok: 404 },
    "GET /admin/api/*": { access: "public", path: "/admin/api/no-such-route", ok: 404 },
    "POST /admin/api/*": { access: "public", path: "/admin/api/no-such-route", ok: 404 },
    "PUT /admin/api/*": { access: "public", path: "/admin/api/no-such-route", ok: 404 },
    "PATCH /admin/api/*": { access: "public", path: "/admin/api/no-such-route", ok: 404 },
    "DELETE /admin/api/*": { access: "public", path: "/admin/api/no-such-route", ok: 404 },

    // --- back office ---
    "POST /admin/api/session": { access: "public", ok: [400, 401, 422] },
    "POST /admin/api/unlock": { access: "public", ok: 200 },
    "GET /admin/api/unlock": { access: "public", ok: 303 },
    "GET /admin/api/session": { access: "staff", ok: 200 },
    "DELETE /admin/api/session": { access: "staff", ok: 204, endsSession: true },
    // The second step answers 401 to everyone without the pending note of a right password (decision 063).
    "POST /admin/api/session/code": { access: "public", ok: 401 },
    "GET /admin/api/two-factor": { access: "staff", ok: 200 },
    "POST /admin/api/two-factor/setup": { access: "staff", ok: 200 },
    "POST /admin/api/two-factor/confirm": { access: "staff", ok: 422 },
    "GET /admin/api/dashboard": { access: "staff", ok: 200 },
    "GET /admin/api/dashboard/charts": { access: "staff", ok: 200 },
    "GET /admin/api/orders": { access: "staff", ok: 200 },
    "GET /admin/api/orders/:id": { access: "staff", path: `/admin/api/orders/${f.order}`, ok: 200 },
    "POST /admin/api/orders": { access: "staff", ok: 422 },
    "POST /admin/api/orders/:id/deposit": { access: "staff", path: `/admin/api/orders/${f.order}/deposit`, ok: [200, 409] },
    "POST /admin/api/orders/:id/deferred-paid": { access: "staff", path: `/admin/api/orders/${f.order}/deferred-paid`, ok: 409 },
    // A card payment link (decision 082): staff mail it (the fixture is no card order awaiting payment: 409);
    // the customer's page API needs only the signed token (a bad one: 404).
    "POST /admin/api/orders/:id/payment-link": { access: "staff", path: `/admin/api/orders/${f.order}/payment-link`, ok: 409 },
    "GET /api/pay/:token": { access: "public", path: "/api/pay/not-a-token", ok: 404 },
    // Without an Idempotency-Key (400) or with one (a bad token: 404).
    "POST /api/pay/:token": { access: "public", path: "/api/pay/not-a-token", payload: { payment_method_id: "pm_x" }, ok: [400, 404] },
    "POST /admin/api/orders/:id/ship": { access: "staff", path: `/admin/api/orders/${f.order}/ship`, ok: 422 },
    // One parcel's ship with no body: the slip number is named in a 422 (decision 091).
    "POST /admin/api/orders/:id/shipments/:number/ship": { access: "staff", path: `/admin/api/orders/${f.order}/shipments/1/ship`, ok: 422 },
    "POST /admin/api/orders/:id/shipments/:number/slip": { access: "staff", path: `/admin/api/orders/${f.order}/shipments/1/slip`, ok: 422 },
    // A slip correction with no body: the slip number is named in a 422.
    "POST /admin/api/orders/:id/slip": { access: "staff", path: `/admin/api/orders/${f.order}/slip`, ok: 422 },
    "POST /admin/api/orders/:id/cancel": { access: "staff", path: `/admin/api/orders/${f.order}/cancel`, ok: [200, 409] },
    // A discount line with no body: the fields are named in a 422.
    "POST /admin/api/orders/:id/adjustments": { access: "staff", path: `/admin/api/orders/${f.order}/adjustments`, ok: 422 },
    // A partial cancellation with no body: the line and the quantity are named in a 422 (decision 078).
    "POST /admin/api/orders/:id/lines": { access: "staff", path: `/admin/api/orders/${f.order}/lines`, ok: 422 },
    // Changes before shipping (decision 074): no wish named clears the wish (200), or is "nothing changed" (422), or a shipped order's 409; no recipient is a 422.
    "GET /admin/api/orders/:id/delivery": { access: "staff", path: `/admin/api/orders/${f.order}/delivery`, ok: 200 },
    "POST /admin/api/orders/:id/delivery": { access: "staff", path: `/admin/api/orders/${f.order}/delivery`, ok: [200, 409, 422] },
    "POST /admin/api/orders/:id/recipient": { access: "staff", path: `/admin/api/orders/${f.order}/recipient`, ok: 422 },
    // No gift options named is "no gift": the same as the order's (422), a change (200), or a shipped order's 409.
    "GET /admin/api/orders/:id/gift": { access: "staff", path: `/admin/api/orders/${f.order}/gift`, ok: 200 },
    "POST /admin/api/orders/:id/gift": { access: "staff", path: `/admin/api/orders/${f.order}/gift`, ok: [200, 409, 422] },
    // A member's own order only: another's is a 404 (order-changes.test.ts). The write requires a request key: without one a 400.
    "GET /api/orders/:id/delivery": { access: "member", path: `/api/orders/${f.order}/delivery`, ok: [200, 404] },
    "POST /api/orders/:id/delivery": { access: "member", path: `/api/orders/${f.order}/delivery`, ok: [400, 404, 409, 422] },
    "GET /api/orders/:id/recipient": { access: "member", path: `/api/orders/${f.order}/recipient`, ok: [200, 404] },
    "POST /api/orders/:id/recipient": { access: "member", path: `/api/orders/${f.order}/recipient`, ok: [400, 404, 409, 422] },
    "GET /api/orders/:id/gift": { access: "member", path: `/api/orders/${f.order}/gift`, ok: [200, 404] },
    "POST /api/orders/:id/gift": { access: "member", path: `/api/orders/${f.order}/gift`, ok: [400, 404, 409, 422] },
    // The carrier's issued-data upload (decision 067): no file / no rows is a 422 for staff.
    "POST /admin/api/shipments/issued-data/preview": { access: "staff", ok: 422 },
    "POST /admin/api/shipments/issued-data": { access: "staff", ok: 422 },
    // Bulk moves and jobs (decision 069): no move named is a 422; an unknown job a 404, for staff.
    "POST /admin/api/orders/bulk": { access: "staff", ok: 422 },
    "GET /admin/api/jobs/:id": { access: "staff", path: "/admin/api/jobs/999999", ok: 404 },
    // Documents (decision 037): the delivery note and the day's notes for staff; a receipt is issued by
    // staff for any order, by a member for their own (another's is a 404), by a guest's signed link.
    "GET /admin/api/orders/:id/delivery-note": { access: "staff", path: `/admin/api/orders/${f.order}/delivery-note`, ok: 200 },
    "GET /admin/api/delivery-notes": { access: "staff", ok: [200, 404] },
    "GET /admin/api/orders/:id/receipt": { access: "staff", path: `/admin/api/orders/${f.order}/receipt`, ok: 200 },
    "POST /admin/api/orders/:id/receipt": { access: "staff", path: `/admin/api/orders/${f.order}/receipt`, ok: [200, 409, 422] },
    "GET /api/orders/:id/receipt": { access: "member", path: `/api/orders/${f.order}/receipt`, ok: [200, 404] },
    "POST /api/orders/:id/receipt": { access: "member", path: `/api/orders/${f.order}/receipt`, ok: [404, 409, 422] },
    "GET /api/receipt": { access: "public", ok: 404 },
    // Returns after shipping (decision 079): staff record and list them; the return invoice for staff,
    // the order's member (another's is a 404) and a guest's signed link (no link: 404).
    "POST /admin/api/orders/:id/returns": { access: "staff", path: `/admin/api/orders/${f.order}/returns`, ok: 422 },
    "GET /admin/api/orders/:id/returns": { access: "staff", path: `/admin/api/orders/${f.order}/returns`, ok: 200 },
    "POST /admin/api/orders/:id/returns/:number/refunded": { access: "staff", path: `/admin/api/orders/${f.order}/returns/1/refunded`, ok: 404 },
    "GET /admin/api/orders/:id/returns/:number/invoice": { access: "staff", path: `/admin/api/orders/${f.order}/returns/1/invoice`, ok: 404 },
    "GET /api/orders/:id/returns/:number/invoice": { access: "member", path: `/api/orders/${f.order}/returns/1/invoice`, ok: 404 },
    "GET /api/returns/invoice": { access: "public", ok: 404 },
    "POST /api/receipt": { access: "public", ok: [404, 422] },
    "GET /admin/api/orders/export.csv": { access: "staff", ok: 200 },
    // 422 until the settings hold B2's billing codes.
    "GET /admin/api/orders/b2-cloud.csv": { access: "staff", path: "/admin/api/orders/b2-cloud.csv?status=await_payment", ok: [200, 422] },
    "GET /admin/api/orders/b2-cloud-check": { access: "staff", ok: 200 },
    "POST /admin/api/direct_uploads": { access: "staff", ok: 422 },
    "PUT /admin/api/direct_uploads/:key": {
      access: "staff",
      path: "/admin/api/direct_uploads/abcdefghijklmnopqrstuvwxyz012345",
      payload: Buffer.from("png"),
      contentType: "image/png",
      ok: 404,
    },
    "GET /admin/api/products": { access: "staff", ok: 200 },
    "GET /admin/api/products/:id": { access: "staff", path: `/admin/api/products/${f.product}`, ok: 200 },
    "POST /admin/api/products": { access: "staff", ok: 422 },
    "PATCH /admin/api/products/:id": { access: "staff", path: `/admin/api/products/${f.product}`, ok: [200, 422] },
    "POST /admin/api/products/:id/restock": { access: "staff", path: `/admin/api/products/${f.product}/restock`, ok: 422 },
    "POST /admin/api/products/:id/images": { access: "staff", path: `/admin/api/products/${f.product}/images`, ok: 422 },
    // An empty list takes every picture off (the images themselves stay stored).
    "PUT /admin/api/products/:id/images": { access: "staff", path: `/admin/api/products/${f.product}/images`, ok: [200, 422] },
    "GET /admin/api/exhibits": { access: "staff", ok: 200 },
    "GET /admin/api/exhibits/:id": { access: "staff", path: `/admin/api/exhibits/${f.exhibit}`, ok: 200 },
    "POST /admin/api/exhibits": { access: "staff", ok: 422 },
    "PATCH /admin/api/exhibits/:id": { access: "staff", path: `/admin/api/exhibits/${f.exhibit}`, ok: [200, 422] },
    "DELETE /admin/api/exhibits/:id": { access: "staff", path: async () => `/admin/api/exhibits/${await f.make.exhibit()}`, ok: 204 },
    "POST /admin/api/exhibits/:id/images": { access: "staff", path: `/admin/api/exhibits/${f.exhibit}/images`, ok: 422 },
    "PUT /admin/api/exhibits/:id/images": { access: "staff", path: `/admin/api/exhibits/${f.exhibit}/images`, ok: [200, 422] },
    "GET /admin/api/series": { access: "staff", ok: 200 },
    "POST /admin/api/series": { access: "staff", ok: 422 },
    "PATCH /admin/api/series/:id": {
      access: "staff",
      path: async () => `/admin/api/series/${await f.make.series({ ja: `系${++fresh.series}`, en: `s${fresh.series}` })}`,
      ok: [200, 422],
    },
    "DELETE /admin/api/series/:id": {
      access: "staff",
      path: async () => `/admin/api/series/${await f.make.series({ ja: `系${++fresh.series}`, en: `s${fresh.series}` })}`,
      ok: 204,
    },
    "GET /admin/api/liquor_types": { access: "staff", ok: 200 },
    "POST /admin/api/liquor_types": { access: "staff", ok: 422 },
    "PATCH /admin/api/liquor_types/:key": {
      access: "staff",
      path: async () => `/admin/api/liquor_types/${await f.make.liquorType(`kind${++fresh.liquorType}`)}`,
      ok: [200, 422],
    },
    "DELETE /admin/api/liquor_types/:key": {
      access: "staff",
      path: async () => `/admin/api/liquor_types/${await f.make.liquorType(`kind${++fresh.liquorType}`)}`,
      ok: 204,
    },
    "GET /admin/api/reports/liquor-sales": { access: "staff", ok: [200, 422] },
    "GET /admin/api/products/:id/stock-moves": { access: "staff", path: `/admin/api/products/${f.product}/stock-moves`, ok: 200 },
    "POST /admin/api/products/:id/receivings": { access: "staff", path: `/admin/api/products/${f.product}/receivings`, ok: 422 },
    "POST /admin/api/products/:id/adjustments": { access: "staff", path: `/admin/api/products/${f.product}/adjustments`, ok: 422 },
    "GET /admin/api/ledger/purchases": { access: "staff", ok: 200 },
    "GET /admin/api/ledger/sales": { access: "staff", ok: 200 },
    "GET /admin/api/ledger/year": { access: "staff", ok: 200 },
    "GET /admin/api/suppliers": { access: "staff", ok: 200 },
    "POST /admin/api/suppliers": { access: "staff", ok: 422 },
    "PATCH /admin/api/suppliers/:id": { access: "staff", path: "/admin/api/suppliers/999999", ok: 422 },
    "DELETE /admin/api/suppliers/:id": { access: "staff", path: "/admin/api/suppliers/999999", ok: 404 },
    "GET /admin/api/ledger/stock-takes": { access: "staff", ok: 200 },
    "POST /admin/api/ledger/stock-takes": { access: "staff", ok: 422 },
    "DELETE /admin/api/ledger/stock-takes/:id": { access: "staff", path: "/admin/api/ledger/stock-takes/999999", ok: 404 },
    "DELETE /admin/api/ledger/moves/:id": { access: "staff", path: "/admin/api/ledger/moves/1", ok: 409 },
    // --- 抽選販売 (decision 084) ---
    "GET /admin/api/lotteries": { access: "staff", ok: 200 },
    "POST /admin/api/lotteries": { access: "staff", ok: 422 },
    "GET /admin/api/lotteries/:id": { access: "staff", path: "/admin/api/lotteries/999999", ok: 404 },
    "POST /admin/api/lotteries/:id/draw": { access: "staff", path: "/admin/api/lotteries/999999/draw", ok: 404 },
    "POST /admin/api/lotteries/sweep": { access: "staff", ok: 200 },
    "GET /admin/api/magazine/subscribers": { access: "staff", ok: 200 },
    // Coupons (decision 086): the list and its usage CSV; a coupon with no body names its fields (422), an unknown one too.
    "GET /admin/api/coupons": { access: "staff", ok: 200 },
    "GET /admin/api/coupons/uses.csv": { access: "staff", ok: 200 },
    "GET /admin/api/coupons.csv": { access: "staff", ok: 200 },
    // Member ranks (decision 090): the trader's ranks; saved with no body names the first row's fields (422).
    "GET /admin/api/ranks": { access: "staff", ok: 200 },
    "PUT /admin/api/ranks": { access: "staff", ok: [200, 422] },
    "POST /admin/api/coupons": { access: "staff", ok: 422 },
    "PATCH /admin/api/coupons/:id": { access: "staff", path: "/admin/api/coupons/999999", ok: [404, 422] },
    "GET /admin/api/coupons/birthday": { access: "staff", ok: 200 },
    "PUT /admin/api/coupons/birthday": { access: "staff", ok: [200, 422] },
    // Points (decision 089): the rule is the owner's; staff read balances and grant or remove with a reason.
    "GET /admin/api/points/settings": { access: "staff", ok: 200 },
    "PUT /admin/api/points/settings": { access: "owner", ok: [200, 422] },
    "GET /admin/api/points/liability": { access: "staff", ok: 200 },
    "GET /admin/api/points/balances.csv": { access: "staff", ok: 200 },
    "GET /admin/api/members/:id/points": { access: "staff", path: `/admin/api/members/${f.member}/points`, ok: 200 },
    "POST /admin/api/members/:id/points": { access: "staff", path: `/admin/api/members/${f.member}/points`, ok: 422 },
    "POST /admin/api/magazine/issues": { access: "staff", ok: 422 },
    "GET /admin/api/restock-requests/counts": { access: "staff", ok: 200 },
    "GET /admin/api/inquiries": { access: "staff", ok: 200 },
    "GET /admin/api/inquiries/:id": { access: "staff", path: `/admin/api/inquiries/${f.inquiry}`, ok: 200 },
    "POST /admin/api/inquiries/:id/handled": { access: "staff", path: `/admin/api/inquiries/${f.inquiry}/handled`, ok: [200, 422] },
    "POST /admin/api/inquiries/:id/replies": { access: "staff", path: `/admin/api/inquiries/${f.inquiry}/replies`, ok: 422 },
    "GET /admin/api/members": { access: "staff", ok: 200 },
    "GET /admin/api/members/:id": { access: "staff", path: `/admin/api/members/${f.member}`, ok: 200 },
    "GET /admin/api/members/lookup": { access: "staff", path: "/admin/api/members/lookup?email=nobody%40example.com", ok: 404 },
    "POST /admin/api/members/:id/lock": { access: "staff", path: `/admin/api/members/${f.member}/lock`, ok: 200 },
    "POST /admin/api/members/:id/unlock": { access: "staff", path: `/admin/api/members/${f.member}/unlock`, ok: 200 },
    "POST /admin/api/members/:id/confirmation": { access: "staff", path: `/admin/api/members/${f.member}/confirmation`, ok: 409 },
    "GET /admin/api/staff": { access: "owner", ok: 200 },
    "GET /admin/api/audit_log": { access: "owner", ok: 200 },
    "GET /admin/api/transaction-records": { access: "staff", ok: 200 },
    "GET /admin/api/transaction-records/export": { access: "staff", ok: 200 },
    "GET /admin/api/transaction-records/:id/file": { access: "staff", path: "/admin/api/transaction-records/999999/file", ok: 404 },
    "POST /admin/api/staff": { access: "owner", ok: 422 },
    "DELETE /admin/api/staff/:id": { access: "owner", path: async () => `/admin/api/staff/${(await createStaff(shop)).staff.id}`, ok: 204 },
    "POST /admin/api/staff/:id/two-factor/reset": {
      access: "owner",
      path: async () => `/admin/api/staff/${(await createStaff(shop)).staff.id}/two-factor/reset`,
      ok: 204,
    },
    "GET /admin/api/security": { access: "owner", ok: 200 },
    "PUT /admin/api/security": { access: "owner", ok: 200, payload: {} },
    "GET /admin/api/settings": { access: "owner", ok: 200 },
    "POST /admin/api/settings": { access: "owner", ok: 422 },
  };
}

const LOCALE_PREFIX = /^\/(ja|en)\/api(?=\/|$)/;

/** "METHOD /path" of each registered method of a route (HEAD is Fastify's automatic twin of GET). */
function keysOf(route: RouteOptions): { key: string; method: Method; url: string }[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((each): each is Method => METHODS.includes(each as Method));
  return methods.map((method) => ({ key: `${method} ${route.url.replace(LOCALE_PREFIX, "/api")}`, method, url: route.url }));
}

/** The concrete URL for one registered route: the rule's /api path moved under the route's locale prefix. */
async function concreteUrl(rule: Rule, registered: string): Promise<string> {
  const path = typeof rule.path === "function" ? await rule.path() : (rule.path ?? registered);
  const prefix = LOCALE_PREFIX.exec(registered)?.[0];
  return prefix ? path.replace(/^\/api/, prefix) : path;
}

/**
 * The parts the matrix is asked in, one test each: every registered route is in exactly one
 * (partOf answers one for any route), and the classification test above covers them all.
 */
// The back office's writes come last: they take pictures off products and unpublish them, and a picture
// is public only while a published product shows it (decision 050), so /images is asked before.
const PARTS = ["/api", "/ja/api", "/en/api", "/admin/api reads", "pages, files, test gateway and mailbox", "/admin/api writes"] as const;
type Part = (typeof PARTS)[number];

function partOf(method: Method, url: string): Part {
  const prefix = /^\/(?:ja\/|en\/|admin\/)?api(?=\/|$)/.exec(url)?.[0];
  if (prefix === "/admin/api") return method === "GET" ? "/admin/api reads" : "/admin/api writes";
  if (prefix === "/api" || prefix === "/ja/api" || prefix === "/en/api") return prefix;
  return "pages, files, test gateway and mailbox";
}

const SIGNED_IN: readonly Visitor[] = ["memberA", "memberB", "staff", "owner"];

/**
 * Whether this answer depends on the session: everything a signed-in visitor gets, and a guest's
 * own state when the route answered it (a refused or invalid call answers nothing of theirs). Such
 * an answer must say `private, no-store`, unless the route declared it the same for everyone
 * (`public`).
 */
function dependsOnSession(rule: Rule, visitor: Visitor, status: number): boolean {
  if (SIGNED_IN.includes(visitor)) return true;
  return Boolean(rule.guestState) && status < 400;
}

function cachingProblem(rule: Rule, visitor: Visitor, response: { statusCode: number; headers: Record<string, unknown> }): string | undefined {
  if (!dependsOnSession(rule, visitor, response.statusCode)) return undefined;
  const header = response.headers["cache-control"];
  if (header === "private, no-store" || (typeof header === "string" && /^public\b/.test(header))) return undefined;
  return `cache-control ${JSON.stringify(header)}`;
}

function expected(rule: Rule, visitor: Visitor, method: Method): number[] {
  const allowed = ALLOWED[rule.access].includes(visitor);
  // Without a session of its own, a write fails the CSRF check (403), or the route's own sign-in check first (401).
  if (visitor === "anonymous" && method !== "GET" && rule.access !== "signature") return allowed ? [403] : [401, 403];
  if (!allowed) return rule.access === "owner" && visitor === "staff" ? [403] : [401];
  const ok = typeof rule.ok === "object" && !Array.isArray(rule.ok) ? (rule.ok[visitor] ?? rule.ok.default!) : rule.ok;
  return Array.isArray(ok) ? ok : [ok];
}

async function sessionOf(visitor: Visitor, rule: Rule): Promise<BrowserSession> {
  if (!rule.endsSession) return sessions[visitor];
  if (visitor === "memberA" || visitor === "memberB") return shop.memberSession();
  if (visitor === "staff" || visitor === "owner") return staffSession(shop, visitor);
  return sessions[visitor];
}

async function call(app: TestApp, rule: Rule, method: Method, url: string, session: BrowserSession, headers: Record<string, string> = session.headers) {
  const body = method === "GET" || method === "DELETE" ? undefined : (rule.payload ?? {});
  return app.app.inject({
    method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": rule.contentType ?? "application/json" }) },
    ...(body === undefined ? {} : { payload: Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  // Generous limits: the matrix calls each limited route from one address many times (rate limits have their own tests).
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1000" });
  routes = routeLog.splice(0);
  const make = new CatalogFactory(shop.database.db);
  const product = await make.product({ stock: 5 });
  const order = await insertOrder(shop, { productId: product, status: "await_payment", method: "bank" });
  const inquiry = await shop.app.services.inquiries.submit(
    { name: "田中 一郎", email: "ichiro@example.com", subject: "在庫について", message: "入荷予定を教えてください。" },
    { locale: "ja", userId: null },
  );
  await shop.app.services.mail.flush();
  const [mail] = await shop.app.services.mailbox.list({ limit: 1 });
  const images = await shop.database.db.execute(sql`select image_id from product_images limit 1`);
  const [image] = (images as unknown as { rows: { image_id: number }[] }).rows;
  const anonymous = shop.browserSession();
  sessions.anonymous = { cookie: "", headers: { "x-csrf-token": anonymous.headers["x-csrf-token"]! } };
  sessions.guest = shop.browserSession();
  sessions.memberA = await shop.memberSession();
  sessions.memberB = await shop.memberSession();
  sessions.staff = await staffSession(shop, "staff");
  sessions.owner = await staffSession(shop, "owner");
  // The back office locks and unlocks a third member, so A and B stay signed in.
  const memberC = await shop.memberSession();
  fixtures = {
    make,
    product,
    exhibit: await make.exhibit(),
    image: Number(image!.image_id),
    order: order.publicId,
    inquiry: inquiry.id,
    member: memberC.user.id as number,
    mail: mail!.id,
  };

  // Stripe mode registers other payment routes (the webhook instead of the test gateway).
  stripeShop = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_matrix",
    STRIPE_PUBLISHABLE_KEY: "pk_test_matrix",
    STRIPE_WEBHOOK_SECRET: "whsec_matrix",
    STRIPE_API_BASE: "http://127.0.0.1:9",
  });
  stripeRoutes = routeLog.splice(0);
});

afterAll(async () => {
  await stripeShop?.close();
  await shop?.close();
});

describe("authorization matrix over every registered route", () => {
  it("classifies every route the app registers (test gateway and Stripe mode)", () => {
    const table = rules(fixtures);
    const registered = [...routes, ...stripeRoutes].flatMap(keysOf).map((each) => each.key);
    expect(registered.length).toBeGreaterThan(100);
    const unclassified = [...new Set(registered.filter((key) => !(key in table)))];
    expect(unclassified, "routes missing from RULES in authorization-matrix.test.ts").toEqual([]);
    const stale = Object.keys(table).filter((key) => !registered.includes(key));
    expect(stale, "RULES naming routes the app no longer has").toEqual([]);
  });

  // One test per part of the app, so each has its own time: the whole matrix in one test took three
  // seconds on a quiet machine and over twenty at load 9 on two cores (decision 055).
  it.each(PARTS)("answers each visitor as the route's class says, and keeps every answer that depends on the session out of caches: %s", async (part) => {
    const table = rules(fixtures);
    const asked = routes.flatMap(keysOf).filter((each) => partOf(each.method, each.url) === part && table[each.key]);
    const failures: string[] = [];
    const cachingFailures: string[] = [];
    let calls = 0;
    for (const { key, method, url } of asked) {
      const rule = table[key]!;
      // The six visitors at once: each has its own session, and routes whose answer depends on
      // order (an order deposited by staff is already deposited for the owner) allow both answers.
      await Promise.all(
        VISITORS.map(async (visitor) => {
          const concrete = await concreteUrl(rule, url);
          const response = await call(shop, rule, method, concrete, await sessionOf(visitor, rule));
          calls += 1;
          const want = expected(rule, visitor, method);
          if (!want.includes(response.statusCode))
            failures.push(`${method} ${concrete} as ${visitor}: ${response.statusCode} (expected ${want.join(" or ")}) ${response.body.slice(0, 120)}`);
          const caching = cachingProblem(rule, visitor, response);
          if (caching) cachingFailures.push(`${method} ${concrete} as ${visitor} (${response.statusCode}): ${caching}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(cachingFailures, "answers that depend on the session without Cache-Control: private, no-store").toEqual([]);
    expect(asked.length, `registered routes in ${part}`).toBeGreaterThan(5);
    expect(calls).toBe(asked.length * VISITORS.length);
  });

  it("keeps a successful sign-in's answer, which names the member or staff member, out of caches", async () => {
    const member = await shop.memberSession();
    const signIn = await shop.signIn(member);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers["cache-control"]).toBe("private, no-store");
    const { email, password } = await createStaff(shop);
    const staffSignIn = await shop.app.inject({
      method: "POST",
      url: "/admin/api/session",
      headers: shop.browserSession().headers,
      payload: { email, password },
    });
    expect(staffSignIn.statusCode).toBe(200);
    expect(staffSignIn.headers["cache-control"]).toBe("private, no-store");
  });

  it("lets the Stripe webhook through without a session or CSRF token, and refuses it without a valid signature", async () => {
    const rule = rules(fixtures)[`POST ${PAYMENT_WEBHOOK_PATH}`]!;
    for (const headers of [{}, { "stripe-signature": "t=1,v1=forged" }]) {
      const response = await stripeShop.app.inject({
        method: "POST",
        url: PAYMENT_WEBHOOK_PATH,
        headers: { ...headers, "content-type": "application/json" },
        payload: "{}",
      });
      expect(response.statusCode).toBe(rule.ok);
    }
  });
});

describe("CSRF on every state-changing route", () => {
  const CSRF_MESSAGES = [message("csrfInvalid", "ja"), message("csrfInvalid", "en")];
  const isCsrfRefusal = (response: { statusCode: number; body: string }) => {
    if (response.statusCode !== 403) return false;
    try {
      return CSRF_MESSAGES.includes((JSON.parse(response.body) as { errors: string[] }).errors[0]!);
    } catch {
      return false;
    }
  };

  it("answers 403 without X-CSRF-Token or with another session's token, whoever is signed in", async () => {
    const table = rules(fixtures);
    const other = shop.browserSession();
    const failures: string[] = [];
    let calls = 0;
    for (const { key, method, url } of routes.flatMap(keysOf)) {
      const rule = table[key];
      if (!rule || method === "GET" || rule.access === "signature") continue;
      // A visitor the route would otherwise accept, so the 403 can only be the token's.
      const visitor: Visitor = rule.access === "member" ? "memberA" : rule.access === "staff" || rule.access === "owner" ? "owner" : "guest";
      const session = sessions[visitor];
      const attempts: Record<string, string>[] = [
        { cookie: session.cookie },
        { cookie: session.cookie, "x-csrf-token": other.headers["x-csrf-token"]! },
        { cookie: session.cookie, "x-csrf-token": "" },
      ];
      for (const headers of attempts) {
        const concrete = await concreteUrl(rule, url);
        const response = await call(shop, rule, method, concrete, session, headers);
        calls += 1;
        if (!isCsrfRefusal(response)) {
          failures.push(
            `${method} ${concrete} as ${visitor} with ${headers["x-csrf-token"] === undefined ? "no token" : "a wrong token"}: ${response.statusCode}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(200);
    // The sessions used are still signed in: nothing above went through.
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: sessions.memberA.cookie } })).statusCode).toBe(200);
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/session", headers: { cookie: sessions.owner.cookie } })).statusCode).toBe(200);
  });
});
