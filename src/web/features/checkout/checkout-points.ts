import type { CartItem } from "../../../domain/cart.ts";
import type { AppliedCoupon, CouponDiscountLine } from "../../../domain/coupons.ts";
import { couponsGoodsLines } from "../../../domain/coupons.ts";
import { pointsCap, pointsTyped } from "../../../domain/points.ts";

/** A bottle's line as the points rules read it: its price, how many, its tax rate (the shop's when it has none of its own). */
export interface RatedLine {
  unitPrice: number;
  amount: number;
  taxRatePercent: number;
}

export interface CheckoutPoints {
  lines: RatedLine[];
  /** The coupons' 値引き lines on those bottles. */
  couponLines: CouponDiscountLine[];
  /** At most the balance and the goods after the coupons. */
  usable: number;
  /** What the summary counts: the points typed, no more than `usable`. */
  used: number;
}

/** Points on the checkout (decision 089): how many the member may use on these bottles, and how many of those typed count. */
export function checkoutPointsOf(
  items: readonly CartItem[],
  taxRate: number,
  coupons: readonly AppliedCoupon[],
  balance: number,
  typed: string | undefined,
): CheckoutPoints {
  const lines = items.map((item) => ({ unitPrice: item.price, amount: item.amount, taxRatePercent: item.tax_rate ?? taxRate }));
  const couponLines = couponsGoodsLines(coupons, lines);
  const usable = Math.min(balance, pointsCap(lines, couponLines));
  return { lines, couponLines, usable, used: Math.min(pointsTyped(typed), usable) };
}
