import type { CouponDiscountLine } from "./coupons.ts";
import { japanDateString } from "./coupons.ts";
import { daysInMonth, japanDateOf } from "./japan-time.ts";
import type { Locale } from "./locale.ts";
import { taxOn } from "./money.ts";
import { apportionAcrossRates } from "./order-totals.ts";
import { fieldsAsSent, formFields, formProblems, isTicked, wholeOf } from "./field-rules.ts";
import { z } from "./zod.ts";
import type { EarningLine, PointsGoodsLine } from "./points-earning.ts";
import { goodsBasesAfter, pointsToEarn } from "./points-earning.ts";

/**
 * Points (issue 34 item 1, decisions 086 and 089). A point is one yen. Points used are the shop's own
 * 売上値引き given at the sale: 値引き lines 「ポイント利用」 apportioned over the order's goods by
 * rate like a fixed coupon on all goods, after the coupon. Points earned are a percent of the goods
 * paid for (after the coupon and the points), rounded down once per order; shipping and fees earn
 * only when the trader says so. The balance expires as a whole a number of months after the member's
 * last earning, on a Japan date. Pure rules: the server and the pages alike.
 */

export const POINT_GRANT_TIMINGS = ["paid", "shipped"] as const;
export type PointGrantTiming = (typeof POINT_GRANT_TIMINGS)[number];

/** The ledger's kinds of row: each a signed number of points. */
export const POINT_ENTRY_KINDS = ["earn", "use", "expire", "take_back", "give_back", "staff_grant", "staff_remove"] as const;
export type PointEntryKind = (typeof POINT_ENTRY_KINDS)[number];

export const POINT_ENTRY_LABELS: Record<PointEntryKind, Record<Locale, string>> = {
  earn: { ja: "ご注文で獲得", en: "Earned on an order" },
  use: { ja: "ご注文で利用", en: "Used on an order" },
  expire: { ja: "有効期限切れ", en: "Expired" },
  take_back: { ja: "ご注文の取消・返品による減算", en: "Taken back (order cancelled or returned)" },
  give_back: { ja: "ご注文の取消・返品による返還", en: "Given back (order cancelled or returned)" },
  staff_grant: { ja: "ショップからの付与", en: "Granted by the shop" },
  staff_remove: { ja: "ショップによる減算", en: "Removed by the shop" },
};

/** The trader's point rule (one row; none: these defaults). */
export interface PointSettings {
  /** Percent of the goods paid for, the rate when the member's rank gives none (0: no points earned). */
  baseRatePercent: number;
  /** Points are granted when the order is paid, or when it is shipped. */
  grantOn: PointGrantTiming;
  /** The balance expires this many months after the last earning (1–120). */
  expiryMonths: number;
  /** Whether shipping and fees earn points too. */
  onCharges: boolean;
}

/**
 * When a member is told an order's points arrive: on shipping when the shop grants on shipping;
 * otherwise when the order is paid, which for a card is the order's confirmation, for bank transfer
 * and konbini the payment's arrival, and for cash on delivery the parcel leaving. `paidWhen` is the
 * payment method's; while none is chosen, "when_paid" (worded to read right for every method).
 */
export type PointGrantMoment = "at_order" | "on_payment" | "on_shipping" | "when_paid";

export function pointGrantMoment(grantOn: PointGrantTiming, paidWhen: "at_order" | "on_payment" | "on_shipping" | undefined): PointGrantMoment {
  if (grantOn === "shipped") return "on_shipping";
  return paidWhen ?? "when_paid";
}

export const DEFAULT_POINT_SETTINGS: PointSettings = { baseRatePercent: 1, grantOn: "paid", expiryMonths: 12, onCharges: false };
export const POINT_RATE_MAX = 100;
export const POINT_EXPIRY_MONTHS_MAX = 120;
/** The most points one staff grant or removal may move. */
export const POINT_ADJUSTMENT_MAX = 1_000_000;

export const POINTS_LINE_LABEL: Record<Locale, string> = { ja: "ポイント利用", en: "Points used" };

/** Whether a charge line is a points line (its label is the points'). */
export function isPointsLine(charge: { kind: string; label: Record<Locale, string> }): boolean {
  return charge.kind === "discount" && charge.label.ja === POINTS_LINE_LABEL.ja;
}

type GoodsLine = PointsGoodsLine;
const basesAfter = goodsBasesAfter;

/** The goods with tax after the discounts before the points (the coupon's): the most points one order may use. */
export function pointsCap(lines: readonly GoodsLine[], discounts: readonly Pick<CouponDiscountLine, "amount" | "taxRatePercent">[] = []): number {
  return [...basesAfter(lines, discounts).entries()].reduce((sum, [rate, base]) => sum + Math.max(0, base) + taxOn(Math.max(0, base), rate), 0);
}

/**
 * The points' 値引き lines: the points (yen with tax) split over the goods' rates by their goods with
 * tax after the coupon (apportionAcrossRates: whole yen, largest remainder), each part taken back to
 * before tax (× 100 / (100 + rate), rounded down), as a fixed coupon's are (decision 086): the total
 * falls by the points or up to 1 yen less per rate, never more.
 */
export function pointsGoodsLines(
  points: number,
  lines: readonly GoodsLine[],
  discounts: readonly Pick<CouponDiscountLine, "amount" | "taxRatePercent">[] = [],
): CouponDiscountLine[] {
  if (points <= 0) return [];
  const bases = [...basesAfter(lines, discounts).entries()].filter(([, base]) => base > 0).sort(([a], [b]) => b - a);
  const withTax = bases.map(([rate, base]) => ({ rate, base: base + taxOn(base, rate) }));
  const total = withTax.reduce((sum, each) => sum + each.base, 0);
  const before = new Map(bases);
  return apportionAcrossRates(Math.min(points, total), withTax)
    .map((share) => ({ rate: share.rate, amount: Math.min(before.get(share.rate)!, Math.floor((share.amount * 100) / (100 + share.rate))) }))
    .filter((part) => part.amount > 0)
    .map((part) => ({ kind: "discount", label: { ...POINTS_LINE_LABEL }, amount: -part.amount, taxable: true, taxRatePercent: part.rate }));
}

/**
 * What an order earns (decision 089), as placeOrder books it and the checkout summary shows it: the
 * goods after the coupon's lines and the points' (pointsGoodsLines), each line at the product's own
 * rate or the member's, plus the other charges (shipping, fees, wrapping, with tax) when the trader
 * says so. `chargeLines` are the order's charge lines (checkoutTotals), the discount lines among them.
 */
export function orderPointsToEarn(
  order: {
    lines: readonly EarningLine[];
    couponLines: readonly CouponDiscountLine[];
    pointsUsed: number;
    chargeLines: readonly { amount: number }[];
    taxRatePercent: number;
  },
  rule: { ratePercent: number; onCharges: boolean },
): number {
  const goodsDiscounts = [...order.couponLines, ...pointsGoodsLines(order.pointsUsed, order.lines, order.couponLines)];
  const chargesNet = order.chargeLines.reduce((sum, line) => sum + line.amount, 0) - goodsDiscounts.reduce((sum, line) => sum + line.amount, 0);
  return pointsToEarn(order.lines, goodsDiscounts, rule.ratePercent, {
    onCharges: rule.onCharges,
    withTax: Math.max(0, chargesNet + taxOn(Math.max(0, chargesNet), order.taxRatePercent)),
  });
}

export const POINTS_USE_REFUSALS = ["over_balance", "over_total", "members_only"] as const;
export type PointsUseRefusal = (typeof POINTS_USE_REFUSALS)[number];

export const POINTS_USE_REFUSAL_TEXTS: Record<PointsUseRefusal, Record<Locale, string>> = {
  // Read right both when more was typed than the page showed and when the balance fell since the
  // page was drawn (points spent on another order at the same time, or expired): the figure is today's balance.
  over_balance: {
    ja: "ご利用いただけるのは現在のポイント残高の{balance}ポイントまでです（別のご注文でのご利用や有効期限で残高が変わります）",
    en: "You can use up to {balance} points, your balance now (it changes when points are used on another order or expire)",
  },
  over_total: { ja: "ポイントは商品の合計金額（{cap}円）までご利用いただけます", en: "Points can be used up to the goods' total (¥{cap})" },
  members_only: {
    ja: "ポイントは会員さまのみご利用いただけます。ログインしてからご利用ください",
    en: "Points are for members only. Please sign in to use them",
  },
};

/** Why `requested` points cannot be used (null: they can): whole points, ≤ the balance, ≤ the goods' total. */
export function pointsUseRefusal(requested: number, check: { member: boolean; balance: number; cap: number }): PointsUseRefusal | null {
  if (requested <= 0) return null;
  if (!check.member) return "members_only";
  if (requested > check.balance) return "over_balance";
  if (requested > check.cap) return "over_total";
  return null;
}

export function pointsUseRefusalText(refusal: PointsUseRefusal, check: { balance: number; cap: number }, locale: Locale): string {
  return POINTS_USE_REFUSAL_TEXTS[refusal][locale]
    .replace("{balance}", check.balance.toLocaleString("en-US"))
    .replace("{cap}", check.cap.toLocaleString("en-US"));
}

// The figures pages show (and the earning rule itself) live in their own module, so a page does not load the rest of this one (zod among it).
export { memberPointRate, pointsForPrice } from "./point-figures.ts";
export { pointsToEarn } from "./points-earning.ts";
export type { EarningLine } from "./points-earning.ts";

/**
 * The Japan date the balance expires on after an earning at `now`: the same day `months` later
 * (the month's last day when it has no such day); the points may be used through that day.
 */
export function pointsExpiryDate(now: Date, months: number): string {
  const { year, month, day } = japanDateOf(now);
  const index = year * 12 + (month - 1) + months;
  const toYear = Math.floor(index / 12);
  const toMonth = (index % 12) + 1;
  const toDay = Math.min(day, daysInMonth(toYear, toMonth));
  return `${String(toYear).padStart(4, "0")}-${String(toMonth).padStart(2, "0")}-${String(toDay).padStart(2, "0")}`;
}

/** Whether points expiring on `expiresOn` (a Japan date) are past it at `now`. */
export function pointsExpired(expiresOn: string | null, now: Date): boolean {
  return expiresOn !== null && japanDateString(now) > expiresOn;
}

/** A share of points for part of an order (a return): rounded down, so a shopper is never given back or charged more than the whole. */
export function pointsShare(points: number, part: number, whole: number): number {
  if (points <= 0 || part <= 0 || whole <= 0) return 0;
  if (part >= whole) return points;
  return Number((BigInt(points) * BigInt(part)) / BigInt(whole));
}

/** The trader's point settings form (PUT /admin/api/points/settings). */
export const pointSettingsSchema = z.preprocess(
  (body) => formFields(body, "points"),
  z
    .object(fieldsAsSent("base_rate_percent", "grant_on", "expiry_months", "on_charges"))
    .superRefine((fields, context) => {
      const { problem, wholeWithin } = formProblems(context);
      wholeWithin(wholeOf(fields.base_rate_percent), "base_rate_percent", 0, POINT_RATE_MAX);
      if (!POINT_GRANT_TIMINGS.some((each) => each === fields.grant_on)) problem("inclusion", "grant_on");
      wholeWithin(wholeOf(fields.expiry_months), "expiry_months", 1, POINT_EXPIRY_MONTHS_MAX);
    })
    .transform((fields): PointSettings => ({
      baseRatePercent: wholeOf(fields.base_rate_percent) as number,
      grantOn: fields.grant_on as PointGrantTiming,
      expiryMonths: wholeOf(fields.expiry_months) as number,
      onCharges: isTicked(fields.on_charges),
    })),
);

/** Staff granting (points > 0) or removing (points < 0) points with a reason (POST /admin/api/members/{id}/points). */
export const pointAdjustmentSchema = z.preprocess(
  (body) => formFields(body, "adjustment"),
  z
    .object(fieldsAsSent("points", "reason"))
    .superRefine((fields, context) => {
      const { problem } = formProblems(context);
      const points = wholeOf(fields.points);
      if (typeof points === "string") problem(points, "points");
      else if (points === 0) problem("invalid", "points");
      else if (Math.abs(points) > POINT_ADJUSTMENT_MAX) problem("less_than_or_equal_to", "points", { count: POINT_ADJUSTMENT_MAX });
      const reason = typeof fields.reason === "string" ? fields.reason.trim() : "";
      if (reason === "") problem("blank", "reason");
      else if (Array.from(reason).length > 200) problem("too_long", "reason", { count: 200 });
    })
    .transform((fields) => ({ points: wholeOf(fields.points) as number, reason: (fields.reason as string).replace(/[\r\n]+/g, " ").trim() })),
);
export type PointAdjustment = z.output<typeof pointAdjustmentSchema>;

/** The checkout's 「ポイントを使う」 field as typed: whole points ≥ 0 ("" is none); a text when it is not one. */
export function pointsToUseOf(typed: string | undefined, locale: Locale): number | { message: string } {
  const value = wholeOf(typed ?? "");
  if (value === "blank") return 0;
  if (typeof value === "string" || value < 0) return { message: POINTS_FIELD_TEXT[locale] };
  return value;
}

/** The points typed as the summary counts them: a whole number ≥ 0, anything else none (the server says why). */
export function pointsTyped(typed: string | undefined): number {
  const value = wholeOf(typed ?? "");
  return typeof value === "number" && value > 0 ? value : 0;
}

export const POINTS_FIELD_TEXT: Record<Locale, string> = {
  ja: "ご利用ポイントは0以上の整数で入力してください",
  en: "Points to use must be a whole number of 0 or more",
};

/** What the refusals with no field rule say. */
export const POINT_REFUSALS = {
  removeOverBalance: { ja: "減算できるのは残高（{balance}ポイント）までです", en: "You can remove up to the balance ({balance} points)" },
  pointsTaken: { ja: "ポイント残高が変わりました。もう一度ご確認ください", en: "Your points balance has changed. Please check again" },
} as const;
