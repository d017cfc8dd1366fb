import zlib from "node:zlib";
import type { Compressor } from "./kept-encodings.ts";

/**
 * A kept page with per-visitor holes (CSRF token, CSP nonce, a member's JSON) as one gzip member
 * whose pieces between the holes are compressed once (decision 066).
 *
 * Deflate allows it where brotli and zstd do not: every piece is raw deflate flushed to a byte
 * boundary (Z_SYNC_FLUSH), so pieces and the holes between them — written per answer as stored
 * (uncompressed) blocks — follow one another in one deflate stream; the gzip trailer's CRC-32 and
 * length are combined per answer from each piece's, kept, and the holes' own. Each piece is
 * compressed with the page before it as its dictionary, holes of a fixed length (token, nonce)
 * standing in as NUL bytes: a back-reference never reaches into a hole, as no piece holds a NUL
 * byte (a page that does gets no dictionary), so the window the decoder has — with the real values
 * — gives the same bytes. After a hole of varying length (a member's JSON) the window starts
 * again, as distances across it would differ per answer. /shop: 17.5 kB, against 17.8 kB for
 * gzip -9 of the whole page and 19.1 kB for pieces compressed without their windows.
 *
 * zstd frames can follow one another too, but each starts with an empty window (/shop: 18.0 kB
 * at level 19 in 10 frames, more than this gzip) and Node's own zstd decoder reads only the first
 * frame; brotli's stream cannot be cut at all (its distance codes and static dictionary depend on
 * what came before).
 */
export interface GzipTemplate {
  /** The compressed pieces, one per piece of the page. */
  pieces: Buffer[];
  /** Each piece's CRC-32 and the operator that shifts a CRC past it (x^(8·length) mod P). */
  crcs: number[];
  shifts: number[];
  /** The length a hole was compressed across (its NUL stand-in), or null where the window started again. */
  spans: (number | null)[];
}

const WINDOW = 32 * 1024;
/** gzip's header: deflate, no name or time, maximum compression (XFL 2), OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 0xff]);

/**
 * Compresses a page's pieces once. `spanOf(hole)` is the fixed length of a hole's value, or null
 * for a value whose length varies.
 */
export async function makeGzipTemplate(parts: Buffer[], spanOf: (holeIndex: number) => number | null, compressor: Compressor): Promise<GzipTemplate> {
  const windowed = parts.every((part) => !part.includes(0));
  const spans = parts.slice(1).map((_, index) => (windowed ? spanOf(index) : null));
  const windows: (Buffer | null)[] = [];
  let seen: Buffer = Buffer.alloc(0);
  parts.forEach((part, index) => {
    windows.push(windowed && seen.length > 0 ? seen : null);
    if (index === parts.length - 1) return;
    const span = spans[index];
    seen = span === null || span === undefined ? Buffer.alloc(0) : keepLast(Buffer.concat([seen, part, Buffer.alloc(span)]), WINDOW);
  });
  const pieces = await Promise.all(parts.map((part, index) => compressor.deflatePiece(part, windows[index] ?? null, index === parts.length - 1)));
  return { pieces, crcs: parts.map((part) => zlib.crc32(part)), shifts: parts.map((part) => crcShift(part.length)), spans };
}

function keepLast(buffer: Buffer, length: number): Buffer {
  return buffer.length <= length ? buffer : Buffer.from(buffer.subarray(buffer.length - length));
}

/**
 * The chunks of one answer: the header, the kept pieces with this answer's values between them as
 * stored blocks, and the trailer. Null when a value's length is not the one its hole was
 * compressed across (the caller then answers uncompressed).
 */
export function gzipChunks(template: GzipTemplate, parts: Buffer[], values: Buffer[]): Buffer[] | null {
  for (let index = 0; index < values.length; index += 1) {
    const span = template.spans[index];
    if (span !== null && span !== undefined && values[index]!.length !== span) return null;
  }
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.pieces.forEach((piece, index) => {
    chunks.push(piece);
    crc = (multModP(template.shifts[index]!, crc) ^ template.crcs[index]!) >>> 0;
    size += parts[index]!.length;
    const value = values[index];
    if (value === undefined || value.length === 0) return;
    for (let at = 0; at < value.length; at += 0xffff) {
      const block = value.subarray(at, at + 0xffff);
      // One Buffer per stored block (a few dozen bytes), so an answer has no more writes than the
      // uncompressed page: BFINAL 0, BTYPE 00 (stored), padding to the byte; LEN and its
      // complement, little-endian; the value.
      const stored = Buffer.allocUnsafe(5 + block.length);
      stored[0] = 0;
      stored.writeUInt16LE(block.length, 1);
      stored.writeUInt16LE(~block.length & 0xffff, 3);
      block.copy(stored, 5);
      chunks.push(stored);
    }
    crc = zlib.crc32(value, crc);
    size += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  return chunks;
}

// CRC-32 combination as zlib's crc32_combine (multmodp, x2nmodp): CRC(A‖B) = x^(8·|B|)·CRC(A) ⊕ CRC(B) mod P.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let factor = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    if (m === 0) break;
    factor = factor & 1 ? ((factor >>> 1) ^ POLY) >>> 0 : factor >>> 1;
  }
  return product >>> 0;
}

const X2N = (() => {
  const table = new Uint32Array(32);
  let power = 1 << 30; // x^1
  table[0] = power;
  for (let index = 1; index < 32; index += 1) table[index] = power = multModP(power, power);
  return table;
})();

/** x^(8·length) mod P: what a CRC is multiplied by to move it past `length` bytes. */
export function crcShift(length: number): number {
  let power = 0x80000000; // x^0
  let n = length;
  let k = 3;
  while (n > 0) {
    if (n & 1) power = multModP(X2N[k & 31]!, power);
    n = Math.floor(n / 2);
    k += 1;
  }
  return power;
}

/** CRC-32 of A‖B from CRC(A), CRC(B) and |B| (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(crcShift(lengthB), crcA) ^ crcB) >>> 0;
}
