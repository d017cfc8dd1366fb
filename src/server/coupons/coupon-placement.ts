import type { CheckoutTotals } from "../../domain/checkout-summary.ts";
import type { AppliedCoupon } from "../../domain/coupons.ts";
import { isCouponLine } from "../../domain/coupons.ts";

/**
 * What a coupon took off an order, for its use's row: the coupon's 値引き lines before tax, and what
 * the shopper's total fell by (the total without those lines' tax effect: the base lowered per rate,
 * the tax rounded once per rate again).
 */
export function couponFigures(totals: CheckoutTotals, coupon: AppliedCoupon): { discount: number; discountWithTax: number } {
  const lines = totals.chargeLines.filter((line) => isCouponLine(line) && line.label.ja.includes(`（${coupon.code}）`));
  const discount = -lines.reduce((sum, line) => sum + line.amount, 0);
  const taxWithout = totals.taxes.reduce((sum, each) => {
    const back = lines.filter((line) => line.taxRatePercent === each.rate).reduce((total, line) => total - line.amount, 0);
    return sum + Math.ceil(((each.base + back) * each.rate) / 100);
  }, 0);
  return { discount, discountWithTax: discount + taxWithout - totals.tax };
}
