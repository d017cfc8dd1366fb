import { couponLabel } from "./coupons.ts";
import type { Locale } from "./locale.ts";
import { taxOn } from "./money.ts";
import type { TaxPerRate } from "./tax-rates.ts";

/** A charge line as the figures read it: the coupon's 値引き lines are found among them by their label. */
interface FigureLine {
  kind: string;
  label: Record<Locale, string>;
  amount: number;
  taxRatePercent?: number | undefined;
}

/** What one coupon took off an order, for its use's row (coupon_uses). */
export interface CouponUseFigures {
  /** Its 値引き lines, yen before tax. */
  discount: number;
  /** Its part of what the shopper's total fell by, yen with tax. */
  discountWithTax: number;
}

/**
 * Whole yen split over weights by largest remainder (the earlier weight first on a tie), so the parts
 * add up to `amount` exactly; as apportionAcrossRates splits a discount over rates (decision 070).
 */
export function apportionByWeights(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + Math.max(0, weight), 0);
  if (sum === 0 || amount === 0) return weights.map(() => 0);
  const sign = amount < 0 ? -1 : 1;
  const whole = BigInt(Math.abs(amount));
  const parts = weights.map((weight, index) => {
    const product = whole * BigInt(Math.max(0, weight));
    return { index, floor: Number(product / BigInt(sum)), remainder: product % BigInt(sum) };
  });
  let left = Math.abs(amount) - parts.reduce((total, part) => total + part.floor, 0);
  for (const part of [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder < b.remainder ? 1 : -1))) {
    if (left === 0) break;
    part.floor += 1;
    left -= 1;
  }
  return parts.map((part) => sign * part.floor);
}

/**
 * Each coupon's figures on one order (decision 086), in the order of `codes`: its own 値引き lines
 * before tax, and its part of what the total fell by. The total falls by the coupons' lines and, at
 * each rate, by the tax those lines took off together (the tax rounded once per rate, with and
 * without all the coupons' lines); that tax is apportioned over the coupons by their lines at the
 * rate, largest remainder, so the coupons' figures add up to the order's discount to the yen. Worked
 * out one coupon at a time, two coupons at one rate could each count the same rounded yen.
 */
export function couponUseFigures(
  totals: { taxes: readonly Pick<TaxPerRate, "rate" | "base" | "tax">[]; taxRatePercent: number; chargeLines: readonly FigureLine[] },
  codes: readonly string[],
): CouponUseFigures[] {
  const isOwn = (line: FigureLine, code: string) => line.kind === "discount" && line.label.ja === couponLabel(code).ja;
  const rateOf = (line: FigureLine) => line.taxRatePercent ?? totals.taxRatePercent;
  const taken = codes.map((code) => totals.chargeLines.filter((line) => isOwn(line, code)));
  const discounts = taken.map((lines) => lines.reduce((sum, line) => sum - line.amount, 0));
  const taxParts = codes.map(() => 0);
  for (const each of totals.taxes) {
    const atRate = taken.map((lines) => lines.filter((line) => rateOf(line) === each.rate).reduce((sum, line) => sum - line.amount, 0));
    const back = atRate.reduce((sum, amount) => sum + amount, 0);
    if (back === 0) continue;
    const fell = taxOn(each.base + back, each.rate) - each.tax;
    apportionByWeights(fell, atRate).forEach((part, index) => (taxParts[index]! += part));
  }
  return codes.map((_, index) => ({ discount: discounts[index]!, discountWithTax: discounts[index]! + taxParts[index]! }));
}
