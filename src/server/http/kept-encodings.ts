import zlib from "node:zlib";
import { promisify } from "node:util";
import negotiate from "@fastify/accept-negotiator";

/**
 * Kept answers (the catalogue API's bodies, the guests' and members' kept pages) in the encodings a
 * browser asks for, compressed once when a copy is first asked for in that encoding and then served
 * as bytes (decision 066). Answers rendered per request are compressed by @fastify/compress at the
 * levels below, chosen for speed.
 */

export type KeptEncoding = "br" | "zstd" | "gzip";

/** Node's zlib has zstd since 22.15 / 23.8. */
export const HAS_ZSTD = typeof zlib.zstdCompress === "function";

/**
 * Levels for copies made once (decision 066, measured on /shop and GET /api/products): the
 * highest, as a copy is made once per catalogue change and served thousands of times. They run on
 * libuv's thread pool (zlib's asynchronous calls), never on the event loop.
 */
export const KEPT_LEVELS = { br: 11, zstd: 19, gzip: 9 } as const;

/**
 * Levels for answers rendered per request (checkout, my page, the cart, pages not kept): zstd 3
 * compresses /shop (83 kB) in ~0.2-0.3 ms to 18.1 kB, brotli 4 in ~0.6-4 ms to 16.7 kB (brotli 5+
 * and zstd 6+ cost more CPU than the render saves on the wire on loopback-fast links; figures in
 * decision 066). zstd comes first for clients that take both (Chromium, Firefox); brotli for those
 * without zstd (Safari).
 */
export const PER_REQUEST = {
  encodings: HAS_ZSTD ? (["zstd", "br", "gzip", "deflate"] as const) : (["br", "gzip", "deflate"] as const),
  brotliQuality: 4,
  zstdLevel: 3,
  zlibLevel: 6,
} as const;

/** The compression work a kept copy needs, injectable so tests can count it. */
export interface Compressor {
  /** A whole body in one encoding, at the level of copies made once. */
  whole(encoding: KeptEncoding, body: Buffer): Promise<Buffer>;
  /**
   * One piece of a page between its per-visitor holes, as raw deflate: flushed to a byte boundary
   * (or finished, for the last piece), with `window` — the bytes the decoder has seen before it —
   * as its dictionary.
   */
  deflatePiece(piece: Buffer, window: Buffer | null, last: boolean): Promise<Buffer>;
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflateRaw = promisify(zlib.deflateRaw);
const zstdCompress = HAS_ZSTD ? promisify(zlib.zstdCompress) : null;

export const zlibCompressor: Compressor = {
  whole(encoding, body) {
    switch (encoding) {
      case "br":
        return brotliCompress(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: KEPT_LEVELS.br,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        });
      case "zstd":
        if (!zstdCompress) throw new Error("zstd is not in this Node's zlib");
        return zstdCompress(body, { params: { [zlib.constants.ZSTD_c_compressionLevel]: KEPT_LEVELS.zstd } });
      case "gzip":
        return gzip(body, { level: KEPT_LEVELS.gzip, memLevel: 9 });
    }
  },
  deflatePiece(piece, window, last) {
    return deflateRaw(piece, {
      level: KEPT_LEVELS.gzip,
      memLevel: 9,
      finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      ...(window && window.length > 0 ? { dictionary: window } : {}),
    });
  },
};

/** Bodies shorter than this go out as they are (as @fastify/compress's threshold). */
export const COMPRESS_THRESHOLD = 1024;

const gzipAliases = /\*|x-gzip/gu;

/**
 * The encoding to answer in, of `offered` (the server's preference first), by the request's
 * Accept-Encoding with its q-values; "identity" when nothing offered is acceptable (or identity
 * itself ranks higher).
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, offered: readonly KeptEncoding[]): KeptEncoding | "identity" {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return "identity";
  // "*" stands for any encoding, as @fastify/compress reads it; x-gzip is gzip.
  return negotiate<KeptEncoding | "identity">(header.toLowerCase().replace(gzipAliases, "gzip"), [...offered, "identity"]) ?? "identity";
}

interface VaryingReply {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
}

/** Adds Accept-Encoding to the answer's Vary (written in lower case, as @fastify/compress looks for it). */
export function varyOnEncoding(reply: VaryingReply): void {
  const current = reply.getHeader("vary");
  const values = Array.isArray(current) ? current.map(String) : current === undefined ? [] : [String(current)];
  if (values.some((value) => value.toLowerCase().includes("accept-encoding"))) return;
  reply.header("vary", [...values, "accept-encoding"].join(", "));
}

/**
 * The compressed forms of kept bodies (Buffers kept by the catalogue): made on the first request
 * that asks for each encoding, once — concurrent first requests wait for the same work — and gone
 * with the body (a WeakMap keyed by the kept Buffer itself).
 */
export class KeptBodies {
  private readonly forms = new WeakMap<Buffer, Map<KeptEncoding, Promise<Buffer>>>();
  readonly offered: readonly KeptEncoding[];

  constructor(private readonly compressor: Compressor = zlibCompressor) {
    // Brotli at 11 is the smallest (GET /api/products: 5.96 kB against zstd 19's 6.62 kB and gzip's 7.03 kB).
    this.offered = HAS_ZSTD ? ["br", "zstd", "gzip"] : ["br", "gzip"];
  }

  /** The body in this encoding: the kept form, made now if it is the first time. */
  form(body: Buffer, encoding: KeptEncoding): Promise<Buffer> {
    let forms = this.forms.get(body);
    if (!forms) {
      forms = new Map();
      this.forms.set(body, forms);
    }
    let made = forms.get(encoding);
    if (!made) {
      made = this.compressor.whole(encoding, body);
      forms.set(encoding, made);
      // A failure is not kept: the next request tries again.
      made.catch(() => forms.delete(encoding));
    }
    return made;
  }

  /**
   * What to send for a kept body: the bytes in the encoding the request accepts, with
   * Content-Encoding and Vary set (Fastify sets Content-Length for a Buffer). The routes that send
   * kept bodies are declared with `compress: false`, so @fastify/compress never touches them.
   */
  async encode(acceptEncoding: string | string[] | undefined, reply: VaryingReply, body: Buffer): Promise<Buffer> {
    varyOnEncoding(reply);
    const encoding = body.length < COMPRESS_THRESHOLD ? "identity" : chooseEncoding(acceptEncoding, this.offered);
    if (encoding === "identity") return body;
    const bytes = await this.form(body, encoding);
    reply.header("content-encoding", encoding);
    return bytes;
  }
}
