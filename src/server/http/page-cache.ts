import crypto from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { PageCapture } from "../../web/load-context.ts";
import type { AvailabilityReads } from "../catalog/catalog.reads.ts";

/**
 * Public catalogue pages as a guest sees them, kept as rendered HTML: a guest's /shop costs ~8 ms
 * of React Router and React rendering (measured, docs/performance.md), the same bytes for every
 * guest but two — the CSRF token and the CSP nonce. Those pages are rendered once with random
 * placeholders in their place, kept, and every guest gets the copy with their own token and this
 * response's nonce written in. Members, staff and ended sessions always get a fresh render.
 *
 * A copy is dropped whenever the catalogue, prices or shop settings change (CatalogService's
 * invalidation, in every process through NOTIFY) and after TTL_MS at the latest, which bounds
 * anything else that changes with time. A product selling out (or coming back) drops only the
 * copies that show it.
 */
const CACHED_PATHS = [
  /^\/$/,
  /^\/shop$/,
  /^\/products\/\d{1,9}$/,
  /^\/exhibits\/\d{1,9}$/,
  /^\/company$/,
  /^\/privacy-policy$/,
  /^\/specified-commercial-transaction-act-notes$/,
];
const TTL_MS = 30_000;
/** Filters in query strings make many URLs; the oldest copies go first past this count. */
const MAX_ENTRIES = 300;
/** Query strings longer than this are not worth a copy (and cannot push the useful ones out). */
const MAX_QUERY_LENGTH = 200;
/**
 * The query parameters that change a kept page: /shop's filters (domain/catalog.ts). A URL with any
 * other parameter (a tracking tag, a cache-buster) is rendered but not kept, so made-up query
 * strings cannot fill the cache with copies of the same page (each /shop copy is tens of kB).
 */
const KEPT_QUERY_KEYS: Record<string, ReadonlySet<string>> = {
  "/shop": new Set(["q", "series", "series[]", "liquor_type", "unsold", "unselect_series", "page"]),
};
const NO_QUERY_KEYS: ReadonlySet<string> = new Set();

/** A kept page, encoded once: the bytes between its holes, and which value goes in each hole. */
interface CachedPage {
  parts: Buffer[];
  holes: Array<"csrf" | "nonce">;
  headers: Record<string, string>;
  storedAt: number;
  /** Which products' availability the page shows. */
  reads: AvailabilityReads;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when this guest request renders a page that will be kept (see PageCache). */
    pageCacheKey: string | null;
  }
}

/** The parts of a Fastify request and reply the cache uses (the page route's are typed more widely). */
type PageRequest = Pick<FastifyRequest, "method" | "url" | "user" | "staff" | "sessionExpired" | "locale" | "sessionId" | "pageCacheKey">;
interface PageReply {
  header(name: string, value: string): unknown;
  headers(values: Record<string, string>): unknown;
  send(payload: Buffer): unknown;
  cspNonce?: { script: string } | null;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  /** Bumped by every invalidation, so a render that began before a change is never kept after it. */
  private generation = 0;
  // Random per process: catalogue text a trader writes can never contain them by accident or design.
  private readonly csrfPlaceholder = `kuraCsrf${crypto.randomBytes(12).toString("hex")}`;
  private readonly noncePlaceholder = `kuraNonce${crypto.randomBytes(12).toString("hex")}`;

  constructor(
    /** The visitor's CSRF token (an HMAC of the session id). */
    private readonly csrfToken: (request: PageRequest) => string,
    private readonly now: () => number = Date.now,
  ) {}

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Drops the copies that show any of these products' availability (and renders under way). */
  dropShowing(productIds: number[]): void {
    this.generation += 1;
    for (const [key, page] of this.entries) if (page.reads.shows(productIds)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The key of a request whose page may come from (and go into) the cache, or null. */
  keyFor(request: PageRequest): string | null {
    if (request.method !== "GET" || request.user || request.staff || request.sessionExpired) return null;
    const queryAt = request.url.indexOf("?");
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    if (queryAt >= 0 && request.url.length - queryAt > MAX_QUERY_LENGTH) return null;
    if (!CACHED_PATHS.some((pattern) => pattern.test(path))) return null;
    if (queryAt >= 0) {
      const kept = KEPT_QUERY_KEYS[path] ?? NO_QUERY_KEYS;
      for (const name of new URLSearchParams(request.url.slice(queryAt + 1)).keys()) if (!kept.has(name)) return null;
    }
    return `${request.locale} ${request.url}`;
  }

  /**
   * preHandler of the page route: answers a kept page at once, or marks the request so that its
   * render is made with placeholders and kept (see `capture`).
   */
  serve = async (request: PageRequest, reply: PageReply): Promise<unknown> => {
    request.pageCacheKey = null;
    const key = this.keyFor(request);
    if (!key) return;
    const cached = this.entries.get(key);
    if (cached && this.now() - cached.storedAt < TTL_MS) {
      reply.headers(cached.headers);
      reply.header("x-page-cache", "hit");
      // Returning the reply tells Fastify the hook answered: the page route does not run.
      return reply.send(this.fill(cached, request, reply));
    }
    if (cached) this.entries.delete(key);
    request.pageCacheKey = key;
    return undefined;
  };

  /**
   * What the page is rendered with instead of the visitor's own token and nonce, and where it goes;
   * `reads` is filled with the products the render shows (CatalogService.recordingReader).
   */
  capture(request: PageRequest, reply: PageReply, reads: AvailabilityReads): { csrfToken: string; nonce: string; pageCapture: PageCapture } | null {
    const key = request.pageCacheKey;
    if (!key) return null;
    const generation = this.generation;
    return {
      csrfToken: this.csrfPlaceholder,
      nonce: this.noncePlaceholder,
      pageCapture: {
        finish: (html, status, headers) => {
          if (status === 200 && generation === this.generation) {
            const kept: Record<string, string> = {};
            headers.forEach((value, name) => {
              if (name !== "set-cookie") kept[name] = value;
            });
            this.store(key, { ...this.template(html), headers: kept, storedAt: this.now(), reads });
          }
          reply.header("x-page-cache", "miss");
          return html.replaceAll(this.csrfPlaceholder, this.csrfToken(request)).replaceAll(this.noncePlaceholder, reply.cspNonce?.script ?? "");
        },
      },
    };
  }

  private store(key: string, page: CachedPage): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, page);
  }

  /** Splits a page at its placeholders and encodes the rest once (UTF-8 of /shop is ~85 kB). */
  private template(html: string): Pick<CachedPage, "parts" | "holes"> {
    const pieces = html.split(new RegExp(`(${this.csrfPlaceholder}|${this.noncePlaceholder})`));
    return {
      parts: pieces.filter((_, index) => index % 2 === 0).map((piece) => Buffer.from(piece, "utf8")),
      holes: pieces.filter((_, index) => index % 2 === 1).map((hole) => (hole === this.csrfPlaceholder ? "csrf" : "nonce")),
    };
  }

  /** A kept page with this visitor's CSRF token and this response's nonce in its holes. */
  private fill(page: CachedPage, request: PageRequest, reply: PageReply): Buffer {
    const values = { csrf: Buffer.from(this.csrfToken(request)), nonce: Buffer.from(reply.cspNonce?.script ?? "") };
    const chunks: Buffer[] = [page.parts[0]!];
    page.holes.forEach((hole, index) => chunks.push(values[hole], page.parts[index + 1]!));
    return Buffer.concat(chunks);
  }
}
