import { describe, expect, it } from "vitest";
import type { OrderCharge } from "./order-charges.ts";
import { chargeOf, paymentFeeLabel } from "./order-charges.ts";
import { orderTotals } from "./order-totals.ts";

const shipping = (amount: number) => chargeOf("shipping", amount);
const codFee = (amount: number) => chargeOf("payment_fee", amount, paymentFeeLabel("cod"));

describe("order totals from items and charge lines", () => {
  it("gives the spec §9 figures: 3,000×2 + 4,980 with shipping 1,100 by card", () => {
    expect(orderTotals([{ unitPrice: 3000, amount: 2 }, { unitPrice: 4980, amount: 1 }], [shipping(1100)], 10)).toEqual({
      lineTotals: [6000, 4980],
      items: 10_980,
      charges: 1100,
      subtotal: 12_080,
      taxBase: 12_080,
      taxRatePercent: 10,
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
});
