import { describe, expect, it } from "vitest";
import { apportionByWeights, couponUseFigures } from "./coupon-figures.ts";
import type { AppliedCoupon } from "./coupons.ts";
import { couponLabel, couponsGoodsLines } from "./coupons.ts";
import { taxOn } from "./money.ts";
import { orderTotals } from "./order-totals.ts";

const coupon = (code: string, kind: AppliedCoupon["kind"], value: number, eligible: boolean[]): AppliedCoupon => ({ code, kind, value, eligible });

/** An order's totals with the coupons' lines, as checkout makes them, and what its total with tax fell by. */
function orderWith(lines: { unitPrice: number; amount: number; taxRatePercent: number }[], coupons: AppliedCoupon[]) {
  const chargeLines = couponsGoodsLines(coupons, lines);
  const totals = { ...orderTotals(lines, chargeLines, 10), chargeLines };
  const before = orderTotals(lines, [], 10);
  return { totals, fell: before.total - totals.total };
}

describe("apportionByWeights", () => {
  it("splits whole yen by weight, the yen left to the largest remainders, the earlier on a tie", () => {
    expect(apportionByWeights(8, [51, 29])).toEqual([5, 3]);
    expect(apportionByWeights(3, [1, 1])).toEqual([2, 1]);
    expect(apportionByWeights(0, [5, 5])).toEqual([0, 0]);
    expect(apportionByWeights(-7, [1, 1])).toEqual([-4, -3]);
    expect(apportionByWeights(5, [0, 0])).toEqual([0, 0]);
  });
});

describe("couponUseFigures", () => {
  it("one coupon: its lines, and exactly what the total fell by", () => {
    const { totals, fell } = orderWith([{ unitPrice: 1020, amount: 1, taxRatePercent: 10 }], [coupon("A", "percent", 5, [true])]);
    expect(couponUseFigures(totals, ["A"])).toEqual([{ discount: 51, discountWithTax: fell }]);
    expect(fell).toBe(56);
  });

  it("two coupons combined at one rate add up to the order's discount (one coupon at a time counted a yen twice)", () => {
    // Goods 1,020 before tax at 10%; 5% takes 51, then 3% of the 969 left takes 29: 940 and tax 94.
    // The total fell from 1,122 to 1,034: 88 yen, the tax 8 of it (102 → 94).
    const { totals, fell } = orderWith(
      [{ unitPrice: 1020, amount: 1, taxRatePercent: 10 }],
      [coupon("A", "percent", 5, [true]), coupon("B", "percent", 3, [true])],
    );
    expect(fell).toBe(88);
    // Each coupon's own rounding, as the figures were worked out before: 57 and 32, 89 in all.
    const alone = ["A", "B"].map((code) => {
      const own = -totals.chargeLines.filter((line) => line.label.ja === couponLabel(code).ja).reduce((sum, line) => sum + line.amount, 0);
      return own + taxOn(totals.taxes[0]!.base + own, 10) - totals.tax;
    });
    expect(alone).toEqual([57, 32]);
    // The 8 yen of tax apportioned 51 : 29 by largest remainder (5.1 → 5, 2.9 → 3).
    const figures = couponUseFigures(totals, ["A", "B"]);
    expect(figures).toEqual([
      { discount: 51, discountWithTax: 56 },
      { discount: 29, discountWithTax: 32 },
    ]);
    expect(figures.reduce((sum, each) => sum + each.discountWithTax, 0)).toBe(fell);
  });

  it("two rates and two coupons: each rate's tax apportioned on its own, the sum still exact", () => {
    const lines = [
      { unitPrice: 3333, amount: 1, taxRatePercent: 10 },
      { unitPrice: 1777, amount: 1, taxRatePercent: 8 },
    ];
    const { totals, fell } = orderWith(lines, [coupon("YEN", "fixed", 555, [true, true]), coupon("PCT", "percent", 7, [true, true])]);
    const figures = couponUseFigures(totals, ["YEN", "PCT"]);
    expect(figures.reduce((sum, each) => sum + each.discountWithTax, 0)).toBe(fell);
    expect(figures.reduce((sum, each) => sum + each.discount, 0)).toBe(-totals.chargeLines.reduce((sum, line) => sum + line.amount, 0));
  });

  it("a code with no lines on the order takes nothing", () => {
    const { totals } = orderWith([{ unitPrice: 1000, amount: 1, taxRatePercent: 10 }], [coupon("A", "percent", 10, [true])]);
    expect(couponUseFigures(totals, ["A", "NONE"])[1]).toEqual({ discount: 0, discountWithTax: 0 });
  });
});
