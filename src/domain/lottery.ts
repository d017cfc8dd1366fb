import { LEGAL_DRINKING_AGE, ageOn } from "./age-gate.ts";
import { japanDateOf } from "./japan-time.ts";

// 抽選販売, limited releases by lottery (issue 33 item 3, decision 084): the draw's order, the
// allocation of the bottles, an entry's refusals and the lottery's phase. Pure: no I/O, no clock
// read (every function takes `now`), so an auditor can recompute a draw from its recorded seed.

// --- The draw ---

/** One entry's place in the draw: its key is HMAC-SHA256(seed, "entry:" + id) in hex (decision 084). */
export interface DrawnEntry {
  entryId: number;
  key: string;
  /** 1 for the first drawn. */
  rank: number;
}

/**
 * The draw's order: entries by their keys (ascending; the entry's id breaks a tie, which HMAC-SHA256
 * makes practically impossible). The keys come from the seed (server/lottery/lottery-draw.ts), so the
 * order depends only on the seed and the ids, not on the order the entries are given in.
 */
export function rankByKey(keyed: readonly { entryId: number; key: string }[]): DrawnEntry[] {
  return [...keyed].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.entryId - b.entryId)).map((entry, index) => ({ ...entry, rank: index + 1 }));
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

export const LOTTERY_PHASES = ["scheduled", "open", "closed", "drawn", "finished"] as const;
export type LotteryPhase = (typeof LOTTERY_PHASES)[number];

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
