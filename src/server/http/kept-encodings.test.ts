import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { visitorJson } from "../../domain/visitor.ts";
import { AvailabilityReads } from "../catalog/catalog.reads.ts";
import { crc32Combine } from "./gzip-template.ts";
import { chooseEncoding, HAS_ZSTD, KeptBodies, zlibCompressor, type Compressor, type KeptEncoding } from "./kept-encodings.ts";
import { PageCache } from "./page-cache.ts";
import { memberResource } from "../testing/member-fixtures.ts";
import { FakeReply, pageRequest, type FakeRequest } from "../testing/page-cache-fakes.ts";

// Kept answers are compressed once and served as bytes (decision 066): the compression work is
// counted through an injected compressor, never timed.

const CHROMIUM = "gzip, deflate, br, zstd";

/** A compressor that counts its calls and then does the real work. */
function countingCompressor() {
  const calls = { br: 0, zstd: 0, gzip: 0, pieces: 0 };
  const compressor: Compressor = {
    whole: (encoding, body) => {
      calls[encoding] += 1;
      return zlibCompressor.whole(encoding, body);
    },
    deflatePiece: (piece, window, last) => {
      calls.pieces += 1;
      return zlibCompressor.deflatePiece(piece, window, last);
    },
  };
  return { calls, compressor };
}

function decode(encoding: string | undefined, bytes: Buffer): Buffer {
  switch (encoding) {
    case "br":
      return zlib.brotliDecompressSync(bytes);
    case "zstd":
      return zlib.zstdDecompressSync(bytes);
    case "gzip":
      return zlib.gunzipSync(bytes);
    case undefined:
      return bytes;
    default:
      throw new Error(`unexpected encoding ${encoding}`);
  }
}

/** An adult guest's GET of `url`, asking for `acceptEncoding`. */
function visitor(url: string, acceptEncoding: string | undefined, overrides: Partial<FakeRequest> = {}): FakeRequest {
  return pageRequest(url, { ageConfirmed: true, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }, ...overrides });
}

/** The CSRF token as the shop makes it: one length for every session. */
const tokenOf = (request: FakeRequest) => crypto.createHash("sha256").update(request.sessionId).digest("base64url");

/** A page like the shop's: tens of kB, the token twice, the nonce on several scripts, a member's JSON. */
function page(csrf: string, nonce: string, json: string): string {
  const tiles = Array.from(
    { length: 120 },
    (_, index) => `<li class="tile"><a href="/products/${index + 1}">純米吟醸 蔵の酒 ${index + 1}</a><span>¥${(index + 1) * 330}（税込）</span></li>`,
  ).join("");
  return (
    `<!DOCTYPE html><html lang="ja"><head><meta name="csrf-token" content="${csrf}"><style nonce="${nonce}">.tile{display:grid}</style>` +
    `<script nonce="${nonce}">window.a=1</script></head><body><ul>${tiles}</ul>` +
    `<script type="application/json" id="kura-visitor">${json}</script><script nonce="${nonce}">{"csrfToken":"${csrf}"}</script>` +
    `<script nonce="${nonce}" type="module">import("/assets/entry.js")</script></body></html>`
  );
}

/** One request as the page route runs it: the hook, then (on a miss) the render with placeholders. */
async function visit(cache: PageCache, request: FakeRequest) {
  const reply = new FakeReply();
  const answered = await cache.serve(request, reply);
  if (answered) {
    const bytes = Buffer.concat(await reply.sent!.toArray());
    expect(reply.headerValues["content-length"]).toBe(String(bytes.length));
    const encoding = reply.headerValues["content-encoding"];
    return {
      hit: true,
      reply,
      encoding,
      bytes,
      html: decode(encoding, bytes).toString("utf8"),
      expected: page(tokenOf(request), reply.cspNonce.script, visitorJson(request.user)),
    };
  }
  const slot = cache.capture(request, reply, new AvailabilityReads());
  if (!slot) throw new Error("not a kept page");
  const html = slot.pageCapture.finish(page(slot.csrfToken, slot.nonce, slot.visitor.json), 200, new Headers({ "content-type": "text/html; charset=utf-8" }));
  return {
    hit: false,
    reply,
    encoding: undefined,
    bytes: Buffer.from(html),
    html,
    expected: page(tokenOf(request), reply.cspNonce.script, visitorJson(request.user)),
  };
}

describe("kept pages in gzip (PageCache)", () => {
  it("compress their pieces once: the second gzip answer does no compression work and decompresses to the visitor's own page", async () => {
    const { calls, compressor } = countingCompressor();
    const cache = new PageCache(tokenOf, Date.now, compressor);
    const miss = await visit(cache, visitor("/shop", CHROMIUM));
    expect(miss.hit).toBe(false);
    const first = await visit(cache, visitor("/shop", CHROMIUM));
    expect(first).toMatchObject({ hit: true, encoding: "gzip" });
    // One raw-deflate piece per stretch between holes: 2 tokens + 4 nonces = 6 holes, 7 pieces.
    expect(calls.pieces).toBe(7);
    const second = await visit(cache, visitor("/shop", CHROMIUM));
    expect(second).toMatchObject({ hit: true, encoding: "gzip" });
    expect(calls.pieces).toBe(7);
    for (const answer of [first, second]) {
      expect(answer.html).toBe(answer.expected);
      expect(answer.reply.headerValues.vary).toBe("accept-encoding");
      expect(answer.bytes.length).toBeLessThan(answer.expected.length / 4);
    }
    // Each visitor's own token and nonce, not the first one's.
    expect(second.html).not.toBe(first.html);
    // Near gzip -9 of the whole page (the pieces have the page before them as their window); what
    // it costs is the holes' values stored as they are, ~200 bytes here, 1-2% of a real page.
    expect(second.bytes.length).toBeLessThan(zlib.gzipSync(second.expected, { level: 9 }).length + 250);
  });

  it("answer concurrent first gzip requests with one compression", async () => {
    const { calls, compressor } = countingCompressor();
    const cache = new PageCache(tokenOf, Date.now, compressor);
    await visit(cache, visitor("/", CHROMIUM));
    const answers = await Promise.all([1, 2, 3].map(() => visit(cache, visitor("/", CHROMIUM))));
    expect(calls.pieces).toBe(7);
    for (const answer of answers) expect(answer.html).toBe(answer.expected);
  });

  it("carry each member's own JSON in the members' copy, compressed once for all members", async () => {
    const { calls, compressor } = countingCompressor();
    const cache = new PageCache(tokenOf, Date.now, compressor);
    const aoi = memberResource(1, "Aoi");
    const longName = memberResource(2, "Ren ".repeat(40).trim());
    await visit(cache, visitor("/shop", CHROMIUM, { user: aoi }));
    const answers = [await visit(cache, visitor("/shop", CHROMIUM, { user: aoi })), await visit(cache, visitor("/shop", CHROMIUM, { user: longName }))];
    expect(calls.pieces).toBe(8);
    for (const answer of answers) {
      expect(answer).toMatchObject({ hit: true, encoding: "gzip" });
      expect(answer.html).toBe(answer.expected);
    }
    expect(answers[1]!.html).toContain(longName.email);
  });

  it("follow Accept-Encoding with its q-values: gzip when it ranks first, the page as it is otherwise (zstd and brotli per answer), always with Vary", async () => {
    const { calls, compressor } = countingCompressor();
    const cache = new PageCache(tokenOf, Date.now, compressor);
    await visit(cache, visitor("/company", undefined));
    for (const header of [undefined, "", "identity", "br", "zstd, br", "gzip;q=0, br", "br;q=1, gzip;q=0.5", "deflate"]) {
      const answer = await visit(cache, visitor("/company", header));
      expect(answer, String(header)).toMatchObject({ hit: true, encoding: undefined });
      expect(answer.html).toBe(answer.expected);
      expect(answer.reply.headerValues.vary).toBe("accept-encoding");
    }
    expect(calls.pieces).toBe(0);
    for (const header of ["gzip", "GZIP", "x-gzip", "*", "br;q=0.5, gzip;q=0.8", CHROMIUM]) {
      const answer = await visit(cache, visitor("/company", header));
      expect(answer, header).toMatchObject({ hit: true, encoding: "gzip" });
      expect(answer.html).toBe(answer.expected);
    }
  });

  it("answer HEAD from the GET's copy with the same Content-Encoding, Content-Length and Vary", async () => {
    const cache = new PageCache(tokenOf);
    await visit(cache, visitor("/shop", CHROMIUM));
    const get = await visit(cache, visitor("/shop", CHROMIUM));
    const head = await visit(cache, visitor("/shop", CHROMIUM, { method: "HEAD" }));
    expect(head.hit).toBe(true);
    for (const name of ["content-encoding", "content-length", "vary", "content-type"])
      expect(head.reply.headerValues[name], name).toBe(get.reply.headerValues[name]);
    // A HEAD on a page not kept yet renders, and that render is not kept.
    const fresh = visitor("/products/7", CHROMIUM, { method: "HEAD" });
    expect(await cache.serve(fresh, new FakeReply())).toBeUndefined();
    expect(fresh.pageCacheKey).toBeNull();
  });

  it("answer uncompressed rather than wrongly when a token's length differs from the one the pieces were compressed across", async () => {
    let long = false;
    const cache = new PageCache((request) => (long ? `${tokenOf(request)}x` : tokenOf(request)));
    await visit(cache, visitor("/shop", CHROMIUM));
    expect((await visit(cache, visitor("/shop", CHROMIUM))).encoding).toBe("gzip");
    long = true;
    const reply = new FakeReply();
    const request = visitor("/shop", CHROMIUM);
    await cache.serve(request, reply);
    expect(reply.headerValues["content-encoding"]).toBeUndefined();
    const html = Buffer.concat(await reply.sent!.toArray()).toString("utf8");
    expect(html).toBe(page(`${tokenOf(request)}x`, reply.cspNonce.script, visitorJson(null)));
  });
});

describe("kept bodies (the catalogue API)", () => {
  const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, id) => ({ id, name: `純米吟醸 ${id}`, price: 1100 + id })) }));

  it("are compressed once per encoding, and each form decompresses to the body", async () => {
    const { calls, compressor } = countingCompressor();
    const kept = new KeptBodies(compressor);
    const encodings: KeptEncoding[] = HAS_ZSTD ? ["br", "zstd", "gzip"] : ["br", "gzip"];
    for (const encoding of encodings) {
      for (let round = 0; round < 3; round++) {
        const reply = new FakeReply();
        const bytes = await kept.encode(encoding, reply, body);
        expect(reply.headerValues["content-encoding"]).toBe(encoding);
        expect(reply.headerValues.vary).toBe("accept-encoding");
        expect(decode(encoding, bytes).equals(body)).toBe(true);
      }
      expect(calls[encoding]).toBe(1);
    }
    // Concurrent first requests for a new body share one compression.
    const other = Buffer.from(body.toString().replace("純米", "本醸造"));
    await Promise.all([1, 2, 3].map(() => kept.encode(CHROMIUM, new FakeReply(), other)));
    expect(calls.br).toBe(2);
  });

  it("go out as they are when nothing offered is acceptable, or when small, with Vary all the same", async () => {
    const { calls, compressor } = countingCompressor();
    const kept = new KeptBodies(compressor);
    for (const header of [undefined, "identity", "deflate", "br;q=0, zstd;q=0, gzip;q=0", "identity;q=1, br;q=0.5"]) {
      const reply = new FakeReply();
      expect(await kept.encode(header, reply, body)).toBe(body);
      expect(reply.headerValues["content-encoding"], String(header)).toBeUndefined();
      expect(reply.headerValues.vary).toBe("accept-encoding");
    }
    const small = Buffer.from('{"data":[]}');
    expect(await kept.encode(CHROMIUM, new FakeReply(), small)).toBe(small);
    expect(calls).toEqual({ br: 0, zstd: 0, gzip: 0, pieces: 0 });
  });

  it("choose by q-value first, then the server's order (brotli, zstd, gzip)", () => {
    const offered: KeptEncoding[] = ["br", "zstd", "gzip"];
    expect(chooseEncoding(CHROMIUM, offered)).toBe("br");
    expect(chooseEncoding("gzip, zstd", offered)).toBe("zstd");
    expect(chooseEncoding("br;q=0.2, gzip;q=0.9", offered)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.5, identity", offered)).toBe("identity");
    expect(chooseEncoding(["gzip", "br"], offered)).toBe("br");
    expect(chooseEncoding("compress", offered)).toBe("identity");
  });
});

describe("gzip trailer's CRC-32", () => {
  it("combines as zlib computes it over the joined bytes", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 7],
      [13, 1],
      [4096, 70_000],
      [100_001, 3],
    ] as const) {
      const first = crypto.randomBytes(a);
      const second = crypto.randomBytes(b);
      expect(crc32Combine(zlib.crc32(first), zlib.crc32(second), second.length)).toBe(zlib.crc32(Buffer.concat([first, second])));
    }
  });
});
