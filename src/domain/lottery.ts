import { LEGAL_DRINKING_AGE, ageOn } from "./age-gate.ts";
import { japanDateOf } from "./japan-time.ts";

// 抽選販売, limited releases by lottery (issue 33 item 3, decision 084): the draw's order, the
// allocation of the bottles, an entry's refusals and the lottery's phase. Pure: no I/O, no clock
// read (every function takes `now`), so an auditor can recompute a draw from its recorded seed.

// --- SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104), written out so the browser and an auditor's
// script get the same function as the server; checked against node:crypto in the tests. ---

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 of bytes. */
export function sha256(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8;
  const padded = new Uint8Array((((message.length + 9 + 63) >> 6) << 6));
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x1_0000_0000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
      const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((word, i) => outView.setUint32(i * 4, word));
  return out;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

/** HMAC-SHA256(key, message) as lower-case hex; both are UTF-8 text. */
export function hmacSha256Hex(key: string, message: string): string {
  let keyBytes: Uint8Array = utf8(key);
  if (keyBytes.length > 64) keyBytes = sha256(keyBytes);
  const inner = new Uint8Array(64 + utf8(message).length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = (keyBytes[i] ?? 0) ^ 0x36;
    outer[i] = (keyBytes[i] ?? 0) ^ 0x5c;
  }
  inner.set(utf8(message), 64);
  outer.set(sha256(inner), 64);
  return hex(sha256(outer));
}

// --- The draw ---

/** One entry's place in the draw: its key is HMAC-SHA256(seed, "entry:" + id) in hex. */
export interface DrawnEntry {
  entryId: number;
  key: string;
  /** 1 for the first drawn. */
  rank: number;
}

/** The key that places an entry in the draw; recomputable from the recorded seed and the entry's id. */
export function drawKey(seed: string, entryId: number): string {
  return hmacSha256Hex(seed, `entry:${entryId}`);
}

/**
 * The draw: every entry ordered by its key (ascending; the entry's id breaks a tie, which SHA-256
 * makes practically impossible). The order depends only on the seed and the ids, not on the order
 * the entries are given in or the time they were made.
 */
export function drawOrder(seed: string, entryIds: readonly number[]): DrawnEntry[] {
  return entryIds
    .map((entryId) => ({ entryId, key: drawKey(seed, entryId) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.entryId - b.entryId))
    .map((entry, index) => ({ ...entry, rank: index + 1 }));
}

/**
 * Bottles given in the draw's order: each drawn entry is offered the per-member limit, the last
 * one what is left. 12 bottles at 2 each: the first 6 drawn win 2 each; 12 at 5: 5, 5 and 2.
 * Returns the bottles each of the first entries wins (the rest win nothing).
 */
export function allocateBottles(bottles: number, perMember: number, entries: number): number[] {
  const out: number[] = [];
  let left = bottles;
  for (let i = 0; i < entries && left > 0; i++) {
    const share = Math.min(perMember, left);
    out.push(share);
    left -= share;
  }
  return out;
}

// --- Entries and phases ---

/** The lottery's fields the rules read. */
export interface LotteryTimes {
  entryStartsAt: Date;
  entryEndsAt: Date;
  drawnAt: Date | null;
  finishedAt: Date | null;
}

export type LotteryPhase = "scheduled" | "open" | "closed" | "drawn" | "finished";

/** scheduled before the entry period, open during it, closed after it until drawn, drawn until its bottles are settled. */
export function lotteryPhase(lottery: LotteryTimes, now: Date): LotteryPhase {
  if (lottery.finishedAt) return "finished";
  if (lottery.drawnAt) return "drawn";
  if (now < lottery.entryStartsAt) return "scheduled";
  if (now < lottery.entryEndsAt) return "open";
  return "closed";
}

/** Why a member may not enter: each one has its ja/en message. */
export type EntryRefusal = "lotteryNotOpen" | "lotteryClosed" | "lotteryNoBirthDate" | "lotteryUnderAge";

/** An entry is taken during the period from a member whose birth date on file makes them 20 or older today (Japan). */
export function entryRefusal(lottery: LotteryTimes, birthDate: string | null, now: Date): EntryRefusal | null {
  const phase = lotteryPhase(lottery, now);
  if (phase === "scheduled") return "lotteryNotOpen";
  if (phase !== "open") return "lotteryClosed";
  const match = birthDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate) : null;
  if (!match) return "lotteryNoBirthDate";
  const birth = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return ageOn(birth, japanDateOf(now)) >= LEGAL_DRINKING_AGE ? null : "lotteryUnderAge";
}

/** The end of the time a winner has to buy: `days` after being offered the bottles. */
export function claimDeadline(offeredAt: Date, days: number): Date {
  return new Date(offeredAt.getTime() + days * 86_400_000);
}

/** A date and time typed in Japan time ("2026-12-01T10:00", a datetime-local field) as an instant; null when not one. */
export function japanDateTimeInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00+09:00`);
  if (Number.isNaN(date.getTime())) return null;
  // 2026-02-30 would roll over: refuse what is not the date typed.
  const back = new Date(date.getTime() + 9 * 3_600_000).toISOString();
  return back.startsWith(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}`) ? date : null;
}

/** States of an entry: entered (before the draw), won (offered bottles, buying), purchased, lapsed (deadline passed or order cancelled), lost. */
export const ENTRY_RESULTS = ["entered", "won", "purchased", "lapsed", "lost"] as const;
export type EntryResult = (typeof ENTRY_RESULTS)[number];

/** Limits the trader's form keeps to. */
export const LOTTERY_LIMITS = { bottles: 10_000, perMember: 24, claimDays: 30 } as const;
