import { describe, expect, it } from "vitest";
import type { OrderCharge } from "./order-charges.ts";
import { adjustmentOf, chargeOf } from "./order-charges.ts";
import { paymentMethodChoice } from "./payment-methods/payment-method.registry.ts";
import { adjustedTotalsProblem, apportionAcrossRates, orderTotals } from "./order-totals.ts";
import { WORKED_EXAMPLE_TOTALS } from "./testing/worked-example.ts";

const shipping = (amount: number) => chargeOf("shipping", amount);
const codFee = (amount: number) => chargeOf("payment_fee", amount, paymentMethodChoice("cod").feeLabel);

describe("order totals from items and charge lines", () => {
  it("gives the worked example's figures: 3,000×2 + 4,980 with shipping 1,100 by card", () => {
    expect(
      orderTotals(
        [
          { unitPrice: 3000, amount: 2 },
          { unitPrice: 4980, amount: 1 },
        ],
        [shipping(1100)],
        10,
      ),
    ).toEqual(WORKED_EXAMPLE_TOTALS);
  });

  it("taxes the cod fee with the rest and rounds up once per order, not per line", () => {
    // 1,234 + 1,100 + 440 = 2,774 → 277.4 → 278. Per line it would be 124 + 110 + 44 = 278 too,
    // so a case where rounding per line differs: 1,001 + 1,001 + 1,001 → 100.1 each.
    expect(orderTotals([{ unitPrice: 1234, amount: 1 }], [shipping(1100), codFee(440)], 10)).toMatchObject({ subtotal: 2774, tax: 278, total: 3052 });
    const once = orderTotals([{ unitPrice: 1001, amount: 1 }], [shipping(1001), codFee(1001)], 10);
    expect(once.tax).toBe(301); // ceil(300.3), not 3 × ceil(100.1) = 303
  });

  it("matches the test orders' figures (6,000 of items, 1,100 shipping, cod 440)", () => {
    expect(orderTotals([{ unitPrice: 3000, amount: 2 }], [shipping(1100)], 10)).toMatchObject({ tax: 710, total: 7810 });
    expect(orderTotals([{ unitPrice: 3000, amount: 2 }], [shipping(1100), codFee(440)], 10)).toMatchObject({ tax: 754, total: 8294 });
  });

  it("adds a charge of any kind, taxed or not, without knowing the kind", () => {
    const wrapping: OrderCharge = { kind: "test_wrapping", label: { ja: "テスト包装", en: "Test wrapping" }, amount: 330, taxable: true };
    const stamp: OrderCharge = { kind: "test_stamp", label: { ja: "テスト印紙", en: "Test stamp" }, amount: 200, taxable: false };
    // 6,000 + 1,100 + 330 = 7,430 taxed → 743; the untaxed 200 is added after tax.
    expect(orderTotals([{ unitPrice: 3000, amount: 2 }], [shipping(1100), wrapping, stamp], 10)).toMatchObject({
      charges: 1630,
      subtotal: 7630,
      taxBase: 7430,
      tax: 743,
      total: 8373,
    });
  });

  it("refuses charges that are not whole yen", () => {
    expect(() => orderTotals([], [{ amount: -1, taxable: true }], 10)).toThrow(RangeError);
    expect(() => chargeOf("shipping", 1.5)).toThrow(RangeError);
  });

  it("taxes per rate, rounding up once per rate: a one-rate order is one rounding over the order, with one entry", () => {
    // ceil(10% × (items + shipping + fee)); the same with every item's rate given as 10.
    const oneRate = orderTotals([{ unitPrice: 1234, amount: 3, taxRatePercent: 10 }], [shipping(1100), codFee(440)], 10);
    expect(oneRate.taxes).toEqual([{ rate: 10, base: 3702 + 1540, tax: Math.ceil((3702 + 1540) * 0.1) }]);
    expect(oneRate.tax).toBe(525);
    expect(oneRate.total).toBe(3702 + 1540 + 525);
    // A one-rate reduced-only order still taxes shipping and the fee at 10%.
    const reducedOnly = orderTotals([{ unitPrice: 1001, amount: 1, taxRatePercent: 8 }], [shipping(1100)], 10);
    expect(reducedOnly.taxes).toEqual([
      { rate: 10, base: 1100, tax: 110 },
      { rate: 8, base: 1001, tax: 81 }, // ceil(80.08)
    ]);
  });

  it("mixes 8% and 10% with shipping and the cod fee: each rate rounded up once, summed", () => {
    // Whisky 4,980 × 1 at 10%; cheese 1,201 × 2 and juice 1,001 × 1 at 8%; shipping 1,100 and cod 440 at 10%.
    const mixed = orderTotals(
      [
        { unitPrice: 4980, amount: 1, taxRatePercent: 10 },
        { unitPrice: 1201, amount: 2, taxRatePercent: 8 },
        { unitPrice: 1001, amount: 1, taxRatePercent: 8 },
      ],
      [shipping(1100), codFee(440)],
      10,
    );
    expect(mixed.taxes).toEqual([
      { rate: 10, base: 6520, tax: 652 },
      { rate: 8, base: 3403, tax: 273 }, // ceil(272.24)
    ]);
    expect(mixed).toMatchObject({ items: 8383, charges: 1540, subtotal: 9923, taxBase: 9923, tax: 925, total: 10_848 });
  });
});

describe("discount and correction lines (decision 070)", () => {
  const sake = { unitPrice: 3000, amount: 2, taxRatePercent: 10 };
  const juice = { unitPrice: 1001, amount: 1, taxRatePercent: 8 };

  it("lowers the base of its own rate before the tax of that rate is rounded, once", () => {
    // 10%: 6,000 + 1,100 − 1,001 = 6,099 → ceil(609.9) = 610; 8%: 1,001 → ceil(80.08) = 81.
    const totals = orderTotals([sake, juice], [shipping(1100), adjustmentOf("discount", -1001, 10, { ja: "端数値引き", en: "Discount" })], 10);
    expect(totals.taxes).toEqual([
      { rate: 10, base: 6099, tax: 610 },
      { rate: 8, base: 1001, tax: 81 },
    ]);
    expect(totals).toMatchObject({ items: 7001, charges: 99, subtotal: 7100, tax: 691, total: 7791 });
  });

  it("takes an 8% discount off the 8% base only", () => {
    const totals = orderTotals([sake, juice], [shipping(1100), adjustmentOf("discount", -501, 8)], 10);
    // 8%: 1,001 − 501 = 500 → 40; 10%: 7,100 → 710, as without the discount.
    expect(totals.taxes).toEqual([
      { rate: 10, base: 7100, tax: 710 },
      { rate: 8, base: 500, tax: 40 },
    ]);
    expect(totals.total).toBe(7100 + 500 + 750);
  });

  it("adds a correction upwards like any taxed line of its rate", () => {
    const totals = orderTotals([sake], [shipping(1100), adjustmentOf("correction", 300, 10)], 10);
    expect(totals).toMatchObject({ taxes: [{ rate: 10, base: 7400, tax: 740 }], total: 8140 });
  });

  it("leaves an order without such lines exactly as before", () => {
    expect(orderTotals([sake], [shipping(1100)], 10)).toMatchObject({ taxes: [{ rate: 10, base: 7100, tax: 710 }], total: 7810 });
  });

  it("refuses a negative amount on any other kind of charge, and a discount that is not below zero", () => {
    expect(() => orderTotals([sake], [{ kind: "shipping", amount: -100, taxable: true }], 10)).toThrow(RangeError);
    expect(() => orderTotals([sake], [{ kind: "gift_wrapping", amount: -1, taxable: true }], 10)).toThrow(RangeError);
    expect(() => chargeOf("shipping", -1)).toThrow(RangeError);
    expect(() => adjustmentOf("discount", 500, 10)).toThrow(RangeError);
    expect(() => adjustmentOf("discount", 0, 10)).toThrow(RangeError);
    expect(() => adjustmentOf("correction", 0, 10)).toThrow(RangeError);
    expect(() => adjustmentOf("correction", 1.5, 10)).toThrow(RangeError);
    expect(orderTotals([sake], [{ kind: "discount", amount: -100, taxable: true, taxRatePercent: 10 }], 10).total).toBe(6490);
  });

  it("never lets the total or a rate's base go below zero", () => {
    const whole = orderTotals([sake], [shipping(1100), adjustmentOf("discount", -7100, 10)], 10);
    expect(whole.total).toBe(0);
    expect(adjustedTotalsProblem(whole)).toBeNull();
    expect(adjustedTotalsProblem(orderTotals([sake], [shipping(1100), adjustmentOf("discount", -7101, 10)], 10))).toBe("total-below-zero");
    // The total stays positive, but the 8% base would be −1: a discount larger than what it discounts.
    expect(adjustedTotalsProblem(orderTotals([sake, juice], [shipping(1100), adjustmentOf("discount", -1002, 8)], 10))).toBe("rate-below-zero");
  });
});

describe("apportioning a discount over the order's rates", () => {
  it("splits in proportion to each rate's base and adds up to the amount exactly", () => {
    // 7,100 at 10% and 1,001 at 8%: −1,000 × 7,100/8,101 = −876.4…, × 1,001/8,101 = −123.5…; the yen left goes to the larger remainder.
    const parts = apportionAcrossRates(-1000, [
      { rate: 10, base: 7100 },
      { rate: 8, base: 1001 },
    ]);
    expect(parts).toEqual([
      { rate: 10, amount: -876 },
      { rate: 8, amount: -124 },
    ]);
    expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(-1000);
  });

  it("gives the yen left on a tie to the higher rate, skips empty rates, keeps the sign of a correction", () => {
    expect(
      apportionAcrossRates(-1, [
        { rate: 8, base: 500 },
        { rate: 10, base: 500 },
      ]),
    ).toEqual([{ rate: 10, amount: -1 }]);
    expect(
      apportionAcrossRates(301, [
        { rate: 10, base: 200 },
        { rate: 8, base: 100 },
        { rate: 5, base: 0 },
      ]),
    ).toEqual([
      { rate: 10, amount: 201 },
      { rate: 8, amount: 100 },
    ]);
    expect(apportionAcrossRates(-500, [{ rate: 10, base: 0 }])).toEqual([]);
  });

  it("stays exact at the order maximum, where products pass 2^53", () => {
    const parts = apportionAcrossRates(-999_999_999, [
      { rate: 10, base: 999_999_937 },
      { rate: 8, base: 999_999_929 },
    ]);
    expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(-999_999_999);
    expect(parts.every((part) => Number.isSafeInteger(part.amount))).toBe(true);
  });

  it("apportioned lines tax each rate on its base after the discount", () => {
    const items = [
      { unitPrice: 3000, amount: 2, taxRatePercent: 10 },
      { unitPrice: 1001, amount: 1, taxRatePercent: 8 },
    ];
    const before = orderTotals(items, [shipping(1100)], 10);
    const lines = apportionAcrossRates(-1000, before.taxes).map((part) => adjustmentOf("discount", part.amount, part.rate));
    const after = orderTotals(items, [shipping(1100), ...lines], 10);
    expect(after.taxes).toEqual([
      { rate: 10, base: 6224, tax: 623 },
      { rate: 8, base: 877, tax: 71 },
    ]);
    expect(after.total).toBe(6224 + 877 + 623 + 71);
  });
});
