import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import type { UserResource } from "../../domain/account.ts";
import { visitorJson } from "../../domain/visitor.ts";
import type { PageCapture, SessionUser } from "../../web/load-context.ts";
import type { AvailabilityReads } from "../catalog/catalog.reads.ts";
import { gzipChunks, makeGzipTemplate, type GzipTemplate } from "./gzip-template.ts";
import { chooseEncoding, COMPRESS_THRESHOLD, varyOnEncoding, zlibCompressor, type Compressor } from "./kept-encodings.ts";

/**
 * Public catalogue pages, kept as rendered HTML: /shop costs 5-10 ms of React Router and React
 * rendering (measured, docs/performance.md), the same bytes for every guest but two — the CSRF
 * token and the CSP nonce. Those pages are rendered once with random placeholders in their place,
 * kept, and every guest gets the copy with their own token and this response's nonce written in.
 *
 * Members differ from guests in the header (My Page and Log Out instead of Log In) and in the
 * visitor block (web/shared/auth/visitor.tsx) that hands the member to the browser; nothing else on
 * these pages reads the member. So members share a second copy of each page, rendered once with a
 * stand-in member whose JSON is a third placeholder, and each member's own JSON is written in when
 * it is answered (decision 044). A real member's data never reaches a kept copy: the render that is
 * kept never sees one, and a copy that shows any of the stand-in's fields outside the visitor block
 * is not kept. Staff and ended sessions always get a fresh render.
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
/** Whether a URL is one of the catalogue pages kept for visitors (its query aside). */
export function isKeptPagePath(url: string): boolean {
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  return CACHED_PATHS.some((pattern) => pattern.test(path));
}
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

type Hole = "csrf" | "nonce" | "visitor";

/** A kept page, encoded once: the bytes between its holes, and which value goes in each hole. */
interface CachedPage {
  parts: Buffer[];
  holes: Hole[];
  headers: Record<string, string>;
  storedAt: number;
  /** Which products' availability the page shows. */
  reads: AvailabilityReads;
  /** The page as gzip, its pieces compressed once: made for the first answer that takes gzip (decision 066). */
  gzip?: Promise<GzipTemplate>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when this request renders a page that will be kept (see PageCache). */
    pageCacheKey: string | null;
  }
}

/** The parts of a Fastify request and reply the cache uses (the page route's are typed more widely). */
type PageRequest = Pick<FastifyRequest, "method" | "url" | "user" | "staff" | "sessionExpired" | "locale" | "ageConfirmed" | "sessionId" | "pageCacheKey"> & {
  headers: { "accept-encoding"?: string | string[] | undefined };
};
interface PageReply {
  header(name: string, value: string): unknown;
  getHeader(name: string): unknown;
  headers(values: Record<string, string>): unknown;
  send(payload: Readable): unknown;
  cspNonce?: { script: string } | null;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  /** Bumped by every invalidation, so a render that began before a change is never kept after it. */
  private generation = 0;
  // Random per process: catalogue text a trader writes can never contain them by accident or design.
  private readonly csrfPlaceholder = `kuraCsrf${crypto.randomBytes(12).toString("hex")}`;
  private readonly noncePlaceholder = `kuraNonce${crypto.randomBytes(12).toString("hex")}`;
  private readonly visitorPlaceholder = `kuraVisitor${crypto.randomBytes(12).toString("hex")}`;
  /** The member the members' copies are rendered for: every field a marker no real member has. */
  private readonly standIn: UserResource = standInMember();

  constructor(
    /** The visitor's CSRF token (an HMAC of the session id). */
    private readonly csrfToken: (request: PageRequest) => string,
    private readonly now: () => number = Date.now,
    /** The compression of kept copies (tests count its calls). */
    private readonly compressor: Compressor = zlibCompressor,
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
    if ((request.method !== "GET" && request.method !== "HEAD") || request.staff || request.sessionExpired) return null;
    const queryAt = request.url.indexOf("?");
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    if (queryAt >= 0 && request.url.length - queryAt > MAX_QUERY_LENGTH) return null;
    if (!CACHED_PATHS.some((pattern) => pattern.test(path))) return null;
    if (queryAt >= 0) {
      const kept = KEPT_QUERY_KEYS[path] ?? NO_QUERY_KEYS;
      for (const name of new URLSearchParams(request.url.slice(queryAt + 1)).keys()) if (!kept.has(name)) return null;
    }
    // A visitor who passed the age gate gets the page without it (decision 056): a copy of its own.
    return `${request.user ? "member" : "guest"}${request.ageConfirmed ? " adult" : ""} ${request.locale} ${request.url}`;
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
      varyOnEncoding(reply);
      const values = this.values(request, reply);
      const gzip = await this.gzipChunks(cached, request, values);
      if (gzip) {
        // @fastify/compress leaves an answer that has a Content-Encoding alone.
        reply.header("content-encoding", "gzip");
        return reply.send(sendParts(gzip, reply));
      }
      // Returning the reply tells Fastify the hook answered: the page route does not run.
      return reply.send(sendParts(this.fill(cached, values), reply));
    }
    if (cached) this.entries.delete(key);
    // A HEAD answer's render is not kept (its body may not be the page's).
    if (request.method === "GET") request.pageCacheKey = key;
    return undefined;
  };

  /**
   * The kept page as gzip for this answer, when the request takes gzip before anything else this
   * server offers at once (pages are offered as gzip, then zstd and brotli compressed per answer by
   * @fastify/compress: decision 066), or null to answer the page uncompressed here.
   */
  private async gzipChunks(page: CachedPage, request: PageRequest, values: Record<Hole, Buffer>): Promise<Buffer[] | null> {
    if (page.parts.reduce((total, part) => total + part.length, 0) < COMPRESS_THRESHOLD) return null;
    if (chooseEncoding(request.headers["accept-encoding"], ["gzip", "zstd", "br"]) !== "gzip") return null;
    if (!page.gzip) {
      // The token and nonce have one length for every visitor; a member's JSON does not.
      const made = makeGzipTemplate(page.parts, (index) => (page.holes[index] === "visitor" ? null : values[page.holes[index]!].length), this.compressor);
      page.gzip = made;
      made.catch(() => {
        if (page.gzip === made) delete page.gzip;
      });
    }
    let template: GzipTemplate;
    try {
      template = await page.gzip;
    } catch {
      return null;
    }
    return gzipChunks(
      template,
      page.parts,
      page.holes.map((hole) => values[hole]),
    );
  }

  /**
   * What the page is rendered with instead of the visitor's own token, nonce and member, and where
   * it goes; `reads` is filled with the products the render shows (CatalogService.recordingReader).
   */
  capture(
    request: PageRequest,
    reply: PageReply,
    reads: AvailabilityReads,
  ): { csrfToken: string; nonce: string; user: SessionUser | null; visitor: { user: SessionUser | null; json: string }; pageCapture: PageCapture } | null {
    const key = request.pageCacheKey;
    if (!key) return null;
    const generation = this.generation;
    const member = request.user !== null;
    const user = member ? this.standIn : null;
    return {
      csrfToken: this.csrfPlaceholder,
      nonce: this.noncePlaceholder,
      user,
      visitor: { user, json: member ? this.visitorPlaceholder : visitorJson(null) },
      pageCapture: {
        finish: (html, status, headers) => {
          if (status === 200 && generation === this.generation && !(member && this.showsStandIn(html))) {
            const kept: Record<string, string> = {};
            headers.forEach((value, name) => {
              if (name !== "set-cookie") kept[name] = value;
            });
            this.store(key, { ...this.template(html), headers: kept, storedAt: this.now(), reads });
          }
          reply.header("x-page-cache", "miss");
          return html
            .replaceAll(this.csrfPlaceholder, this.csrfToken(request))
            .replaceAll(this.noncePlaceholder, reply.cspNonce?.script ?? "")
            .replaceAll(this.visitorPlaceholder, visitorJson(request.user));
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

  /**
   * True when a member's render shows the stand-in anywhere but in the visitor block: some
   * component drew the member's own data, which a shared copy must not hold.
   */
  private showsStandIn(html: string): boolean {
    const fields = [String(this.standIn.id), this.standIn.email, this.standIn.user_name, this.standIn.tel];
    if (fields.some((field) => html.includes(field))) {
      console.warn("page cache: a member's page shows the member's own data; it is rendered for every member instead of kept");
      return true;
    }
    return false;
  }

  /** Splits a page at its placeholders and encodes the rest once (UTF-8 of /shop is ~65 kB). */
  private template(html: string): Pick<CachedPage, "parts" | "holes"> {
    const names: Record<string, Hole> = { [this.csrfPlaceholder]: "csrf", [this.noncePlaceholder]: "nonce", [this.visitorPlaceholder]: "visitor" };
    const pieces = html.split(new RegExp(`(${Object.keys(names).join("|")})`));
    return {
      parts: pieces.filter((_, index) => index % 2 === 0).map((piece) => Buffer.from(piece, "utf8")),
      holes: pieces.filter((_, index) => index % 2 === 1).map((hole) => names[hole]!),
    };
  }

  /**
   * A kept page with this visitor's CSRF token, this response's nonce and (a member's copy) this
   * member: the kept parts and the small values between them, written to the socket as they are.
   * Joining them into one Buffer copied the whole page (~85 kB) on every answer, and thousands of
   * those copies a second, freed only at V8's next collection, grew the process's malloc heap by
   * 30-80 MB under load (decision 048).
   */
  private fill(page: CachedPage, values: Record<Hole, Buffer>): Buffer[] {
    const chunks: Buffer[] = [page.parts[0]!];
    page.holes.forEach((hole, index) => chunks.push(values[hole], page.parts[index + 1]!));
    return chunks;
  }

  /** This visitor's CSRF token, this response's nonce and (a member's copy) this member. */
  private values(request: PageRequest, reply: PageReply): Record<Hole, Buffer> {
    return {
      csrf: Buffer.from(this.csrfToken(request)),
      nonce: Buffer.from(reply.cspNonce?.script ?? ""),
      visitor: Buffer.from(visitorJson(request.user)),
    };
  }
}

/** The length is known: the answer goes out with content-length (not chunked), as a Buffer did. */
function sendParts(chunks: Buffer[], reply: PageReply): Readable {
  reply.header("content-length", String(chunks.reduce((total, chunk) => total + chunk.length, 0)));
  return partsStream(chunks);
}

/** A stream of these Buffers, pushed at once: Node's response corks the socket, so they leave in one write. */
function partsStream(chunks: Buffer[]): Readable {
  let pushed = false;
  return new Readable({
    read() {
      if (pushed) return;
      pushed = true;
      for (const chunk of chunks) this.push(chunk);
      this.push(null);
    },
  });
}

/**
 * A member no one is: random markers in every field (an id no serial column reaches), so the
 * members' copy can be searched for them (showsStandIn).
 */
function standInMember(): UserResource {
  const marker = crypto.randomBytes(9).toString("hex");
  return {
    id: 900_000_000_000 + crypto.randomInt(1, 99_999_999),
    email: `member-${marker}@stand-in.invalid`,
    user_name: `kuraMemberName${marker}`,
    tel: `kuraMemberTel${marker}`,
    birth_date: null,
    birthday_coupon: false,
    unconfirmed_email: null,
  };
}
