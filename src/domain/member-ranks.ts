import { formFields, formProblems, oneLineText, wholeOf } from "./field-rules.ts";
import { daysInMonth, japanDateOf, japanMidnight } from "./japan-time.ts";
import type { Locale } from "./locale.ts";
import { ORDER_TOTAL_MAX, taxOn } from "./money.ts";
import { z } from "./zod.ts";

/**
 * Member ranks (issue 34 item 3, decision 090): the trader names up to RANK_SLOTS ranks, each with the
 * purchases over the last 12 months (yen, goods with tax after discounts) it starts at and the point
 * rate (percent) its members earn. The first rank starts at 0 yen, so every member has one.
 */
export interface RankDefinition {
  /** 1.. in the order of thresholds; the rank's key (a member's stored rank is its position). */
  position: number;
  nameJa: string;
  nameEn: string;
  /** Yen of purchases over the last 12 months from which the rank applies. */
  threshold: number;
  /** Percent of the purchase given as points (the points module reads it through rankPointRate). */
  pointRatePercent: number;
}

/** What the shop starts with, until the trader sets its own on /admin/ranks. */
export const DEFAULT_RANKS: readonly RankDefinition[] = [
  { position: 1, nameJa: "レギュラー", nameEn: "Regular", threshold: 0, pointRatePercent: 1 },
  { position: 2, nameJa: "シルバー", nameEn: "Silver", threshold: 30_000, pointRatePercent: 2 },
  { position: 3, nameJa: "ゴールド", nameEn: "Gold", threshold: 100_000, pointRatePercent: 3 },
];

/** How many ranks the trader's form offers. */
export const RANK_SLOTS = 5;
export const RANK_NAME_MAX = 20;
export const RANK_POINT_RATE_MAX = 100;

export function rankName(rank: Pick<RankDefinition, "nameJa" | "nameEn">, locale: Locale): string {
  return locale === "ja" ? rank.nameJa : rank.nameEn;
}

/** The rank purchases reach: the one with the highest threshold not above them; null when none applies. */
export function rankFor(ranks: readonly RankDefinition[], purchases: number): RankDefinition | null {
  let found: RankDefinition | null = null;
  for (const rank of [...ranks].sort((a, b) => a.threshold - b.threshold)) if (purchases >= rank.threshold) found = rank;
  return found;
}

/** The next rank up and the yen of purchases still needed to reach it; null at the top rank. */
export function nextRank(ranks: readonly RankDefinition[], purchases: number): { rank: RankDefinition; needed: number } | null {
  const next = [...ranks].sort((a, b) => a.threshold - b.threshold).find((rank) => rank.threshold > purchases);
  return next ? { rank: next, needed: next.threshold - purchases } : null;
}

/**
 * The 12 months purchases are counted over, in Japan time: from Japan midnight of the day after the
 * same date a year ago (29 February counts from 1 March) until now. On 2026-11-27 (JST) it starts at
 * 2025-11-28 00:00 JST: twelve whole months ending today.
 */
export function rankWindowStart(now: Date): Date {
  const today = japanDateOf(now);
  const year = today.year - 1;
  const day = Math.min(today.day, daysInMonth(year, today.month));
  const date = `${String(year).padStart(4, "0")}-${String(today.month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return japanMidnight(date, 1);
}

/** One counted order as the rank needs it: its goods (less what came back) and its 値引き/訂正 lines. */
export interface PurchaseOrder {
  items: readonly { unitPrice: number; amount: number; returned: number; taxRatePercent: number }[];
  /** Adjustment lines (coupon and other 値引き, 訂正): yen before tax, below zero for a discount. */
  adjustments: readonly { amount: number; taxRatePercent: number }[];
}

/**
 * What one order counts for: its goods with tax after its discounts, tax per rate rounded once as the
 * order's own is (shipping and fees left out); bottles returned are taken off at their price. Never
 * below 0.
 */
export function orderPurchase(order: PurchaseOrder): number {
  const bases = new Map<number, number>();
  const add = (rate: number, amount: number) => bases.set(rate, (bases.get(rate) ?? 0) + amount);
  for (const item of order.items) add(item.taxRatePercent, item.unitPrice * Math.max(0, item.amount - item.returned));
  for (const line of order.adjustments) add(line.taxRatePercent, line.amount);
  let total = 0;
  for (const [rate, base] of bases) if (base > 0) total += base + taxOn(base, rate);
  return Math.max(0, total);
}

export function purchasesOf(orders: readonly PurchaseOrder[]): number {
  return orders.reduce((sum, order) => sum + orderPurchase(order), 0);
}

/** A member's rank as My Page and the back office show it. */
export interface MemberRankView {
  purchases: number;
  rank: { position: number; name: string; point_rate: number } | null;
  next: { name: string; needed: number } | null;
  /** The Japan date the window starts on (yyyy-mm-dd). */
  since: string;
}

export function memberRankView(ranks: readonly RankDefinition[], purchases: number, now: Date, locale: Locale): MemberRankView {
  const rank = rankFor(ranks, purchases);
  const next = nextRank(ranks, purchases);
  const start = japanDateOf(rankWindowStart(now));
  return {
    purchases,
    rank: rank ? { position: rank.position, name: rankName(rank, locale), point_rate: rank.pointRatePercent } : null,
    next: next ? { name: rankName(next.rank, locale), needed: next.needed } : null,
    since: `${start.year}-${String(start.month).padStart(2, "0")}-${String(start.day).padStart(2, "0")}`,
  };
}

/** The form's field names of slot n (1..RANK_SLOTS). */
export function rankFieldNames(slot: number) {
  return { nameJa: `name_ja_${slot}`, nameEn: `name_en_${slot}`, threshold: `threshold_${slot}`, pointRate: `point_rate_${slot}` } as const;
}

const slotShape = Object.fromEntries(
  Array.from({ length: RANK_SLOTS }, (_, index) => index + 1).flatMap((slot) => {
    const names = rankFieldNames(slot);
    return [
      [names.nameJa, oneLineText],
      [names.nameEn, oneLineText],
      [names.threshold, z.unknown().optional()],
      [names.pointRate, z.unknown().optional()],
    ];
  }),
) as Record<string, z.ZodType>;

/**
 * The trader's rank form (PUT /admin/api/ranks, the page /admin/ranks): RANK_SLOTS rows of name
 * (ja, en), threshold (yen) and point rate (percent); a row left wholly blank is no rank. The rows
 * filled must have both names, whole numbers, thresholds rising from 0 in the first row, rates
 * 0..100. Messages are the shop's field kinds (decision 075).
 */
export const rankSettingsSchema = z.preprocess(
  (body) => formFields(body, "ranks"),
  z
    .object(slotShape)
    .superRefine((fields, context) => {
      const { problem, wholeWithin } = formProblems(context);
      let previous: number | null = null;
      let filled = 0;
      for (let slot = 1; slot <= RANK_SLOTS; slot += 1) {
        const names = rankFieldNames(slot);
        const nameJa = fields[names.nameJa] as string;
        const nameEn = fields[names.nameEn] as string;
        const threshold = wholeOf(fields[names.threshold]);
        const rate = wholeOf(fields[names.pointRate]);
        if (nameJa === "" && nameEn === "" && threshold === "blank" && rate === "blank") continue;
        filled += 1;
        if (nameJa === "") problem("blank", names.nameJa);
        else if (Array.from(nameJa).length > RANK_NAME_MAX) problem("too_long", names.nameJa, { count: RANK_NAME_MAX });
        if (nameEn === "") problem("blank", names.nameEn);
        else if (Array.from(nameEn).length > RANK_NAME_MAX) problem("too_long", names.nameEn, { count: RANK_NAME_MAX });
        if (typeof threshold === "string") problem(threshold, names.threshold);
        else if (filled === 1 && threshold !== 0) problem("equal_to", names.threshold, { count: 0 });
        else if (previous !== null && threshold <= previous) problem("greater_than", names.threshold, { count: previous });
        else if (threshold > ORDER_TOTAL_MAX) problem("less_than_or_equal_to", names.threshold, { count: ORDER_TOTAL_MAX });
        if (typeof threshold === "number") previous = threshold;
        wholeWithin(rate, names.pointRate, 0, RANK_POINT_RATE_MAX);
      }
      if (filled === 0) problem("blank", rankFieldNames(1).nameJa);
    })
    .transform((fields): RankDefinition[] => {
      const ranks: RankDefinition[] = [];
      for (let slot = 1; slot <= RANK_SLOTS; slot += 1) {
        const names = rankFieldNames(slot);
        const threshold = wholeOf(fields[names.threshold]);
        if (typeof threshold !== "number") continue;
        ranks.push({
          position: ranks.length + 1,
          nameJa: fields[names.nameJa] as string,
          nameEn: fields[names.nameEn] as string,
          threshold,
          pointRatePercent: wholeOf(fields[names.pointRate]) as number,
        });
      }
      return ranks;
    }),
);

/** The form's labels per field, for the messages (「しきい値（2）は30000より大きい値にしてください」). */
export function rankFieldLabels(): Record<string, Record<Locale, string>> {
  const labels: Record<string, Record<Locale, string>> = {};
  for (let slot = 1; slot <= RANK_SLOTS; slot += 1) {
    const names = rankFieldNames(slot);
    labels[names.nameJa] = { ja: `ランク${slot}の名前（日本語）`, en: `Rank ${slot} name (Japanese)` };
    labels[names.nameEn] = { ja: `ランク${slot}の名前（英語）`, en: `Rank ${slot} name (English)` };
    labels[names.threshold] = { ja: `ランク${slot}の条件（円）`, en: `Rank ${slot} threshold (yen)` };
    labels[names.pointRate] = { ja: `ランク${slot}のポイント率（%）`, en: `Rank ${slot} point rate (%)` };
  }
  return labels;
}
