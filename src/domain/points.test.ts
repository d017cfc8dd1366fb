import { describe, expect, it } from "vitest";
import { checkoutTotals } from "./checkout-summary.ts";
import type { CheckoutLine, CheckoutTerms } from "./checkout-totals.ts";
import { couponGoodsLines } from "./coupons.ts";
import { defaultPaymentTerms, paymentMethodChoice, paymentMethodChoices } from "./payment-methods/payment-method.registry.ts";
import { defaultShippingTable } from "./shipping-table.ts";
import { examples } from "./testing/examples.ts";
import {
  pointAdjustmentSchema,
  pointSettingsSchema,
  pointsCap,
  pointsExpired,
  pointsExpiryDate,
  pointGrantMoment,
  pointsForPrice,
  pointsGoodsLines,
  pointsShare,
  pointsToEarn,
  pointsUseRefusal,
} from "./points.ts";

const wine = { unitPrice: 3000, amount: 2, taxRatePercent: 10 };
const food = { unitPrice: 1000, amount: 1, taxRatePercent: 8 };

describe("points used: 値引き lines apportioned by rate (decision 086)", () => {
  it("one rate: the points back to before tax, rounded down", () => {
    // 500 points at 10%: 500 × 100/110 = 454.5… → 454 before tax; the total falls by 454 + 45.4→(ceil) = 499 or 500.
    expect(pointsGoodsLines(500, [wine])).toEqual([
      { kind: "discount", label: { ja: "ポイント利用", en: "Points used" }, amount: -454, taxable: true, taxRatePercent: 10 },
    ]);
  });

  it("two rates: split by the goods with tax, largest remainder, the higher rate first", () => {
    // Goods with tax: 6,600 at 10%, 1,080 at 8% (7,680). 1,000 points: 859.375 → 859 and 140.625 → 141.
    const lines = pointsGoodsLines(1000, [wine, food]);
    expect(lines.map((line) => [line.taxRatePercent, line.amount])).toEqual([
      [10, -Math.floor((859 * 100) / 110)],
      [8, -Math.floor((141 * 100) / 108)],
    ]);
  });

  it("after a coupon: the points share what the coupon left, and never pass it", () => {
    const coupon = couponGoodsLines({ code: "C500", kind: "fixed", value: 500, eligible: [true] }, [wine]);
    const cap = pointsCap([wine], coupon);
    expect(cap).toBe(6000 + coupon[0]!.amount + Math.ceil(((6000 + coupon[0]!.amount) * 10) / 100));
    const lines = pointsGoodsLines(99_999, [wine], coupon);
    expect(-lines[0]!.amount).toBeLessThanOrEqual(6000 + coupon[0]!.amount);
  });

  it("no points, no lines", () => {
    expect(pointsGoodsLines(0, [wine])).toEqual([]);
  });
});

describe("using points", () => {
  it("up to the balance and the goods' total, members only", () => {
    expect(pointsUseRefusal(0, { member: false, balance: 0, cap: 0 })).toBeNull();
    expect(pointsUseRefusal(10, { member: false, balance: 100, cap: 1000 })).toBe("members_only");
    expect(pointsUseRefusal(101, { member: true, balance: 100, cap: 1000 })).toBe("over_balance");
    expect(pointsUseRefusal(100, { member: true, balance: 100, cap: 1000 })).toBeNull();
    expect(pointsUseRefusal(1001, { member: true, balance: 5000, cap: 1000 })).toBe("over_total");
  });
});

describe("earning", () => {
  it("1% of the goods with tax, rounded down once per order", () => {
    // 6,600 with tax × 1% = 66.
    expect(pointsToEarn([{ ...wine, productRatePercent: null }], [], 1)).toBe(66);
    // 1,080 × 1% = 10.8 → 10; with the wine 76.8 → 76 (once per order, not per line: 66 + 10 would be 76 too, 3 × 1,100 × 1% + … differs below).
    expect(
      pointsToEarn(
        [
          { ...wine, productRatePercent: null },
          { ...food, productRatePercent: null },
        ],
        [],
        1,
      ),
    ).toBe(76);
    // Per line rounding would give 3 + 3 = 6 (2 lines of 330 at 1%: 3.3 each); once per order 6.6 → 6; 3 lines: 9.9 → 9.
    const small = { unitPrice: 300, amount: 1, taxRatePercent: 10, productRatePercent: null };
    expect(pointsToEarn([small, small, small], [], 1)).toBe(9);
  });

  it("after the discounts, by rate", () => {
    const lines = [{ ...wine, productRatePercent: null }];
    const discount = pointsGoodsLines(1000, lines);
    // 6,000 − 909 = 5,091 before tax, 5,600.1 with tax (exact share) → 56.
    expect(pointsToEarn(lines, discount, 1)).toBe(Math.floor(((6000 + discount[0]!.amount) * 1.1) / 100));
  });

  it("a product's own rate overrides the member's", () => {
    expect(
      pointsToEarn(
        [
          { ...wine, productRatePercent: 5 },
          { ...food, productRatePercent: null },
        ],
        [],
        1,
      ),
    ).toBe(Math.floor(6600 * 0.05 + 1080 * 0.01));
  });

  it("shipping and fees only when the trader says so", () => {
    const lines = [{ ...wine, productRatePercent: null }];
    expect(pointsToEarn(lines, [], 1, { onCharges: false, withTax: 990 })).toBe(66);
    expect(pointsToEarn(lines, [], 1, { onCharges: true, withTax: 990 })).toBe(75);
  });

  it("no rate, no points", () => {
    expect(pointsToEarn([{ ...wine, productRatePercent: null }], [], 0)).toBe(0);
    expect(pointsForPrice(3300, 1)).toBe(33);
  });
});

describe("expiry in Japan time", () => {
  it("the same Japan day the months later; an earning just after midnight in Japan counts as that day", () => {
    // 2026-03-31 15:30 UTC is 2026-04-01 00:30 in Japan.
    expect(pointsExpiryDate(new Date("2026-03-31T15:30:00Z"), 12)).toBe("2027-04-01");
    expect(pointsExpiryDate(new Date("2026-03-31T14:30:00Z"), 12)).toBe("2027-03-31");
  });

  it("a day the month lacks is its last day", () => {
    expect(pointsExpiryDate(new Date("2027-01-31T03:00:00Z"), 1)).toBe("2027-02-28");
    expect(pointsExpiryDate(new Date("2027-12-31T03:00:00Z"), 2)).toBe("2028-02-29");
  });

  it("expired only once the Japan date is past the date", () => {
    expect(pointsExpired("2027-04-01", new Date("2027-04-01T14:59:00Z"))).toBe(false);
    expect(pointsExpired("2027-04-01", new Date("2027-04-01T15:00:00Z"))).toBe(true);
    expect(pointsExpired(null, new Date())).toBe(false);
  });
});

describe("shares for a return", () => {
  it("rounded down, whole when all goes back", () => {
    expect(pointsShare(500, 1, 3)).toBe(166);
    expect(pointsShare(500, 3, 3)).toBe(500);
    expect(pointsShare(500, 0, 3)).toBe(0);
  });
});

describe("forms", () => {
  it("settings", () => {
    expect(pointSettingsSchema.parse({ base_rate_percent: "2", grant_on: "shipped", expiry_months: "12", on_charges: "on" })).toEqual({
      baseRatePercent: 2,
      grantOn: "shipped",
      expiryMonths: 12,
      onCharges: true,
    });
    expect(pointSettingsSchema.safeParse({ base_rate_percent: "-1", grant_on: "never", expiry_months: "0" }).success).toBe(false);
  });

  it("a staff adjustment needs points other than 0 and a reason", () => {
    expect(pointAdjustmentSchema.parse({ points: "-300", reason: " お詫び " })).toEqual({ points: -300, reason: "お詫び" });
    expect(pointAdjustmentSchema.safeParse({ points: "0", reason: "x" }).success).toBe(false);
    expect(pointAdjustmentSchema.safeParse({ points: "10", reason: "" }).success).toBe(false);
  });
});

describe("points in the order's charges (decision 086's rules, item 5)", () => {
  const terms: CheckoutTerms = { taxRatePercent: 10, shipping: { ...defaultShippingTable(), freeShippingFrom: 10_000 }, payments: defaultPaymentTerms() };
  const bank = paymentMethodChoice("bank");
  const bottles: CheckoutLine[] = [{ unitPrice: 10_000, amount: 1, shippingType: "normal", taxRatePercent: 10 }];

  it("the free-shipping line is measured on the goods after the points", () => {
    // 11,000 with tax: free shipping; 2,000 points take the goods to about 9,000: shipping comes back.
    expect(checkoutTotals(bottles, bank, terms).shipping).toBe(0);
    const withPoints = checkoutTotals(bottles, bank, terms, undefined, { deliveryPrefecture: 13 }, null, 2000);
    expect(withPoints.shipping).toBeGreaterThan(0);
    expect(withPoints.chargeLines.filter((line) => line.label.ja === "ポイント利用").map((line) => line.amount)).toEqual([-1818]);
  });

  it("tax per rate is on the goods after the points, rounded once per rate", () => {
    const mixed: CheckoutLine[] = [...bottles, { unitPrice: 1000, amount: 1, shippingType: "normal", taxRatePercent: 8 }];
    const totals = checkoutTotals(mixed, bank, terms, undefined, { deliveryPrefecture: 13 }, null, 1000);
    const byRate = new Map(totals.taxes.map((each) => [each.rate, each]));
    const pointsAt = (rate: number) =>
      totals.chargeLines.filter((line) => line.label.ja === "ポイント利用" && line.taxRatePercent === rate).reduce((sum, line) => sum + line.amount, 0);
    expect(byRate.get(8)!.base).toBe(1000 + pointsAt(8));
    expect(byRate.get(8)!.tax).toBe(Math.ceil(((1000 + pointsAt(8)) * 8) / 100));
  });
});

describe("when a member is told the points arrive", () => {
  const moment = (code: string, grantOn: "paid" | "shipped" = "paid") => pointGrantMoment(grantOn, paymentMethodChoice(code).paidWhen);

  examples("grants a card or PayPay order's points as the order is confirmed, not after a payment arrives", moment, [
    ["credit", "at_order"],
    ["registered_credit", "at_order"],
    ["paypay", "at_order"],
  ]);

  examples("grants a bank, konbini or 後払い order's points once the payment arrives, and cash on delivery's on shipping", moment, [
    ["bank", "on_payment"],
    ["konbini", "on_payment"],
    ["deferred", "on_payment"],
    ["cod", "on_shipping"],
  ]);

  it("says shipping for every method when the shop grants on shipping, and a wording for all while no method is chosen", () => {
    for (const method of paymentMethodChoices()) expect(pointGrantMoment("shipped", method.paidWhen)).toBe("on_shipping");
    expect(pointGrantMoment("paid", undefined)).toBe("when_paid");
  });
});
