import { japanDateOf } from "./japan-time.ts";
import type { Locale } from "./locale.ts";
import { taxOn } from "./money.ts";
import { apportionAcrossRates } from "./order-totals.ts";

/**
 * Coupons (issue 34 item 2, decision 086). A coupon is the shop's own 売上値引き given at the sale:
 * its yen come off the consideration of the goods it applies to, before tax, apportioned over their
 * rates, and each part is a 値引き line (kind `discount`, decision 070) at its rate — so the receipt's
 * figures per rate are after the coupon. Free shipping is a 値引き of the shipping fee at the
 * standard rate, the rate shipping is taxed at. Pure rules: the server and the checkout page alike.
 */

export const COUPON_KINDS = ["fixed", "percent", "free_shipping"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const COUPON_VALUE_MAX = 1_000_000;

/** A code as typed: full-width letters and digits folded, spaces dropped, upper case. */
export function normalizeCouponCode(typed: string): string {
  return typed.normalize("NFKC").replace(/\s+/g, "").toUpperCase();
}

/** What the goods a coupon may apply to are: all of them, or those named by product, series or liquor type. */
export interface CouponTarget {
  productIds: number[];
  seriesIds: number[];
  liquorTypes: string[];
}

export function targetsAll(target: CouponTarget): boolean {
  return target.productIds.length === 0 && target.seriesIds.length === 0 && target.liquorTypes.length === 0;
}

/** A coupon's rule as the trader set it. */
export interface CouponRule {
  code: string;
  kind: CouponKind;
  /** Yen off (with tax, as the shopper reads 500円OFF) for fixed; percent for percent; 0 for free shipping. */
  value: number;
  /** Goods with tax the order must reach before the coupon (0: none). */
  minimumOrder: number;
  /** Japan dates yyyy-mm-dd, both days included. */
  validFrom: string;
  validUntil: string;
  /** Uses in all (null: no limit) and per member (null: no limit). */
  totalLimit: number | null;
  perMemberLimit: number | null;
  target: CouponTarget;
  membersOnly: boolean;
  /** A coupon issued to one member (the birthday coupon): no one else may use it. */
  memberId: number | null;
  active: boolean;
}

/** One line of the order as a coupon looks at it. */
export interface CouponLine {
  productId: number;
  /** Price before tax of one bottle. */
  unitPrice: number;
  amount: number;
  taxRatePercent: number;
  seriesIds: readonly number[];
  liquorType: string | null;
}

export function lineIsEligible(line: Pick<CouponLine, "productId" | "seriesIds" | "liquorType">, target: CouponTarget): boolean {
  if (targetsAll(target)) return true;
  if (target.productIds.includes(line.productId)) return true;
  if (line.seriesIds.some((id) => target.seriesIds.includes(id))) return true;
  return line.liquorType !== null && target.liquorTypes.includes(line.liquorType);
}

export const COUPON_REFUSALS = ["unknown", "not_yet_valid", "expired", "used_up", "already_used", "minimum_not_met", "not_for_items", "members_only"] as const;
export type CouponRefusalReason = (typeof COUPON_REFUSALS)[number];

export interface CouponRefusal {
  reason: CouponRefusalReason;
  /** minimum_not_met: how many yen (with tax) of goods are still missing. */
  shortBy?: number;
}

export const COUPON_REFUSAL_TEXTS: Record<CouponRefusalReason, Record<Locale, string>> = {
  unknown: { ja: "このクーポンコードは見つかりません。入力内容をご確認ください", en: "This coupon code was not found. Please check what you typed" },
  not_yet_valid: { ja: "このクーポンは{from}からご利用いただけます", en: "This coupon can be used from {from}" },
  expired: { ja: "このクーポンは有効期限（{until}）が過ぎています", en: "This coupon expired on {until}" },
  used_up: { ja: "このクーポンは利用上限に達したため、ご利用いただけません", en: "This coupon has reached its limit of uses" },
  already_used: { ja: "このクーポンはすでにご利用済みです", en: "You have already used this coupon" },
  minimum_not_met: {
    ja: "このクーポンは商品合計{minimum}円（税込）以上でご利用いただけます。あと{short}円分のお買い物でご利用いただけます",
    en: "This coupon needs goods of ¥{minimum} or more (tax included): ¥{short} more to go",
  },
  not_for_items: { ja: "このクーポンはご注文の商品には使えません", en: "This coupon does not apply to the items in your order" },
  members_only: { ja: "このクーポンは会員さま限定です。ログインしてからご利用ください", en: "This coupon is for members only. Please sign in to use it" },
};

/** A coupon's 値引き line: an order charge of kind discount at its rate (order-charges.ts's OrderCharge). */
export interface CouponDiscountLine {
  kind: "discount";
  label: Record<Locale, string>;
  amount: number;
  taxable: true;
  taxRatePercent: number;
}

/** What a rule is checked against: the order, who orders, the uses so far, and the time. */
export interface CouponCheck {
  now: Date;
  userId: number | null;
  lines: readonly CouponLine[];
  /** Uses that stand (not given back) in all, and by this member. */
  usesSoFar: number;
  memberUses: number;
}

/** yyyy-mm-dd of `now` in Japan. */
export function japanDateString(now: Date): string {
  const { year, month, day } = japanDateOf(now);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Goods with tax, per rate's base rounded once (as the order's tax is). */
export function goodsWithTax(lines: readonly Pick<CouponLine, "unitPrice" | "amount" | "taxRatePercent">[]): number {
  const bases = new Map<number, number>();
  for (const line of lines) bases.set(line.taxRatePercent, (bases.get(line.taxRatePercent) ?? 0) + line.unitPrice * line.amount);
  return [...bases.entries()].reduce((sum, [rate, base]) => sum + base + taxOn(base, rate), 0);
}

/** Why the coupon cannot be used on this order, in the order a shopper would want to hear it; null when it can. */
export function couponRefusal(rule: CouponRule | null, check: CouponCheck): CouponRefusal | null {
  if (!rule || !rule.active) return { reason: "unknown" };
  if (rule.memberId !== null && rule.memberId !== check.userId) return check.userId === null ? { reason: "members_only" } : { reason: "unknown" };
  if ((rule.membersOnly || rule.memberId !== null) && check.userId === null) return { reason: "members_only" };
  const today = japanDateString(check.now);
  if (today < rule.validFrom) return { reason: "not_yet_valid" };
  if (today > rule.validUntil) return { reason: "expired" };
  if (rule.totalLimit !== null && check.usesSoFar >= rule.totalLimit) return { reason: "used_up" };
  if (check.userId !== null && rule.perMemberLimit !== null && check.memberUses >= rule.perMemberLimit) return { reason: "already_used" };
  const goods = goodsWithTax(check.lines);
  if (goods < rule.minimumOrder) return { reason: "minimum_not_met", shortBy: rule.minimumOrder - goods };
  if (rule.kind !== "free_shipping" && !check.lines.some((line) => lineIsEligible(line, rule.target))) return { reason: "not_for_items" };
  return null;
}

/** A refusal as the shopper reads it. */
export function couponRefusalText(refusal: CouponRefusal, rule: Pick<CouponRule, "validFrom" | "validUntil" | "minimumOrder"> | null, locale: Locale): string {
  const text = COUPON_REFUSAL_TEXTS[refusal.reason][locale];
  const yen = (value: number) => value.toLocaleString("en-US");
  return text
    .replace("{from}", rule?.validFrom.replaceAll("-", "/") ?? "")
    .replace("{until}", rule?.validUntil.replaceAll("-", "/") ?? "")
    .replace("{minimum}", yen(rule?.minimumOrder ?? 0))
    .replace("{short}", yen(refusal.shortBy ?? 0));
}

/** The label of a coupon's lines: 「クーポン値引き（CODE）」. */
export function couponLabel(code: string): Record<Locale, string> {
  return { ja: `クーポン値引き（${code}）`, en: `Coupon (${code})` };
}

/** The coupon applied to an order: what the charges need to work out its lines. */
export interface AppliedCoupon {
  code: string;
  kind: CouponKind;
  value: number;
  /** The order's lines, in its order, each with whether the coupon applies to it. */
  eligible: readonly boolean[];
}

/**
 * The goods' discount lines of a fixed or percent coupon: one 値引き line per rate of the goods it
 * applies to, before tax, each at most that rate's eligible goods.
 *
 * - percent: each rate's eligible goods before tax × percent, rounded down (the discount is never
 *   more than the percent typed);
 * - fixed: the yen (with tax) are split over the rates by their eligible goods with tax
 *   (apportionAcrossRates: whole yen, sum exact), and each part is taken back to before tax
 *   (× 100 / (100 + rate), rounded down), so the total falls by the value or up to 1 yen less per
 *   rate, as the tax is rounded once per rate (decision 036).
 */
export function couponGoodsLines(coupon: AppliedCoupon, lines: readonly { unitPrice: number; amount: number; taxRatePercent: number }[]): CouponDiscountLine[] {
  if (coupon.kind === "free_shipping") return [];
  const bases = new Map<number, number>();
  lines.forEach((line, index) => {
    if (!coupon.eligible[index]) return;
    bases.set(line.taxRatePercent, (bases.get(line.taxRatePercent) ?? 0) + line.unitPrice * line.amount);
  });
  const rates = [...bases.entries()].filter(([, base]) => base > 0).sort(([a], [b]) => b - a);
  let parts: { rate: number; amount: number }[];
  if (coupon.kind === "percent") {
    parts = rates.map(([rate, base]) => ({ rate, amount: Math.floor((base * Math.min(coupon.value, 100)) / 100) }));
  } else {
    const withTax = rates.map(([rate, base]) => ({ rate, base: base + taxOn(base, rate) }));
    const total = withTax.reduce((sum, each) => sum + each.base, 0);
    const shares = apportionAcrossRates(Math.min(coupon.value, total), withTax);
    parts = shares.map((share) => ({ rate: share.rate, amount: Math.min(bases.get(share.rate)!, Math.floor((share.amount * 100) / (100 + share.rate))) }));
  }
  return parts.filter((part) => part.amount > 0).map((part) => couponLine(coupon.code, -part.amount, part.rate));
}

/** The free-shipping coupon's line: the shipping fee taken off at the rate shipping is taxed at. */
export function couponShippingLine(coupon: AppliedCoupon, shippingFee: number, standardRatePercent: number): CouponDiscountLine[] {
  if (coupon.kind !== "free_shipping" || shippingFee <= 0) return [];
  return [couponLine(coupon.code, -shippingFee, standardRatePercent)];
}

function couponLine(code: string, amount: number, taxRatePercent: number): CouponDiscountLine {
  return { kind: "discount", label: couponLabel(code), amount, taxable: true, taxRatePercent };
}

/** How many codes one order may carry (the spec's coupon_code and up to four more). */
export const MAX_COUPONS_PER_ORDER = 5;

/** Why a code cannot join the others typed with it (decision 086: "one per order unless the trader allows more"). */
export const COUPON_COMBINATION_REFUSALS = {
  not_combinable: { ja: "このクーポンは他のクーポンと併用できません", en: "This coupon cannot be combined with other coupons" },
  duplicate: { ja: "同じクーポンコードがすでに入力されています", en: "This coupon code has already been entered" },
  second_free_shipping: { ja: "送料無料のクーポンは1回のご注文につき1枚までです", en: "Only one free-shipping coupon can be used per order" },
  too_many: { ja: "クーポンは1回のご注文につき{max}枚までです", en: "Up to {max} coupons can be used per order" },
} as const satisfies Record<string, Record<Locale, string>>;
export type CouponCombinationRefusal = keyof typeof COUPON_COMBINATION_REFUSALS;

/** A combination refusal as the shopper reads it. */
export function couponCombinationText(refusal: CouponCombinationRefusal, locale: Locale): string {
  return COUPON_COMBINATION_REFUSALS[refusal][locale].replace("{max}", String(MAX_COUPONS_PER_ORDER));
}

/**
 * Whether these codes, in the order typed, may go on one order together: a refusal for each that may
 * not (its index in the list), none when they all may. Codes are compared as normalized. The same code
 * twice: the later one. More than one code: every coupon must be combinable (「他のクーポンと併用可」), and
 * each that is not is named. Two free-shipping coupons: the later one (shipping is taken off once).
 * Unknown codes (null) are left to the coupon's own refusal.
 */
export function couponCombinationRefusals(
  coupons: readonly ({ code: string; kind: CouponKind; combinable: boolean } | null)[],
): { index: number; refusal: CouponCombinationRefusal }[] {
  const refusals: { index: number; refusal: CouponCombinationRefusal }[] = [];
  const seen = new Set<string>();
  let freeShipping = false;
  const several = coupons.length > 1;
  coupons.forEach((coupon, index) => {
    if (index >= MAX_COUPONS_PER_ORDER) return refusals.push({ index, refusal: "too_many" });
    if (!coupon) return;
    const code = normalizeCouponCode(coupon.code);
    if (seen.has(code)) return refusals.push({ index, refusal: "duplicate" });
    seen.add(code);
    if (several && !coupon.combinable) return refusals.push({ index, refusal: "not_combinable" });
    if (coupon.kind === "free_shipping") {
      if (freeShipping) return refusals.push({ index, refusal: "second_free_shipping" });
      freeShipping = true;
    }
    return undefined;
  });
  return refusals;
}

/**
 * The order coupons are taken off the goods in (decision 086): fixed amounts first, then percentages
 * on what the fixed ones left, free shipping last (on the shipping, after the goods' lines); within a
 * kind, in the order typed. A percentage is thus a percent of what the shopper pays for the goods.
 */
export function couponsInApplicationOrder<T extends Pick<AppliedCoupon, "kind">>(coupons: readonly T[]): T[] {
  const rank: Record<CouponKind, number> = { fixed: 0, percent: 1, free_shipping: 2 };
  return coupons
    .map((coupon, index) => ({ coupon, index }))
    .sort((a, b) => rank[a.coupon.kind] - rank[b.coupon.kind] || a.index - b.index)
    .map((each) => each.coupon);
}

/** One coupon, several or none, as the charges take them. */
export type CouponsApplied = AppliedCoupon | readonly AppliedCoupon[] | null;

export function couponList(coupons: CouponsApplied): readonly AppliedCoupon[] {
  if (coupons === null) return [];
  return Array.isArray(coupons) ? (coupons as readonly AppliedCoupon[]) : [coupons as AppliedCoupon];
}

/**
 * The goods' discount lines of several coupons on one order, each coupon its own lines (one per rate):
 * in application order, each coupon on the goods the earlier ones left. What a coupon took at a rate is
 * taken off the lines it applies to at that rate by their amounts (largest remainder), so the next
 * coupon sees each line's price after it. One coupon: exactly couponGoodsLines.
 */
export function couponsGoodsLines(
  coupons: CouponsApplied,
  lines: readonly { unitPrice: number; amount: number; taxRatePercent: number }[],
): CouponDiscountLine[] {
  const remaining = lines.map((line) => line.unitPrice * line.amount);
  const made: CouponDiscountLine[] = [];
  for (const coupon of couponsInApplicationOrder(couponList(coupons))) {
    const left = lines.map((line, index) => ({ unitPrice: remaining[index]!, amount: 1, taxRatePercent: line.taxRatePercent }));
    const own = couponGoodsLines(coupon, left);
    for (const line of own) {
      const indexes = lines.flatMap((each, index) =>
        coupon.eligible[index] && each.taxRatePercent === line.taxRatePercent && remaining[index]! > 0 ? [index] : [],
      );
      const base = indexes.reduce((sum, index) => sum + remaining[index]!, 0);
      const take = -line.amount;
      const parts = indexes.map((index) => ({ index, floor: Math.floor((take * remaining[index]!) / base), remainder: (take * remaining[index]!) % base }));
      let rest = take - parts.reduce((sum, part) => sum + part.floor, 0);
      for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
        if (rest === 0) break;
        if (part.floor < remaining[part.index]!) {
          part.floor += 1;
          rest -= 1;
        }
      }
      for (const part of parts) remaining[part.index] = remaining[part.index]! - part.floor;
    }
    made.push(...own);
  }
  return made;
}

/** The free-shipping lines of the coupons applied: the shipping fee taken off once, by the first free-shipping coupon. */
export function couponsShippingLines(coupons: CouponsApplied, shippingFee: number, standardRatePercent: number): CouponDiscountLine[] {
  const free = couponList(coupons).find((coupon) => coupon.kind === "free_shipping");
  return free ? couponShippingLine(free, shippingFee, standardRatePercent) : [];
}

/** Whether a charge line is a coupon's (its label is the coupon's). */
export function isCouponLine(charge: { kind: string; label: Record<Locale, string> }): boolean {
  return charge.kind === "discount" && charge.label.ja.startsWith("クーポン値引き（");
}
