import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backOfficeRedirect, callAdminApi } from "./admin-api.ts";

// The back office's writes carry one Idempotency-Key per call (one call per click) and are sent
// again under the same key when their answer was lost (decision 049).

type Sent = { method: string; headers: Record<string, string> };
let sent: Sent[];
let answers: Array<() => Promise<Response>>;

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal("document", { documentElement: { lang: "ja" }, querySelector: () => ({ content: "csrf-token" }) });
  vi.stubGlobal("fetch", async (_url: string, init: { method: string; headers: Record<string, string> }) => {
    sent.push({ method: init.method, headers: init.headers });
    const next = answers.shift();
    return next ? next() : json(200, { data: {} });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("callAdminApi", () => {
  it("gives every write a key of its own, and reads none", async () => {
    await callAdminApi("/products/1/restock", { method: "POST", body: { amount: 40 } });
    await callAdminApi("/products/1/restock", { method: "POST", body: { amount: 40 } });
    await callAdminApi("/products/1");
    const [first, second, read] = sent;
    expect(first!.headers["idempotency-key"]).toMatch(KEY);
    expect(second!.headers["idempotency-key"]).toMatch(KEY);
    expect(second!.headers["idempotency-key"]).not.toBe(first!.headers["idempotency-key"]);
    expect(read!.headers["idempotency-key"]).toBeUndefined();
  });

  it("sends a write again under the same key when the network dropped its answer", async () => {
    answers.push(() => Promise.reject(new TypeError("Failed to fetch")));
    const result = await callAdminApi("/products/1/receivings", { method: "POST", body: { quantity: 1 } });
    expect(result.ok).toBe(true);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers["idempotency-key"]).toBe(sent[0]!.headers["idempotency-key"]);
  });

  it("sends a write again under the same key once after a 502 of the load balancer", async () => {
    answers.push(
      async () => new Response("bad gateway", { status: 502 }),
      async () => new Response("bad gateway", { status: 502 }),
    );
    const result = await callAdminApi("/orders/7/deposit", { method: "POST" });
    expect(result.status).toBe(502);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers["idempotency-key"]).toBe(sent[0]!.headers["idempotency-key"]);
  });

  it("does not send again what the shop refused, nor a read that failed", async () => {
    answers.push(async () => json(422, { errors: ["数量は1以上の値にしてください"] }));
    expect((await callAdminApi("/products/1/restock", { method: "POST", body: { amount: 0 } })).status).toBe(422);
    answers.push(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(callAdminApi("/products/1")).rejects.toThrow("Failed to fetch");
    expect(sent).toHaveLength(2);
  });
});

describe("backOfficeRedirect (the admin sign-in's ?redirect=)", () => {
  it("keeps back-office pages", () => {
    expect(backOfficeRedirect("/admin/orders?status=pending")).toBe("/admin/orders?status=pending");
    expect(backOfficeRedirect("/admin")).toBe("/admin");
  });

  it("sends everything else to the back office's home", () => {
    for (const candidate of [
      null,
      "",
      "/shop",
      "/admin/login",
      "https://evil.example/admin",
      "//evil.example/admin",
      "/admin/../shop",
      "/admin/..//evil.example",
    ]) {
      expect(backOfficeRedirect(candidate), String(candidate)).toBe("/admin");
    }
  });

  it("refuses TAB, CR, LF and backslashes that browsers drop or read as a slash", () => {
    for (const candidate of ["/admin\t//evil.example", "/admin/\n/x", "/admin/\r\n", "/admin\\\\evil.example", "/\t/evil.example/admin"]) {
      expect(backOfficeRedirect(candidate), JSON.stringify(candidate)).toBe("/admin");
    }
  });
});
