import { describe, expect, it } from "vitest";
import { checkoutTotals } from "./checkout-summary.ts";
import type { CheckoutLine, CheckoutTerms } from "./checkout-totals.ts";
import type { AppliedCoupon } from "./coupons.ts";
import { couponGoodsLines } from "./coupons.ts";
import { taxOn } from "./money.ts";
import { defaultPaymentTerms, paymentMethodChoice } from "./payment-methods/payment-method.registry.ts";
import { memberPointRate } from "./point-figures.ts";
import { cartPointsToEarn, pointsToEarn } from "./points-earning.ts";
import { orderPointsToEarn, pointsGoodsLines } from "./points.ts";
import { defaultShippingTable } from "./shipping-table.ts";

describe("the rate a member earns at (decision 089)", () => {
  it("is the rank's rate when the member has a rank, else the base rate", () => {
    expect(memberPointRate(1, 3)).toBe(3);
    expect(memberPointRate(1, null)).toBe(1);
    // A rank may give less than the base rate: the rank's rate is the member's rate.
    expect(memberPointRate(2, 1)).toBe(1);
  });

  it("is 0 when the trader turned points off (base rate 0), whatever the rank", () => {
    expect(memberPointRate(0, 5)).toBe(0);
    expect(memberPointRate(0, null)).toBe(0);
  });
});

describe("a cart's 獲得予定ポイント", () => {
  const wine = { price: 3000, amount: 2, tax_rate: 10 };
  const food = { price: 1000, amount: 1, tax_rate: 8 };

  it("is the order's rule on the goods alone: with tax, per line at the product's own rate or the member's, rounded down once", () => {
    expect(cartPointsToEarn([wine, food], 1, 10)).toBe(
      pointsToEarn(
        [
          { unitPrice: 3000, amount: 2, taxRatePercent: 10, productRatePercent: null },
          { unitPrice: 1000, amount: 1, taxRatePercent: 8, productRatePercent: null },
        ],
        [],
        1,
      ),
    );
    expect(cartPointsToEarn([wine, food], 1, 10)).toBe(Math.floor(6600 * 0.01 + 1080 * 0.01));
    expect(cartPointsToEarn([{ ...wine, point_rate: 5 }, food], 3, 10)).toBe(Math.floor(6600 * 0.05 + 1080 * 0.03));
  });

  it("leaves out bottles that can no longer be bought, and reads a cart kept before (no tax rate) at the standard rate", () => {
    expect(cartPointsToEarn([wine, { ...food, amount: 0 }], 1, 10)).toBe(66);
    expect(cartPointsToEarn([{ price: 3000, amount: 2 }], 1, 10)).toBe(66);
  });

  it("is 0 for an empty cart or a rate of 0, except a product's own rate", () => {
    expect(cartPointsToEarn([], 3, 10)).toBe(0);
    expect(cartPointsToEarn([wine], 0, 10)).toBe(0);
    expect(cartPointsToEarn([{ ...wine, point_rate: 2 }], 0, 10)).toBe(132);
  });
});

describe("an order's 獲得予定ポイント: the summary's figure is the booked one", () => {
  const terms: CheckoutTerms = { taxRatePercent: 10, shipping: { ...defaultShippingTable(), freeShippingFrom: 100_000 }, payments: defaultPaymentTerms() };
  const bank = paymentMethodChoice("bank");
  const bottles: CheckoutLine[] = [
    { unitPrice: 5000, amount: 2, shippingType: "normal", taxRatePercent: 10 },
    { unitPrice: 2000, amount: 1, shippingType: "normal", taxRatePercent: 8 },
  ];
  const rated = bottles.map((line, index) => ({
    unitPrice: line.unitPrice,
    amount: line.amount,
    taxRatePercent: line.taxRatePercent ?? 10,
    productRatePercent: index === 1 ? 5 : null,
  }));

  it("is earned on the goods after the coupon and the points used, none on shipping", () => {
    const coupon: AppliedCoupon = { code: "SAKE1000", kind: "fixed", value: 1000, eligible: [true, true] };
    const couponLines = couponGoodsLines(coupon, rated);
    const totals = checkoutTotals(bottles, bank, terms, undefined, { deliveryPrefecture: 13 }, coupon, 500);
    const figure = orderPointsToEarn(
      { lines: rated, couponLines, pointsUsed: 500, chargeLines: totals.chargeLines, taxRatePercent: 10 },
      { ratePercent: 3, onCharges: false },
    );
    const discounts = [...couponLines, ...pointsGoodsLines(500, rated, couponLines)];
    expect(figure).toBe(pointsToEarn(rated, discounts, 3));
    // Less than on the goods before any discount.
    expect(figure).toBeLessThan(pointsToEarn(rated, [], 3));
  });

  it("counts shipping and fees with tax at the member's rate when the trader says so", () => {
    const totals = checkoutTotals(bottles, bank, terms, undefined, { deliveryPrefecture: 13 }, null, 0);
    const shipping = totals.shipping;
    expect(shipping).toBeGreaterThan(0);
    const off = orderPointsToEarn(
      { lines: rated, couponLines: [], pointsUsed: 0, chargeLines: totals.chargeLines, taxRatePercent: 10 },
      { ratePercent: 3, onCharges: false },
    );
    const on = orderPointsToEarn(
      { lines: rated, couponLines: [], pointsUsed: 0, chargeLines: totals.chargeLines, taxRatePercent: 10 },
      { ratePercent: 3, onCharges: true },
    );
    expect(off).toBe(pointsToEarn(rated, [], 3));
    expect(on).toBe(pointsToEarn(rated, [], 3, { onCharges: true, withTax: shipping + taxOn(shipping, 10) }));
  });
});
