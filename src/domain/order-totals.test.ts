import { describe, expect, it } from "vitest";
import type { OrderCharge } from "./order-charges.ts";
import { chargeOf } from "./order-charges.ts";
import { paymentMethodChoice } from "./payment-methods/payment-method.registry.ts";
import { orderTotals } from "./order-totals.ts";

const shipping = (amount: number) => chargeOf("shipping", amount);
const codFee = (amount: number) => chargeOf("payment_fee", amount, paymentMethodChoice("cod").feeLabel);

describe("order totals from items and charge lines", () => {
  it("gives the spec §9 figures: 3,000×2 + 4,980 with shipping 1,100 by card", () => {
    expect(orderTotals([{ unitPrice: 3000, amount: 2 }, { unitPrice: 4980, amount: 1 }], [shipping(1100)], 10)).toEqual({
      lineTotals: [6000, 4980],
      items: 10_980,
      charges: 1100,
      subtotal: 12_080,
      taxBase: 12_080,
      taxRatePercent: 10,
      taxes: [{ rate: 10, base: 12_080, tax: 1208 }],
      tax: 1208,
      total: 13_288,
    });
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

  it("taxes per rate, rounding up once per rate: a one-rate order is spec §9's figure, with one entry", () => {
    // Spec §9: ceil(10% × (items + shipping + fee)); the same with every item's rate given as 10.
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
