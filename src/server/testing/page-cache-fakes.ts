import crypto from "node:crypto";
import type { Readable } from "node:stream";
import type { PageCache } from "../http/page-cache.ts";

// The page cache's request and reply without a server, for the tests of its rules
// (page-cache.test.ts) and of its kept encodings (kept-encodings.test.ts).

/** A request as the page cache reads it. */
export type FakeRequest = Parameters<PageCache["keyFor"]>[0];

/** A GET of `url` by a guest who has not passed the age gate, in a session of their own; `overrides` change any of it. */
export function pageRequest(url: string, overrides: Partial<FakeRequest> = {}): FakeRequest {
  return {
    method: "GET",
    url,
    user: null,
    staff: null,
    sessionExpired: false,
    locale: "ja",
    ageConfirmed: false,
    sessionId: crypto.randomBytes(16).toString("hex"),
    pageCacheKey: null,
    headers: {},
    ...overrides,
  };
}

/** The reply a page route hands the cache: its headers by lower-case name, what it sent, the page's nonce. */
export class FakeReply {
  sent: Readable | undefined;
  readonly headerValues: Record<string, string> = {};
  constructor(readonly cspNonce = { script: crypto.randomBytes(16).toString("hex") }) {}
  header(name: string, value: string) {
    this.headerValues[name.toLowerCase()] = value;
    return this;
  }
  getHeader(name: string) {
    return this.headerValues[name.toLowerCase()];
  }
  headers(values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) this.header(name, value);
    return this;
  }
  send(payload: Readable) {
    this.sent = payload;
    return this;
  }
}
