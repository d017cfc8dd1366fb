import { sql } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { BOOK_REFUSED, databaseAnswer } from "../testing/database-refusal.ts";
import { CARDS, CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { totpCode } from "../admin/staff-two-factor.ts";
import { createStaff, pendingCookieOf, staffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { AUDIT_ACTIONS, NOT_STAFF_ACTIONS } from "./audit-actions.ts";
import { AUDIT_ACTION_LABELS } from "./audit-labels.ts";
import type { AuditEntry } from "./audit-log.service.ts";

// The staff audit log (decision 065): each kind of back-office action leaves one entry saying who
// did what to what, when and from where; only owners read it; the database refuses to change it.

let shop: TestApp;
let client: CheckoutClient;
let owner: StaffSession;
let clerk: StaffSession;
let wine: number;
const writeRoutes = new Set<string>();
const AGENT = "Mozilla/5.0 (audit test)";
const FROM = "192.0.2.7";

function asStaff(session: StaffSession, method: "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return shop.app.inject({ method, url, remoteAddress: FROM, headers: { ...session.headers, "user-agent": AGENT }, ...(payload ? { payload } : {}) });
}

async function log(query = ""): Promise<AuditEntry[]> {
  const response = await shop.app.inject({ method: "GET", url: `/admin/api/audit_log${query}`, headers: { cookie: owner.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** The entries of `action` on `targetId` (there must be exactly one). */
async function entryOf(action: string, targetId: string): Promise<AuditEntry> {
  const entries = (await log(`?action=${action}`)).filter((entry) => entry.target_id === targetId);
  expect(entries, `${action} on ${targetId}`).toHaveLength(1);
  return entries[0]!;
}

async function placeBank(): Promise<string> {
  const response = await client.post(shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank" }));
  expect(response.statusCode).toBe(200);
  return response.json().order_id;
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" }, undefined, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (route.url.startsWith("/admin/api/") && !["GET", "HEAD"].includes(method) && !route.url.endsWith("/*")) writeRoutes.add(`${method} ${route.url}`);
      }
    },
  });
  client = new CheckoutClient(shop);
  owner = await staffSession(shop, "owner");
  clerk = await staffSession(shop, "staff");
  wine = await new CatalogFactory(shop.database.db).product({ price: 3000, stock: 100 });
});

afterAll(async () => {
  await shop.close();
});

describe("what the log records", () => {
  it("names every write route of the back office", () => {
    const unnamed = [...writeRoutes].filter((route) => !(route in AUDIT_ACTIONS) && !NOT_STAFF_ACTIONS.has(route));
    expect(unnamed).toEqual([]);
  });

  it("has a Japanese and an English label for every action it records, sign-in steps included", () => {
    const actions = new Set([...Object.values(AUDIT_ACTIONS).map((named) => named.action), "staff.sign_in_password", "staff.sign_in_code"]);
    const unlabelled = [...actions].filter((action) => !AUDIT_ACTION_LABELS[action]?.ja || !AUDIT_ACTION_LABELS[action]?.en);
    expect(unlabelled).toEqual([]);
  });

  it("staff sign-ins, succeeded and failed, with where they came from", async () => {
    const { staff, email } = await createStaff(shop);
    const guest = shop.browserSession();
    const signIn = (password: string, address = email) =>
      shop.app.inject({
        method: "POST",
        url: "/admin/api/session",
        remoteAddress: "198.51.100.3",
        headers: { ...guest.headers, "user-agent": AGENT },
        payload: { email: address, password },
      });
    expect((await signIn("wrong password")).statusCode).toBe(401);
    expect((await signIn("staff password 2026")).statusCode).toBe(200);
    expect((await signIn("anything", "stranger@example.com")).statusCode).toBe(401);

    const entries = (await log("?action=staff.sign_in")).filter((entry) => entry.ip === "198.51.100.3");
    expect(entries.map((entry) => [entry.staff_id, entry.outcome])).toEqual([
      [null, "failure"],
      [staff.id, "success"],
      [staff.id, "failure"],
    ]);
    expect(entries[1]).toMatchObject({ staff_email: email, staff_role: "staff", target_kind: "staff", target_id: String(staff.id), user_agent: AGENT });
    // What a stranger typed is not kept.
    expect(JSON.stringify(entries)).not.toContain("stranger@example.com");
  });

  it("a first owner's enrolment of the second factor and the sign-in it completes, under that owner", async () => {
    const { staff, email, password } = await createStaff(shop, { role: "owner" });
    const guest = shop.browserSession();
    const ip = "198.51.100.9";
    const send = (url: string, payload: object, pending = "") =>
      shop.app.inject({
        method: "POST",
        url,
        remoteAddress: ip,
        headers: { ...guest.headers, "user-agent": AGENT, ...(pending ? { cookie: `${guest.cookie}; ${pending}` } : {}) },
        payload,
      });
    const passed = await send("/admin/api/session", { email, password });
    expect(passed.json()).toEqual({ second_factor: "enrol" });
    const pending = pendingCookieOf(passed);
    const setup = await send("/admin/api/two-factor/setup", {}, pending);
    expect(setup.statusCode).toBe(200);
    const secret: string = setup.json().enrolment.secret;
    expect((await send("/admin/api/two-factor/confirm", { code: "000000" === totpCode(secret) ? "111111" : "000000" }, pending)).statusCode).toBe(401);
    expect((await send("/admin/api/two-factor/confirm", { code: totpCode(secret) }, pending)).statusCode).toBe(200);

    const entries = (await log(`?staff_id=${staff.id}`)).reverse();
    expect(entries.map((entry) => [entry.action, entry.outcome])).toEqual([
      ["staff.sign_in_password", "success"],
      ["staff.two_factor_setup", "success"],
      ["staff.sign_in_code", "failure"],
      ["staff.two_factor_enable", "success"],
      ["staff.sign_in", "success"],
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ staff_email: email.toLowerCase(), staff_role: "owner", ip, user_agent: AGENT });
  });

  it("order moves: deposit, ship, cancel — each one entry on its order, by whom, from where", async () => {
    const shipped = await placeBank();
    expect((await asStaff(clerk, "POST", `/admin/api/orders/${shipped}/deposit`)).statusCode).toBe(200);
    expect((await asStaff(clerk, "POST", `/admin/api/orders/${shipped}/ship`, { slip_number: "1234-5678-9012" })).statusCode).toBe(200);
    const cancelled = await placeBank();
    expect((await asStaff(owner, "POST", `/admin/api/orders/${cancelled}/cancel`)).statusCode).toBe(200);

    const deposit = await entryOf("order.deposit", shipped);
    // The owner reads the action's and the target's names in the page's language, not the codes.
    expect(deposit).toMatchObject({ action_label: "入金を確認", target_kind_label: "注文" });
    const english = await shop.app.inject({
      method: "GET",
      url: "/admin/api/audit_log?action=order.deposit",
      headers: { cookie: `${owner.cookie}; locale=en` },
    });
    expect(english.json().data[0]).toMatchObject({ action_label: "Payment confirmed", target_kind_label: "Order" });
    expect(deposit).toMatchObject({
      staff_id: clerk.staff.id,
      staff_email: clerk.email,
      target_kind: "order",
      outcome: "success",
      ip: FROM,
      user_agent: AGENT,
      route: "/admin/api/orders/:id/deposit",
    });
    expect(Date.now() - Date.parse(deposit.at)).toBeLessThan(10 * 60_000);
    expect(await entryOf("order.ship", shipped)).toMatchObject({ staff_id: clerk.staff.id, details: { fields: ["slip_number"] } });
    expect(await entryOf("order.cancel_and_refund", cancelled)).toMatchObject({ staff_id: owner.staff.id });
  });

  it("a refund: cancelling a paid card order is logged on that order", async () => {
    const session = shop.browserSession();
    const paymentMethodId = await client.paymentMethod(session, CARDS.visa);
    const placed = await client.post(
      session,
      orderPayload([{ id: wine, amount: 1 }], { payment_method: "credit", payment: { payment_method_id: paymentMethodId } }),
    );
    const id: string = placed.json().order_id;
    expect((await asStaff(owner, "POST", `/admin/api/orders/${id}/cancel`)).statusCode).toBe(200);
    const intent = await shop.app.services.payments.retrievePaymentIntent((await client.order(id))!.paymentIntentId!);
    expect(intent.amountRefunded).toBe(intent.amount);
    expect(await entryOf("order.cancel_and_refund", id)).toMatchObject({ staff_id: owner.staff.id, status: 200 });
  });

  it("stock changes: restock, receiving and adjustment, with their quantities", async () => {
    const product = await new CatalogFactory(shop.database.db).product({ price: 2000, stock: 10 });
    expect((await asStaff(clerk, "POST", `/admin/api/products/${product}/restock`, { amount: 6 })).statusCode).toBe(200);
    const receiving = {
      received_on: new Date().toISOString().slice(0, 10),
      supplier_name: "株式会社蔵前酒販",
      supplier_address: "東京都台東区蔵前1-2-3",
      quantity: 12,
      unit_cost: 1500,
    };
    expect((await asStaff(owner, "POST", `/admin/api/products/${product}/receivings`, receiving)).statusCode).toBe(201);
    expect(
      (await asStaff(owner, "POST", `/admin/api/products/${product}/adjustments`, { kind: "breakage", quantity: 1, reason: "瓶が割れていた" })).statusCode,
    ).toBe(201);

    expect(await entryOf("stock.restock", String(product))).toMatchObject({
      staff_id: clerk.staff.id,
      target_kind: "product",
      details: { values: { amount: 6 } },
    });
    const received = await entryOf("stock.receiving", String(product));
    expect(received.details).toMatchObject({ values: { quantity: 12, unit_cost: 1500 } });
    // The supplier's name is named as a field changed, its text not copied.
    expect(received.details.fields).toContain("supplier_name");
    expect(JSON.stringify(received)).not.toContain("蔵前酒販");
    expect(await entryOf("stock.adjustment", String(product))).toMatchObject({ details: { values: { quantity: 1 } } });
    // The family filter finds all three.
    expect((await log("?action=stock.")).filter((entry) => entry.target_id === String(product))).toHaveLength(3);
  });

  it("product, member and settings changes", async () => {
    const product = await new CatalogFactory(shop.database.db).product({ price: 2000 });
    expect((await asStaff(owner, "PATCH", `/admin/api/products/${product}`, { price: 2200 })).statusCode).toBe(200);
    expect(await entryOf("product.update", String(product))).toMatchObject({ staff_id: owner.staff.id, details: { values: { price: 2200 } } });

    const member = await shop.memberSession();
    expect((await asStaff(clerk, "POST", `/admin/api/members/${member.user.id}/lock`)).statusCode).toBe(200);
    expect(await entryOf("member.lock", String(member.user.id))).toMatchObject({ staff_id: clerk.staff.id, target_kind: "member" });

    const settings = (await shop.app.inject({ method: "GET", url: "/admin/api/settings", headers: { cookie: owner.cookie } })).json().data;
    expect((await asStaff(owner, "POST", "/admin/api/settings", settings)).statusCode).toBe(200);
    const [saved] = await log("?action=settings.update");
    expect(saved).toMatchObject({ staff_id: owner.staff.id, target_kind: "settings" });
    expect(saved!.details.fields).toEqual(expect.arrayContaining([expect.stringMatching(/^terms\./)]));
  });

  it("a write that was refused leaves no entry (nothing was done)", async () => {
    const before = (await log("?action=settings.update")).length;
    expect((await asStaff(clerk, "POST", "/admin/api/settings", {})).statusCode).toBe(403);
    expect(await log("?action=settings.update")).toHaveLength(before);
  });
});

describe("who reads it, and how", () => {
  it("only owners: staff get 403, a visitor 401", async () => {
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/audit_log", headers: { cookie: clerk.cookie } })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/audit_log", headers: { cookie: shop.browserSession().cookie } })).statusCode).toBe(401);
  });

  it("filters by staff member and by Japan date", async () => {
    const byClerk = await log(`?staff_id=${clerk.staff.id}`);
    expect(byClerk.length).toBeGreaterThan(0);
    expect(byClerk.every((entry) => entry.staff_id === clerk.staff.id)).toBe(true);
    const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Tokyo" }).format(new Date());
    expect((await log(`?from=${today}&to=${today}&staff_id=${clerk.staff.id}`)).length).toBe(byClerk.length);
    expect(await log(`?to=2020-01-01`)).toEqual([]);
    // A date that does not exist is no bound (not a 5xx, not a shifted day).
    expect((await log(`?to=2020-02-31&staff_id=${clerk.staff.id}`)).length).toBe(byClerk.length);
  });
});

describe("kept like a book", () => {
  it("the database refuses to change, delete or empty the log", async () => {
    const db = shop.database.db;
    const refused = { code: BOOK_REFUSED, message: expect.stringContaining("append-only") };
    expect(await databaseAnswer(db, sql`update staff_audit_log set action = 'nothing'`)).toEqual(refused);
    expect(await databaseAnswer(db, sql`delete from staff_audit_log`)).toEqual(refused);
    expect(await databaseAnswer(db, sql`truncate staff_audit_log`)).toEqual(refused);
    // A backdated entry gets the database's time, so it cannot be made old enough to delete.
    await db.execute(
      sql`insert into staff_audit_log (at, action, outcome, method, route, status, ip) values ('2001-01-01', 'backdated', 'success', 'POST', '/x', 200, '127.0.0.1')`,
    );
    const result = await db.execute(sql`select at from staff_audit_log where action = 'backdated'`);
    const row = (result as unknown as { rows: { at: string | Date }[] }).rows[0];
    expect(new Date(row!.at).getFullYear()).toBeGreaterThan(2020);
    expect(await databaseAnswer(db, sql`delete from staff_audit_log where action = 'backdated'`)).toEqual(refused);
  });
});
