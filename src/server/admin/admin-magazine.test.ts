import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { magazineSubscribersTable } from "../db/schema/magazine.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// The mail magazine in the back office: subscribers with their consent time, as a list and as CSV,
// and an issue sent to confirmed subscribers only, each with their own unsubscribe link.

let shop: TestApp;
let staff: StaffSession;
const reader = { ja: `reader-ja-${crypto.randomUUID().slice(0, 8)}@example.com`, en: `reader-en-${crypto.randomUUID().slice(0, 8)}@example.com` };
const pending = `pending-${crypto.randomUUID().slice(0, 8)}@example.com`;
const stopped = `stopped-${crypto.randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  shop = await createTestApp();
  staff = await staffSession(shop);
  await shop.database.db.insert(magazineSubscribersTable).values([
    { email: reader.ja, locale: "ja", consentedAt: new Date("2026-05-01T01:02:00Z") },
    { email: reader.en, locale: "en", consentedAt: new Date("2026-05-02T03:04:00Z") },
    { email: pending, locale: "ja" },
    { email: stopped, locale: "ja", consentedAt: new Date("2026-04-01T00:00:00Z"), unsubscribedAt: new Date("2026-06-01T00:00:00Z") },
  ]);
});

afterAll(async () => {
  await shop.close();
});

describe("GET /admin/api/magazine/subscribers", () => {
  it("is for staff only", async () => {
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/magazine/subscribers" })).statusCode).toBe(401);
    const member = await shop.memberSession();
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/magazine/subscribers", headers: member.headers })).statusCode).toBe(401);
    const post = await shop.app.inject({ method: "POST", url: "/admin/api/magazine/issues", headers: member.headers, payload: { subject: "x", body: "y" } });
    expect(post.statusCode).toBe(401);
  });

  it("lists subscribers with their consent time and counts by status, filtered on request", async () => {
    const all = (await shop.app.inject({ method: "GET", url: "/admin/api/magazine/subscribers", headers: staff.headers })).json();
    expect(all.meta.counts).toEqual({ subscribed: 2, pending: 1, unsubscribed: 1 });
    expect(all.data.find((row: { email: string }) => row.email === reader.ja)).toMatchObject({
      status: "subscribed",
      locale: "ja",
      consented_at: "2026-05-01T01:02:00.000Z",
    });
    const subscribed = (await shop.app.inject({ method: "GET", url: "/admin/api/magazine/subscribers?status=subscribed", headers: staff.headers })).json();
    expect(subscribed.data.map((row: { email: string }) => row.email)).toEqual([reader.ja, reader.en]);
  });

  it("exports CSV with a BOM, Japan times and the status in the page's language", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/admin/api/magazine/subscribers?format=csv", headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe("\uFEFFメールアドレス,状態,言語,会員ID,同意日時,配信停止日時,登録日時");
    expect(lines.find((line) => line.startsWith(reader.ja))).toMatch(
      new RegExp(`^${reader.ja},購読中,ja,,2026/05/01 10:02,,\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}$`),
    );
    expect(lines.find((line) => line.startsWith(stopped))).toContain(",配信停止,ja,,2026/04/01 09:00,2026/06/01 09:00,");
  });
});

describe("POST /admin/api/magazine/issues", () => {
  it("refuses a blank subject or body with messages naming the fields", async () => {
    const response = await shop.app.inject({ method: "POST", url: "/admin/api/magazine/issues", headers: staff.headers, payload: { subject: " ", body: "" } });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain("件名");
    expect(JSON.stringify(response.json())).toContain("本文");
  });

  it("needs the CSRF token", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/admin/api/magazine/issues",
      headers: { cookie: staff.cookie },
      payload: { subject: "a", body: "b" },
    });
    expect(response.statusCode).toBe(403);
  });

  it("mails confirmed subscribers only, each in their language's layout with their own unsubscribe link", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/admin/api/magazine/issues",
      headers: staff.headers,
      payload: { subject: "秋の新入荷 / Autumn arrivals", body: "ボジョレーが入荷しました。\r\n\r\nNew Beaujolais is in." },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ recipients: 2 });
    const [ja] = await shop.mailsTo(reader.ja);
    expect(ja!.subject).toContain("秋の新入荷 / Autumn arrivals");
    expect(ja!.text).toContain("ボジョレーが入荷しました。");
    expect(ja!.text).toContain("配信停止の手続き: ");
    const [en] = await shop.mailsTo(reader.en);
    expect(en!.text).toContain("Unsubscribe: ");
    expect(await shop.mailsTo(pending)).toHaveLength(0);
    expect(await shop.mailsTo(stopped)).toHaveLength(0);
  });
});
