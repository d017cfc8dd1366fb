import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// Kept pages, the catalogue API and the build's assets as a browser asks for them (decision 066):
// Chromium's Accept-Encoding, one compression each (not again by @fastify/compress), Vary,
// Content-Length, HEAD and 304. Pages come from the production build.

const CHROMIUM = "gzip, deflate, br, zstd";
let shop: TestApp;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("scripts/ensure-build.mjs failed");
  shop = await createTestApp({}, undefined, { pages: "production" });
  const make = new CatalogFactory(shop.database.db);
  for (let index = 1; index <= 12; index++) await make.product({ name: { ja: `純米吟醸 ${index}`, en: `Junmai ginjo ${index}` }, stock: 20 });
  shop.app.services.catalog.invalidate();
}, 900_000);

afterAll(async () => {
  await shop?.close();
});

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === "gzip") return zlib.gunzipSync(body).toString("utf8");
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString("utf8");
  if (encoding === "zstd") return zlib.zstdDecompressSync(body).toString("utf8");
  expect(encoding).toBeUndefined();
  return body.toString("utf8");
}

/** The page without what differs per answer (token, nonce). */
function stable(html: string): string {
  return html
    .replace(/content="[A-Za-z0-9_-]{43}"/g, "TOKEN")
    .replace(/[0-9a-f]{32}/g, "NONCE")
    .replace(/"csrfToken":"[^"]+"/g, "TOKEN");
}

describe("a kept page with a browser's Accept-Encoding", () => {
  it("goes out as the kept gzip with Vary and Content-Length, the same page as uncompressed, HEAD alike", async () => {
    const guest = shop.browserSession();
    const ask = (method: "GET" | "HEAD", acceptEncoding?: string) =>
      shop.app.inject({
        method,
        url: "/shop",
        headers: { cookie: `${guest.cookie}; age_confirmed=1`, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
      });
    await ask("GET", CHROMIUM);
    const kept = await ask("GET", CHROMIUM);
    expect(kept.headers["x-page-cache"]).toBe("hit");
    expect(kept.headers["content-encoding"]).toBe("gzip");
    expect(String(kept.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(kept.headers["content-length"])).toBe(kept.rawPayload.length);
    const plain = await ask("GET");
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    const html = decoded("gzip", kept.rawPayload);
    expect(html).toContain("純米吟醸 12");
    expect(stable(html)).toBe(stable(plain.body));
    const head = await ask("HEAD", CHROMIUM);
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of ["content-encoding", "content-length", "content-type"]) expect(head.headers[name], name).toBe(kept.headers[name]);
    // Brotli only: compressed for this answer by @fastify/compress, at its per-answer level.
    const brotli = await ask("GET", "br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(stable(decoded("br", brotli.rawPayload))).toBe(stable(plain.body));
  });
});

describe("the catalogue API with a browser's Accept-Encoding", () => {
  it("answers in the kept brotli once compressed, never compressed twice, with Vary", async () => {
    const first = await shop.app.inject({ method: "GET", url: "/api/products", headers: { "accept-encoding": CHROMIUM } });
    const second = await shop.app.inject({ method: "GET", url: "/api/products", headers: { "accept-encoding": CHROMIUM } });
    const plain = await shop.app.inject({ method: "GET", url: "/api/products" });
    for (const answer of [first, second]) {
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(Number(answer.headers["content-length"])).toBe(answer.rawPayload.length);
      expect(JSON.parse(decoded("br", answer.rawPayload))).toEqual(plain.json());
    }
    // The very bytes kept: the same Buffer's content on every answer.
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    const zstd = await shop.app.inject({ method: "GET", url: "/api/products", headers: { "accept-encoding": "gzip;q=0.5, zstd" } });
    expect(zstd.headers["content-encoding"]).toBe("zstd");
    expect(JSON.parse(decoded("zstd", zstd.rawPayload))).toEqual(plain.json());
  });
});

describe("the build's scripts and styles", () => {
  it("ship compressed beside the files and are served so, with Vary, ETag and 304", async () => {
    const assets = path.resolve("build/client/assets");
    const script = fs.readdirSync(assets).find((name) => name.endsWith(".js") && fs.existsSync(path.join(assets, `${name}.br`)));
    expect(script).toBeDefined();
    const url = `/assets/${script}`;
    const raw = fs.readFileSync(path.join(assets, script!));
    const br = await shop.app.inject({ method: "GET", url, headers: { "accept-encoding": CHROMIUM } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload.equals(fs.readFileSync(path.join(assets, `${script}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(raw)).toBe(true);
    const gz = await shop.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).equals(raw)).toBe(true);
    const plain = await shop.app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(raw)).toBe(true);
    // Each form is its own representation with its own ETag, and a revalidation answers 304.
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await shop.app.inject({ method: "GET", url, headers: { "accept-encoding": CHROMIUM, "if-none-match": String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await shop.app.inject({ method: "HEAD", url, headers: { "accept-encoding": CHROMIUM } });
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(br.headers["content-length"]);
    // The compressed files are not addresses of their own.
    expect((await shop.app.inject({ method: "GET", url: `${url}.br` })).statusCode).toBe(404);
  });
});
