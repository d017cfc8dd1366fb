import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession, MemberSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";

// Every catalogue route of the back office is for staff only: a guest and a signed-in shopper get
// 401 whatever they send, and a staff member without the page's CSRF token gets 403 on writes.

let shop: TestApp;
let guest: BrowserSession;
let shopper: MemberSession;
let staff: StaffSession;
let owner: StaffSession;
let product: number;
let exhibit: number;

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const routes = (): [Method, string][] => [
  ["GET", "/admin/api/products"],
  ["GET", `/admin/api/products/${product}`],
  ["POST", "/admin/api/products"],
  ["PATCH", `/admin/api/products/${product}`],
  ["POST", `/admin/api/products/${product}/restock`],
  ["GET", `/admin/api/products/${product}/stock-moves`],
  ["POST", `/admin/api/products/${product}/receivings`],
  ["POST", `/admin/api/products/${product}/adjustments`],
  ["GET", "/admin/api/ledger/purchases"],
  ["GET", "/admin/api/ledger/sales"],
  ["GET", "/admin/api/ledger/year"],
  ["GET", "/admin/api/suppliers"],
  ["POST", "/admin/api/suppliers"],
  ["GET", "/admin/api/ledger/stock-takes"],
  ["POST", "/admin/api/ledger/stock-takes"],
  ["POST", `/admin/api/products/${product}/images`],
  ["PUT", `/admin/api/products/${product}/images`],
  ["POST", "/admin/api/direct_uploads"],
  ["PUT", "/admin/api/direct_uploads/abcdefghijklmnopqrstuvwxyz012345"],
  ["GET", "/admin/api/exhibits"],
  ["GET", `/admin/api/exhibits/${exhibit}`],
  ["POST", "/admin/api/exhibits"],
  ["PATCH", `/admin/api/exhibits/${exhibit}`],
  ["DELETE", `/admin/api/exhibits/${exhibit}`],
  ["POST", `/admin/api/exhibits/${exhibit}/images`],
  ["PUT", `/admin/api/exhibits/${exhibit}/images`],
  ["GET", "/admin/api/series"],
  ["POST", "/admin/api/series"],
  ["PATCH", "/admin/api/series/1"],
  ["DELETE", "/admin/api/series/1"],
  ["GET", "/admin/api/liquor_types"],
  ["POST", "/admin/api/liquor_types"],
  ["PATCH", "/admin/api/liquor_types/wine"],
  ["DELETE", "/admin/api/liquor_types/wine"],
];

function call(session: BrowserSession, method: Method, url: string, options: { csrf?: boolean } = {}) {
  const payload = method === "GET" || method === "DELETE" ? undefined : url.includes("direct_uploads/") ? Buffer.from("png") : "{}";
  const headers: Record<string, string> = { ...session.headers };
  if (payload !== undefined) headers["content-type"] = url.includes("direct_uploads/") ? "image/png" : "application/json";
  if (options.csrf === false) delete headers["x-csrf-token"];
  return shop.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  const make = new CatalogFactory(shop.database.db);
  product = await make.product();
  exhibit = await make.exhibit();
  guest = shop.browserSession();
  shopper = await shop.memberSession();
  staff = await staffSession(shop);
  owner = await staffSession(shop, "owner");
});

afterAll(async () => {
  await shop.close();
});

describe("back-office catalogue routes", () => {
  it("answer a guest 401 and never change anything", async () => {
    for (const [method, url] of routes()) {
      const response = await call(guest, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().errors).toEqual(["管理画面にログインしてください。"]);
    }
    expect((await call(staff, "GET", `/admin/api/exhibits/${exhibit}`)).statusCode).toBe(200);
  });

  it("answer a signed-in shopper 401: a shopper's session never carries staff rights", async () => {
    for (const [method, url] of routes()) {
      expect((await call(shopper, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("refuse a staff member's write without the CSRF token (403)", async () => {
    for (const [method, url] of routes().filter(([method]) => method !== "GET")) {
      const response = await call(staff, method, url, { csrf: false });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("let staff and the owner read the catalogue, private and never cached", async () => {
    for (const session of [staff, owner]) {
      for (const [method, url] of routes().filter(([method]) => method === "GET")) {
        const response = await call(session, method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        expect(response.headers["cache-control"]).toBe("private, no-store");
      }
    }
  });
});
