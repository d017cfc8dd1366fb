import { describe, expect, it } from "vitest";
import type { UserResource } from "../../domain/account.ts";
import { visitorJson } from "../../domain/visitor.ts";
import { AvailabilityReads } from "../catalog/catalog.reads.ts";
import { PageCache } from "./page-cache.ts";
import { memberResource } from "../testing/member-fixtures.ts";
import { FakeReply, pageRequest, type FakeRequest } from "../testing/page-cache-fakes.ts";

// The rules of the kept pages, without a server: which requests are kept, that every visitor gets
// their own token, nonce and member, and what drops a copy. The browser suite (page-cache.spec.ts)
// checks the same over HTTP on the production build.

const guest = pageRequest;

const tokenOf = (request: FakeRequest) => `token-of-${request.sessionId}`;

type Render = (csrf: string, nonce: string, visitor: { user: UserResource | null; json: string }) => string;

/** Runs one request the way the page route does: the hook, then (on a miss) the render. */
async function visit(cache: PageCache, request: FakeRequest, render: Render, status = 200, shows: number[] = []) {
  const reply = new FakeReply();
  const answered = await cache.serve(request, reply);
  if (answered) {
    const bytes = Buffer.concat(await reply.sent!.toArray());
    // The kept page goes out as a stream of its parts, with the length of them all declared.
    expect(reply.headerValues["content-length"]).toBe(String(bytes.length));
    return { reply, body: bytes.toString("utf8"), hit: true };
  }
  const reads = new AvailabilityReads();
  reads.recordProducts(shows);
  const slot = cache.capture(request, reply, reads);
  if (!slot) return { reply, body: render(tokenOf(request), reply.cspNonce.script, { user: request.user, json: visitorJson(request.user) }), hit: false };
  const html = render(slot.csrfToken, slot.nonce, slot.visitor);
  const body = slot.pageCapture.finish(html, status, new Headers({ "content-type": "text/html; charset=utf-8" }));
  return { reply, body, hit: false };
}

/** What the shop's pages hold that differs per visitor: the token (twice), the nonce, the header's account link and the visitor block. */
const page: Render = (csrf, nonce, visitor) =>
  `<meta name="csrf-token" content="${csrf}"><nav>${visitor.user ? "マイページ ログアウト" : "ログイン"}</nav><p>日本酒</p>` +
  `<script type="application/json" id="kura-visitor">${visitor.json}</script><script nonce="${nonce}">{"csrfToken":"${csrf}"}</script>`;

describe("PageCache", () => {
  it("keeps the public catalogue pages of guests, per locale and URL, and nothing else", () => {
    const cache = new PageCache(tokenOf);
    for (const url of ["/", "/shop", "/shop?series=3", "/products/12", "/exhibits/2", "/company", "/privacy-policy"]) {
      expect(cache.keyFor(guest(url))).toBe(`guest ja ${url}`);
    }
    expect(cache.keyFor(guest("/shop", { locale: "en" }))).toBe("guest en /shop");
    // Past the age gate the page has no gate: a copy of its own, for guests and members alike.
    expect(cache.keyFor(guest("/shop", { ageConfirmed: true }))).toBe("guest adult ja /shop");
    expect(cache.keyFor(guest("/shop", { ageConfirmed: true, user: memberResource(1, "Aoi") }))).toBe("member adult ja /shop");
    for (const url of [
      "/checkout",
      "/mypage",
      "/login",
      "/admin",
      "/products/12/edit",
      "/shop.data",
      "/products/abc",
      `/shop?q=${"x".repeat(300)}`,
      "/shop?bench=1",
      "/shop?series=3&utm_source=x",
      "/products/12?q=x",
      "/?page=2",
    ]) {
      expect(cache.keyFor(guest(url))).toBeNull();
    }
    // HEAD is answered from the GET's copy, with its headers (decision 066); its render is never kept (serve).
    expect(cache.keyFor(guest("/shop", { method: "HEAD" }))).toBe("guest ja /shop");
    // A form posted without JavaScript is answered by its page's action, never from a copy (decision 052).
    expect(cache.keyFor(guest("/shop", { method: "POST" }))).toBeNull();
    // Members share a copy of their own (see below), staff and ended sessions are always rendered.
    expect(cache.keyFor(guest("/shop", { user: memberResource(1, "Aoi") }))).toBe("member ja /shop");
    expect(cache.keyFor(guest("/mypage", { user: memberResource(1, "Aoi") }))).toBeNull();
    expect(cache.keyFor(guest("/shop", { staff: { id: 1, email: "s@example.com", role: "staff" } }))).toBeNull();
    expect(cache.keyFor(guest("/shop", { sessionExpired: true }))).toBeNull();
  });

  it("renders once, then answers every guest with their own CSRF token and this response's nonce", async () => {
    const cache = new PageCache(tokenOf);
    let renders = 0;
    const render: Render = (...args) => {
      renders += 1;
      return page(...args);
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
    const asGuest = { user: null, json: "null" };
    expect(a.body).toBe(page(tokenOf(first), a.reply.cspNonce.script, asGuest));
    expect(b.body).toBe(page(tokenOf(second), b.reply.cspNonce.script, asGuest));
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
    slot.pageCapture.finish(page(slot.csrfToken, slot.nonce, slot.visitor), 200, new Headers());
    expect(cache.size).toBe(0);
  });

  it("drops only the copies showing a product that sold out or came back, and renders under way", async () => {
    const cache = new PageCache(tokenOf);
    let version = "in stock";
    const render: Render = (...args) => page(...args) + version;
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
    slot.pageCapture.finish(page(slot.csrfToken, slot.nonce, slot.visitor), 200, new Headers());
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
    const render: Render = (...args) => page(...args) + version;
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

  describe("members", () => {
    const aoi = memberResource(101, "Aoi");
    const ren = memberResource(202, "Ren");
    const asMember = (user: UserResource, url = "/shop") => guest(url, { user });

    it("share one copy rendered for a stand-in, each answered with their own JSON, token and nonce", async () => {
      const cache = new PageCache(tokenOf);
      const seen: Array<UserResource | null> = [];
      const render: Render = (csrf, nonce, visitor) => {
        seen.push(visitor.user);
        return page(csrf, nonce, visitor);
      };
      const [a1, a2, b] = [asMember(aoi), asMember(aoi), asMember(ren)];
      const first = await visit(cache, a1, render);
      const second = await visit(cache, a2, render);
      const other = await visit(cache, b, render);
      expect([first.hit, second.hit, other.hit]).toEqual([false, true, true]);
      // The one render that is kept never saw a real member.
      expect(seen).toHaveLength(1);
      expect(seen[0]!.id).not.toBe(aoi.id);
      expect(seen[0]!.email).toMatch(/@stand-in\.invalid$/);
      for (const [request, answer] of [
        [a1, first],
        [a2, second],
        [b, other],
      ] as const) {
        expect(answer.body).toBe(page(tokenOf(request), answer.reply.cspNonce.script, { user: request.user, json: visitorJson(request.user) }));
      }
      expect(other.body).not.toContain(aoi.email);
      expect(other.body).not.toContain(aoi.user_name);
      expect(first.body).not.toContain(ren.email);
      expect(other.body).not.toMatch(/stand-in|kuraVisitor|kuraMember/);
    });

    it("and guests keep apart: a guest after a member gets the guests' copy, without the member", async () => {
      const cache = new PageCache(tokenOf);
      let renders = 0;
      const render: Render = (...args) => {
        renders += 1;
        return page(...args);
      };
      const asAoi = await visit(cache, asMember(aoi), render);
      const asGuest = await visit(cache, guest("/shop"), render);
      const asGuestAgain = await visit(cache, guest("/shop"), render);
      expect(renders).toBe(2);
      expect(asAoi.body).toContain("マイページ ログアウト");
      expect(asGuest.body).toContain("ログイン");
      expect(asGuest.body).not.toContain("マイページ");
      for (const body of [asGuest.body, asGuestAgain.body]) {
        expect(body).not.toContain(aoi.email);
        expect(body).toContain('<script type="application/json" id="kura-visitor">null</script>');
      }
      // Signing in or out changes the session's user, and with it the copy the next page comes from.
      const session = guest("/shop");
      expect((await visit(cache, session, render)).body).toContain("ログイン");
      expect((await visit(cache, { ...session, user: aoi }, render)).body).toContain(`>${visitorJson(aoi)}</script>`);
      expect((await visit(cache, { ...session, user: null }, render)).body).not.toContain(aoi.email);
    });

    it("a member page that shows the member's own data is answered but never kept", async () => {
      const cache = new PageCache(tokenOf);
      const warn = console.warn;
      console.warn = () => undefined;
      try {
        const greeting: Render = (csrf, nonce, visitor) => page(csrf, nonce, visitor) + `<p>${visitor.user?.user_name ?? ""}様</p>`;
        await visit(cache, asMember(aoi), greeting);
        expect(cache.size).toBe(0);
        expect((await visit(cache, asMember(ren), greeting)).hit).toBe(false);
      } finally {
        console.warn = warn;
      }
    });

    it("a catalogue change drops the members' copies too", async () => {
      const cache = new PageCache(tokenOf);
      let version = "old price";
      const render: Render = (...args) => page(...args) + version;
      await visit(cache, asMember(aoi), render, 200, [1]);
      version = "new price";
      cache.invalidate();
      expect((await visit(cache, asMember(ren), render)).body).toContain("new price");
      version = "sold out";
      cache.dropShowing([1]);
      expect((await visit(cache, asMember(aoi), render)).body).toContain("new price");
      await visit(cache, asMember(aoi, "/products/1"), render, 200, [1]);
      cache.dropShowing([1]);
      expect((await visit(cache, asMember(ren, "/products/1"), render)).body).toContain("sold out");
    });
  });

  it("writes a member's JSON so that no name or address can end the data block", () => {
    const sly = { ...memberResource(7, "Sly"), user_name: "</script><script>alert(1)</script>", email: "a&b@example.com" };
    const json = visitorJson(sly);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(sly);
    expect(visitorJson(null)).toBe("null");
  });
});
