import crypto from "node:crypto";
import fc from "fast-check";
import type * as FastifyModule from "fastify";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CARDS, CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { testTime } from "../testing/test-time.ts";

// Property: whatever a visitor sends (hostile values in every query, path and body field), no
// route the app registers answers 5xx, no value reaches PostgreSQL to be refused there (the error
// mapper's net would hide that as a 400), and the process keeps serving. The routes are collected
// from Fastify itself, as the authorization matrix does, so a new route is fuzzed without being
// listed here; EXAMPLES only give a well-formed request to start from, so that a hostile value in
// one field gets past the checks of the others.
//
// `npm test` runs a fixed seed and a few random cases per route and visitor on top of the
// systematic ones; `npm run fuzz` runs FUZZ_RUNS (default 100) per route and visitor with a new
// seed each time, printed with the totals; FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.FUZZ_RUNS ? Date.now() % 2 ** 31 : 20261123));

const routeLog: RouteOptions[] = vi.hoisted(() => []);
/** Errors that reached the error mapper with a SQLSTATE: a value got to the database past every check. */
const databaseErrors: { route: string; code: string }[] = vi.hoisted(() => []);

vi.mock("fastify", async (importOriginal) => {
  const { fastifyWatching } = await import("../testing/fastify-spies.ts");
  return fastifyWatching(await importOriginal<typeof FastifyModule>(), (app) => {
    app.addHook("onRoute", (route) => {
      routeLog.push(route);
    });
    // The error mapper turns PostgreSQL's refusals into 400s (the net): the fuzz wants to see them.
    app.addHook("onError", async (request, _reply, error) => {
      for (
        let current: unknown = error, depth = 0;
        current && typeof current === "object" && depth < 5;
        current = (current as { cause?: unknown }).cause, depth += 1
      ) {
        const code = (current as { code?: unknown }).code;
        if (typeof code === "string" && /^(22|23|54)/.test(code)) databaseErrors.push({ route: `${request.method} ${request.routeOptions.url}`, code });
      }
    });
  });
});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const VISITORS = ["guest", "member", "staff"] as const;
type Visitor = (typeof VISITORS)[number];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Example {
  query?: Record<string, string>;
  body?: Json;
}

interface Fixtures {
  product: number;
  exhibit: number;
  order: string;
  paymentMethod: string;
}

/** A well-formed request per route where one helps the hostile value reach the database ("METHOD /path", /ja/api and /en/api written as /api). */
function examples(f: Fixtures): Record<string, Example> {
  const order = orderPayload([{ id: f.product, amount: 1 }]) as unknown as Json;
  return {
    "GET /api/products": { query: { unsold: "0", liquor_type: "sake", "series[]": "abc" } },
    "GET /api/countries": { query: { q: "jap" } },
    "GET /api/shipping": { query: { id: "jp" } },
    "POST /api/fee": { body: { price: 1000 } },
    "PUT /api/carts": { body: { cart: { products: { [String(f.product)]: 1 } } } },
    "POST /api/checkout": { body: order },
    "POST /api/inquiries": { body: { inquiry: { name: "田中", email: "a@example.com", subject: "在庫", message: "教えて" } } },
    "PUT /api/users": { body: { api_user: { user_name: "山田", tel: "090-1234-5678", email: "new@example.com", current_password: "x" } } },
    "DELETE /api/users": { body: { api_user: { current_password: "wrong password" } } },
    "POST /api/users/sign_in": { body: { api_user: { email: "nobody@example.com", password: "password1", remember_me: false } } },
    "POST /api/users": { body: { api_user: { email: "new@example.com", password: "password1", password_confirmation: "password1" } } },
    "POST /api/users/password": { body: { api_user: { email: "nobody@example.com" } } },
    "PUT /api/users/password": { body: { api_user: { reset_password_token: "abc", password: "password1", password_confirmation: "password1" } } },
    "POST /api/users/confirmation": { body: { api_user: { email: "nobody@example.com" } } },
    "POST /api/users/unlock": { body: { api_user: { email: "nobody@example.com" } } },
    "GET /api/users/confirmation": { query: { confirmation_token: "abc" } },
    "GET /api/users/unlock": { query: { unlock_token: "abc" } },
    "PUT /api/address": { body: { address: { country: "jp", zip: "111-0051", prefecture: 13, address: "台東区蔵前3-14-7", building_name: "" } } },
    "GET /api/orders": { query: { page: "1" } },
    "POST /api/magazine/subscriptions": { body: { subscription: { email: "reader@example.com", consent: true } } },
    "GET /api/magazine/confirm": { query: { token: "abc" } },
    "GET /api/magazine/unsubscribe": { query: { token: "abc" } },
    "POST /api/magazine/unsubscribe": { body: { token: "abc" } },
    "PUT /api/magazine/subscription": { body: { subscribed: true } },
    "PUT /api/cards": { body: { setup_intent_id: "seti_unknown" } },
    "POST /test-gateway/payment_methods": {
      body: {
        card: { number: CARDS.visa, exp_month: 12, exp_year: new Date().getFullYear() + 1, cvc: "123" },
        billing_details: { name: "山田" },
        locale: "ja",
      },
    },
    "GET /test-gateway/intent": { query: { client_secret: "pi_x_secret_y" } },
    "POST /test-gateway/setup_intents/confirm": { body: { client_secret: "seti_x_secret_y", payment_method: f.paymentMethod, locale: "ja" } },
    "POST /test-gateway/3ds/:id": { body: { client_secret: "pi_x_secret_y", result: "complete" } },
    "POST /admin/api/session": { body: { email: "nobody@example.com", password: "password1" } },
    "POST /admin/api/unlock": { body: { email: "nobody@example.com" } },
    "GET /admin/api/unlock": { query: { token: "1.4102444800000.abc" } },
    "GET /admin/api/orders": { query: { status: "pending", payment_method: "bank", from: "2026-01-01", to: "2026-12-31", q: "山田", page: "1" } },
    "GET /admin/api/orders/export.csv": { query: { status: "pending", q: "山田" } },
    "GET /admin/api/orders/b2-cloud.csv": { query: { status: "await_payment", q: "山田" } },
    "POST /admin/api/orders/:id/ship": { body: { slip_number: "1234-5678-9012" } },
    "POST /admin/api/orders/:id/shipments/:number/ship": { body: { slip_number: "1234-5678-9012" } },
    "POST /admin/api/orders/:id/slip": { body: { slip_number: "1234-5678-9012", carrier: "yamato", notify: true } },
    "POST /admin/api/orders/:id/adjustments": { body: { kind: "discount", label_ja: "値引き", amount_before_tax: -500, tax_rate: 10 } },
    "POST /admin/api/direct_uploads": {
      body: { blob: { filename: "a.png", content_type: "image/png", byte_size: 100, checksum: "AAAAAAAAAAAAAAAAAAAAAA==" } },
    },
    "GET /admin/api/products": { query: { q: "酒", published: "published", low_stock: "1" } },
    "POST /admin/api/products": { body: { name_ja: "酒", name_en: "Sake", price: 1000, stock: 1, series_ids: [1], liquor_type: "sake" } },
    "PATCH /admin/api/products/:id": { body: { name_ja: "酒", price: 1000, series_ids: [1] } },
    "POST /admin/api/products/:id/restock": { body: { amount: 1 } },
    "POST /admin/api/products/:id/images": { body: { signed_id: "abc" } },
    "PUT /admin/api/products/:id/images": { body: { image_ids: [1] } },
    "POST /admin/api/exhibits": { body: { name_ja: "展示", name_en: "Exhibit", description_ja: "", description_en: "" } },
    "PATCH /admin/api/exhibits/:id": { body: { name_ja: "展示" } },
    "POST /admin/api/exhibits/:id/images": { body: { signed_id: "abc" } },
    "PUT /admin/api/exhibits/:id/images": { body: { image_ids: [1] } },
    "POST /admin/api/series": { body: { name_ja: "系", name_en: "s", parent_id: 1, sort_order: 0 } },
    "PATCH /admin/api/series/:id": { body: { name_ja: "系", parent_id: 1 } },
    "POST /admin/api/liquor_types": { body: { key: "kind", label_ja: "酒", label_en: "Sake", sort_order: 0 } },
    "PATCH /admin/api/liquor_types/:key": { body: { label_ja: "酒" } },
    "GET /admin/api/reports/liquor-sales": { query: { year: "2026", format: "json" } },
    "GET /admin/api/magazine/subscribers": { query: { status: "all", format: "json" } },
    "POST /admin/api/magazine/issues": { body: { subject: "便り", body: "本文" } },
    "POST /admin/api/inquiries/:id/handled": { body: { handled: true } },
    "POST /admin/api/inquiries/:id/replies": { body: { body: "回答" } },
    "GET /admin/api/members": { query: { q: "山田", page: "1" } },
    "POST /admin/api/staff": { body: { email: "staff2@example.com", role: "staff" } },
    "POST /admin/api/settings": { body: { name: { ja: "蔵", en: "Kura" }, phone: "03-0000-0000" } },
  };
}

/** Paths of a route with its parameters filled: existing ids where the fixtures have them. */
function pathParameterExample(name: string, f: Fixtures): string {
  if (name === "id") return "1";
  if (name === "imageId") return "1";
  if (name === "file") return "240w.jpg";
  if (name === "key") return "sake";
  if (name === "zip3") return "111";
  if (name === "locale") return "ja";
  if (name === "*") return "anything";
  return f.order;
}

// --- hostile values ---

const loneSurrogate = fc.constantFrom("\ud800", "\udfff", "a\ud83dz", "\udc00\ud800");
const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const withControlCharacter = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b@example.com", "\u0000\u0000", "\u007f", "a\rb", "a\nb", "a\u0008b"),
  fc.tuple(fc.string({ maxLength: 8 }), controlCharacter, fc.string({ maxLength: 8 })).map(([a, c, b]) => a + c + b),
);
const outOfRange = fc.constantFrom(
  2_147_483_648,
  -2_147_483_649,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  0.5,
  -1,
  0,
  1e-7,
  2 ** 31 - 0.5,
  "2147483648",
  "-2147483649",
  "9223372036854775808",
  "99999999999999999999999",
  "1e400",
  "-0",
  "NaN",
  "Infinity",
  "0x10",
  "1.5",
  "",
);
/**
 * Return paths a browser reads as another host, or that break the Location header: TAB, CR, LF
 * and CRLF (browsers drop them), backslashes (read as "/"), full-width look-alikes of / and \\,
 * raw and percent-encoded.
 */
const REDIRECT_SEEDS = [
  "/\t/evil.example/phish",
  "/\n/x",
  "/\r/x",
  "/\r\n/x",
  "\t//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/／evil.example",
  "／／evil.example",
  "/＼evil.example",
  "＼＼evil.example",
  "/%EF%BC%8F/evil.example",
  "%EF%BC%8F%EF%BC%8Fevil.example",
  "//evil.example",
  "https://evil.example/",
  "/%09/evil.example",
  "/%0d%0a/x",
  "/%5Cevil.example",
];
const oddString = fc.oneof(
  fc.constantFrom(...REDIRECT_SEEDS),
  fc.constantFrom("%00", "\\u0000", "\ufeff", "\u202e", "../../etc/passwd", "' OR 1=1 --", "<script>", "x".repeat(100_000), "日本酒".repeat(34_000)),
  fc.string({ unit: "binary", maxLength: 20 }),
);
const leaf: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: withControlCharacter },
  { weight: 2, arbitrary: loneSurrogate },
  { weight: 3, arbitrary: outOfRange },
  { weight: 2, arbitrary: oddString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)) },
);
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 12, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("id", "a", "__proto__", "constructor", "0"), leaf, { maxKeys: 2 }) },
  { weight: 1, arbitrary: fc.constant(nested(40)) },
  { weight: 1, arbitrary: fc.constant([] as Json) },
  { weight: 1, arbitrary: fc.constant({} as Json) },
);

function nested(depth: number): Json {
  let value: Json = "\u0000";
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

/** Every path to a leaf of a well-formed body, so a case can put the hostile value there. */
function leafPaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? value.flatMap((each, index) => leafPaths(each, [...prefix, index])) : [prefix];
  if (value && typeof value === "object") {
    const keys = Object.keys(value);
    return keys.length ? keys.flatMap((key) => leafPaths(value[key]!, [...prefix, key])) : [prefix];
  }
  return [prefix];
}

function replaced(value: Json, path: (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy: Json = Array.isArray(value) ? [...value] : value && typeof value === "object" ? { ...value } : {};
  (copy as Record<string | number, Json>)[head!] = replaced((copy as Record<string | number, Json>)[head!] ?? null, rest, replacement);
  return copy;
}

/** Field names the app reads somewhere, for bodies and queries of routes without an example. */
const FIELD_NAMES = [
  "id",
  "page",
  "q",
  "email",
  "password",
  "name",
  "token",
  "status",
  "items",
  "amount",
  "price",
  "address",
  "zip",
  "country",
  "prefecture",
  "memo",
  "payment_method",
  "subject",
  "message",
  "body",
  "key",
  "locale",
  "format",
  "year",
  "client_secret",
];

interface Case {
  pathValues: Record<string, string>;
  query: Record<string, Json>;
  body: Json | undefined;
  rawBody?: string;
  rawQuery?: string;
}

/** Hostile path segments: out-of-range and non-integer ids, encoded NUL and lone surrogates, huge segments. */
const hostileSegment = fc.oneof(
  fc.constantFrom("2147483648", "-1", "0", "1.5", "1e3", "99999999999999999999", "%00", "a%00b", "%ED%A0%80", "%C0%80", "%FF", "%2F", "..", "%20", "-0", "0x1"),
  fc.constant("9".repeat(5000)),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);

/** A raw query or body in one case of ten: most cases should reach the handler with one hostile field. */
function rarely<T>(values: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: values });
}

function caseArbitrary(params: string[], example: Example, method: Method): fc.Arbitrary<Case> {
  const pathValues = fc.record(Object.fromEntries(params.map((name) => [name, fc.option(hostileSegment, { freq: 2, nil: undefined })]))) as fc.Arbitrary<
    Record<string, string | undefined>
  >;
  const queryKeys = Object.keys(example.query ?? {});
  const query = fc
    .tuple(fc.constantFrom(...(queryKeys.length ? queryKeys : FIELD_NAMES)), hostileValue, fc.boolean())
    .map(([key, value, keepOthers]) => ({ ...(keepOthers ? example.query : {}), [key]: value }));
  const withBody = method !== "GET" && method !== "DELETE";
  const base: Json = example.body ?? {};
  const paths = leafPaths(base);
  const body: fc.Arbitrary<Json | undefined> = withBody
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .array(fc.tuple(fc.constantFrom(...paths), hostileValue), { minLength: 1, maxLength: 2 })
            .map((changes) => changes.reduce<Json>((body, [path, value]) => replaced(body, path, value), base)),
        },
        { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FIELD_NAMES), hostileValue).map(([key, value]) => ({ ...(base as object), [key]: value })) },
        { weight: 1, arbitrary: hostileValue },
      )
    : fc.constant(undefined);
  return fc.record({
    pathValues: pathValues.map((values) => Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined))),
    query: queryKeys.length || method === "GET" ? fc.oneof(fc.constant({}), query) : fc.constant({}),
    body,
    rawQuery: rarely(fc.constantFrom("id=%00", "q=%ED%A0%80", "page=2147483648", "token=a%00", "id[]=1&id[a]=2", "%FF=%FF", "year=%00")),
    rawBody: rarely(fc.constantFrom('{"a":"\\u0000"}', '{"a":"\\ud800"}', "{", "[1,2", '{"__proto__":{"x":1}}', "null", '"x"', "1e999")),
  });
}

function queryString(query: Record<string, Json>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const text = (each: Json) => (typeof each === "string" ? each : JSON.stringify(each));
    if (Array.isArray(value)) for (const each of value) params.append(key, text(each));
    else params.append(key, text(value));
  }
  // URLSearchParams turns a lone surrogate into U+FFFD: the raw queries of a case send the bytes themselves.
  return params.size ? `?${params.toString()}` : "";
}

/** The values every field of an example meets once, whatever the random cases draw. */
const CANONICAL: Json[] = ["a\u0000b@example.com", "\ud800", 2_147_483_648, "2147483648", ["x"], "x".repeat(100_000)];

/** Routes a guest cannot reach: their systematic cases run as a member (the back office's as staff). */
const MEMBER_ONLY = /^(PUT|DELETE) \/api\/users$|^GET \/api\/users$|\/api\/(address|cards|orders|magazine\/subscription)\b/;

function systematicCases(params: string[], example: Example, method: Method, visitor: Visitor): [Case, Visitor][] {
  const cases: Case[] = [];
  for (const name of params)
    for (const segment of ["2147483648", "-1", "1.5", "a%00b", "%ED%A0%80"]) cases.push({ pathValues: { [name]: segment }, query: {}, body: example.body });
  for (const key of Object.keys(example.query ?? {}))
    for (const value of CANONICAL) cases.push({ pathValues: {}, query: { ...example.query, [key]: value }, body: example.body });
  if (method !== "GET" && method !== "DELETE" && example.body !== undefined) {
    for (const path of leafPaths(example.body))
      for (const value of CANONICAL) cases.push({ pathValues: {}, query: example.query ?? {}, body: replaced(example.body, path, value) });
  }
  return cases.map((each) => [each, visitor]);
}

let shop: TestApp;
let routes: { key: string; method: Method; url: string }[];
let fixtures: Fixtures;
const sessions = {} as Record<Visitor, BrowserSession>;

const LOCALE_PREFIX = /^\/(ja|en)\/api(?=\/|$)/;

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "100000" });
  const registered = routeLog.splice(0);
  const make = new CatalogFactory(shop.database.db);
  const product = await make.product({ stock: 1000 });
  const order = await insertOrder(shop, { productId: product, status: "await_payment", method: "bank" });
  sessions.guest = shop.browserSession();
  sessions.member = await shop.memberSession();
  sessions.staff = await staffSession(shop, "owner");
  fixtures = {
    product,
    exhibit: await make.exhibit(),
    order: order.publicId,
    paymentMethod: await new CheckoutClient(shop).paymentMethod(sessions.guest, CARDS.visa),
  };
  // Each handler once: /ja/api and /en/api run the same handler as /api.
  const seen = new Set<string>();
  routes = registered
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method: method as Method, url: route.url })))
    .filter((route) => METHODS.includes(route.method))
    .map((route) => ({ ...route, key: `${route.method} ${route.url.replace(LOCALE_PREFIX, "/api")}` }))
    .filter((route) => !seen.has(route.key) && seen.add(route.key));
});

afterAll(async () => {
  await shop?.close();
});

/** Sign-out and account deletion would end the shared sessions: those run with a session of their own. */
const ENDS_SESSION = new Set(["DELETE /api/users/sign_out", "DELETE /admin/api/session", "DELETE /api/users"]);

describe("fuzzing every registered route with hostile input", () => {
  it("never answers 5xx, as guest, member and staff, and keeps serving", { timeout: testTime(120_000 + RUNS * 30_000) }, async () => {
    const table = examples(fixtures);
    const failures = new Map<string, string>();
    let cases = 0;
    let serverErrors = 0;
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      const example = table[route.key] ?? {};
      const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? "*");
      const systematic = systematicCases(
        params,
        example,
        route.method,
        route.url.startsWith("/admin") ? "staff" : MEMBER_ONLY.test(route.key) ? "member" : "guest",
      );
      await fc.assert(
        fc.asyncProperty(caseArbitrary(params, example, route.method), fc.constantFrom(...VISITORS), async (input, visitor) => {
          cases += 1;
          const path = route.url.replace(
            /:(\w+)|\*/g,
            (_, name: string | undefined) => input.pathValues[name ?? "*"] ?? pathParameterExample(name ?? "*", fixtures),
          );
          const session = ENDS_SESSION.has(route.key) ? shop.browserSession() : sessions[visitor];
          const withBody = input.body !== undefined;
          const headers: Record<string, string> = { ...session.headers, "idempotency-key": crypto.randomUUID() };
          if (withBody) headers["content-type"] = "application/json";
          const response = await shop.app.inject({
            method: route.method,
            url: path + (input.rawQuery ? `?${input.rawQuery}` : queryString(input.query)),
            headers,
            ...(withBody ? { payload: input.rawBody ?? JSON.stringify(input.body) } : {}),
          });
          if (response.statusCode >= 500) {
            serverErrors += 1;
            const shown = JSON.stringify({ path: path.slice(0, 120), query: input.query, body: input.rawBody ?? input.body }).slice(0, 400);
            if (!failures.has(route.key))
              failures.set(route.key, `${route.key} as ${visitor}: ${response.statusCode} ${response.body.slice(0, 100)} for ${shown}`);
          }
          // Recorded rather than failed at once: one run lists every route that answers 5xx, not the first.
          return true;
        }),
        {
          seed: SEED,
          // The systematic cases run first and count as runs: the random ones come on top.
          numRuns: systematic.length + RUNS * VISITORS.length,
          examples: systematic,
        },
      );
    }
    const health = await shop.app.inject({ method: "GET", url: "/healthz" });
    if (process.env.FUZZ_REPORT)
      console.info(
        `fuzz (seed ${SEED}): ${cases} cases over ${routes.length} routes, ${serverErrors} answered 5xx on ${failures.size} routes, ${databaseErrors.length} reached the database`,
      );
    expect([...failures.values()]).toEqual([]);
    // No hostile value got to the database: the checks refused each one before the net had to.
    expect([...new Set(databaseErrors.map((each) => `${each.route}: SQLSTATE ${each.code}`))]).toEqual([]);
    expect(health.statusCode).toBe(200);
    expect(cases).toBeGreaterThan(routes.length * RUNS);
  });

  it("redirects only to this site, never answering 5xx, whatever return path a visitor sends", { timeout: 120_000 }, async () => {
    const table = examples(fixtures);
    const guest = shop.browserSession();
    const get = (url: string) => shop.app.inject({ method: "GET", url, headers: guest.headers });
    const problems: string[] = [];
    let redirecting = 0;
    for (const route of routes.filter((each) => each.method === "GET")) {
      const example = table[route.key] ?? {};
      const path = route.url.replace(/:(\w+)|\*/g, (_, name: string | undefined) => pathParameterExample(name ?? "*", fixtures));
      // A route that redirects the example request is a redirecting route.
      const probe = await get(path + queryString(example.query ?? {}));
      if (probe.statusCode < 300 || probe.statusCode >= 400) continue;
      redirecting += 1;
      for (const key of new Set([...Object.keys(example.query ?? {}), "to", "redirect", "return_to", "next"])) {
        for (const seed of REDIRECT_SEEDS) {
          // The value sent raw (as typed into a link) and as a browser would encode it.
          for (const query of [`?${key}=${seed.replace(/[\s#&]/g, encodeURIComponent)}`, queryString({ ...example.query, [key]: seed })]) {
            // Same-site hops are followed (a mail link leads to /locale/…?to=, which leads on).
            let url = path + query;
            for (let hop = 0; hop < 3; hop += 1) {
              const response = await get(url);
              if (response.statusCode >= 500) problems.push(`${route.key} ${JSON.stringify(query)}: ${response.statusCode}`);
              const location = response.headers.location;
              if (typeof location !== "string") break;
              if (!isSameSite(location)) problems.push(`${route.key} ${JSON.stringify(query)}: Location ${JSON.stringify(location)}`);
              if (!isSameSite(location) || !location.startsWith("/")) break;
              url = location;
            }
          }
        }
      }
    }
    // The language switch, the mail links (confirmation, unlock, magazine) and the favicon.
    expect(redirecting).toBeGreaterThanOrEqual(5);
    expect(problems).toEqual([]);
  });
});

/** Where a browser would go: no control characters or backslashes, and the shop's own origin once resolved. */
function isSameSite(location: string): boolean {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(location)) return false;
  const shopOrigin = "http://shop.test";
  return new URL(location, `${shopOrigin}/somewhere/page`).origin === shopOrigin;
}
