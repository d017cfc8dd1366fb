import { describe, expect, it } from "vitest";
import { AvailabilityReads } from "../catalog/catalog.reads.ts";
import { PageCache } from "./page-cache.ts";

// The rules of the kept guest pages, without a server: which requests are kept, that every visitor
// gets their own token and nonce, and what drops a copy. The browser suite (page-cache.spec.ts)
// checks the same over HTTP on the production build.

type FakeRequest = Parameters<PageCache["keyFor"]>[0];

function guest(url: string, overrides: Partial<FakeRequest> = {}): FakeRequest {
  return { method: "GET", url, user: null, staff: null, sessionExpired: false, locale: "ja", sessionId: `sid-${Math.random()}`, pageCacheKey: null, ...overrides };
}

class FakeReply {
  sent: Buffer | undefined;
  readonly headerValues: Record<string, string> = {};
  constructor(readonly cspNonce = { script: `nonce${Math.random().toString(36).slice(2)}` }) {}
  header(name: string, value: string) {
    this.headerValues[name] = value;
    return this;
  }
  headers(values: Record<string, string>) {
    Object.assign(this.headerValues, values);
    return this;
  }
  send(payload: Buffer) {
    this.sent = payload;
    return this;
  }
}

const tokenOf = (request: FakeRequest) => `token-of-${request.sessionId}`;

/** Runs one request the way the page route does: the hook, then (on a miss) the render. */
async function visit(cache: PageCache, request: FakeRequest, render: (csrf: string, nonce: string) => string, status = 200, shows: number[] = []) {
  const reply = new FakeReply();
  const answered = await cache.serve(request, reply);
  if (answered) return { reply, body: reply.sent!.toString("utf8"), hit: true };
  const reads = new AvailabilityReads();
  reads.recordProducts(shows);
  const slot = cache.capture(request, reply, reads);
  if (!slot) return { reply, body: render(tokenOf(request), reply.cspNonce.script), hit: false };
  const html = render(slot.csrfToken, slot.nonce);
  const body = slot.pageCapture.finish(html, status, new Headers({ "content-type": "text/html; charset=utf-8" }));
  return { reply, body, hit: false };
}

const page = (csrf: string, nonce: string) => `<meta name="csrf-token" content="${csrf}"><script nonce="${nonce}">{"csrfToken":"${csrf}"}</script><p>日本酒</p>`;

describe("PageCache", () => {
  it("keeps the public catalogue pages of guests, per locale and URL, and nothing else", () => {
    const cache = new PageCache(tokenOf);
    for (const url of ["/", "/shop", "/shop?series=3", "/products/12", "/exhibits/2", "/company", "/privacy-policy"]) {
      expect(cache.keyFor(guest(url))).toBe(`ja ${url}`);
    }
    expect(cache.keyFor(guest("/shop", { locale: "en" }))).toBe("en /shop");
    for (const url of ["/checkout", "/mypage", "/login", "/admin", "/products/12/edit", "/shop.data", "/products/abc", `/shop?q=${"x".repeat(300)}`, "/shop?bench=1", "/shop?series=3&utm_source=x", "/products/12?q=x", "/?page=2"]) {
      expect(cache.keyFor(guest(url))).toBeNull();
    }
    expect(cache.keyFor(guest("/shop", { method: "HEAD" }))).toBeNull();
    expect(cache.keyFor(guest("/shop", { user: { id: 1, email: "a@example.com", user_name: "", tel: "", birth_date: null, unconfirmed_email: null } }))).toBeNull();
    expect(cache.keyFor(guest("/shop", { staff: { id: 1, email: "s@example.com", role: "staff" } }))).toBeNull();
    expect(cache.keyFor(guest("/shop", { sessionExpired: true }))).toBeNull();
  });

  it("renders once, then answers every guest with their own CSRF token and this response's nonce", async () => {
    const cache = new PageCache(tokenOf);
    let renders = 0;
    const render = (csrf: string, nonce: string) => {
      renders += 1;
      return page(csrf, nonce);
    };
    const first = guest("/shop");
    const second = guest("/shop");
    const a = await visit(cache, first, render);
    const b = await visit(cache, second, render);
    expect(renders).toBe(1);
    expect([a.hit, b.hit]).toEqual([false, true]);
    expect(a.reply.headerValues["x-page-cache"]).toBe("miss");
    expect(b.reply.headerValues["x-page-cache"]).toBe("hit");
    expect(b.reply.headerValues["content-type"]).toBe("text/html; charset=utf-8");
    expect(a.body).toBe(page(tokenOf(first), a.reply.cspNonce.script));
    expect(b.body).toBe(page(tokenOf(second), b.reply.cspNonce.script));
    expect(b.body).not.toContain(tokenOf(first));
  });

  it("keeps nothing but 200 pages, and a render begun before a catalogue change is not kept", async () => {
    const cache = new PageCache(tokenOf);
    await visit(cache, guest("/products/404"), page, 404);
    expect(cache.size).toBe(0);

    const request = guest("/products/1");
    const reply = new FakeReply();
    await cache.serve(request, reply);
    const slot = cache.capture(request, reply, new AvailabilityReads())!;
    cache.invalidate();
    slot.pageCapture.finish(page(slot.csrfToken, slot.nonce), 200, new Headers());
    expect(cache.size).toBe(0);
  });

  it("drops only the copies showing a product that sold out or came back, and renders under way", async () => {
    const cache = new PageCache(tokenOf);
    let version = "in stock";
    const render = (csrf: string, nonce: string) => page(csrf, nonce) + version;
    await visit(cache, guest("/products/1"), render, 200, [1]);
    await visit(cache, guest("/products/2"), render, 200, [2]);
    await visit(cache, guest("/shop"), render, 200, [1, 2]);
    await visit(cache, guest("/company"), render);
    const request = guest("/products/3");
    const reply = new FakeReply();
    await cache.serve(request, reply);
    const slot = cache.capture(request, reply, new AvailabilityReads())!;
    version = "sold out";
    cache.dropShowing([1]);
    slot.pageCapture.finish(page(slot.csrfToken, slot.nonce), 200, new Headers());
    expect((await visit(cache, guest("/products/1"), render)).body).toContain("sold out");
    expect((await visit(cache, guest("/shop"), render)).body).toContain("sold out");
    expect((await visit(cache, guest("/products/2"), render)).body).toContain("in stock");
    expect((await visit(cache, guest("/company"), render)).hit).toBe(true);
    expect((await visit(cache, guest("/products/3"), render)).hit).toBe(false);
  });

  it("drops every copy when the catalogue changes, and a copy older than 30 s", async () => {
    let now = 1_000_000;
    const cache = new PageCache(tokenOf, () => now);
    let version = "old price";
    const render = (csrf: string, nonce: string) => page(csrf, nonce) + version;
    await visit(cache, guest("/products/1"), render);
    version = "new price";
    expect((await visit(cache, guest("/products/1"), render)).body).toContain("old price");
    cache.invalidate();
    expect((await visit(cache, guest("/products/1"), render)).body).toContain("new price");

    version = "later";
    now += 29_000;
    expect((await visit(cache, guest("/products/1"), render)).hit).toBe(true);
    now += 2_000;
    const late = await visit(cache, guest("/products/1"), render);
    expect(late.hit).toBe(false);
    expect(late.body).toContain("later");
  });

  it("holds at most 300 pages, dropping the oldest first", async () => {
    const cache = new PageCache(tokenOf);
    for (let id = 1; id <= 301; id++) await visit(cache, guest(`/products/${id}`), page);
    expect(cache.size).toBe(300);
    expect((await visit(cache, guest("/products/1"), page)).hit).toBe(false);
    expect((await visit(cache, guest("/products/301"), page)).hit).toBe(true);
  });
});
