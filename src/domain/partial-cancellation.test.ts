import { describe, expect, it } from "vitest";
import { adjustmentOf, chargeOf } from "./order-charges.ts";
import type { OrderCharge } from "./order-charges.ts";
import { orderTotals } from "./order-totals.ts";
import type { CancellableLine, RepricingTerms } from "./partial-cancellation.ts";
import { partialCancellation } from "./partial-cancellation.ts";
import { feeByTerms } from "./payment-methods/payment-terms.ts";
import { defaultShippingTable } from "./shipping-table.ts";

// Refund amounts of a partial cancellation (decision 078): the order priced again as at checkout —
// shipping by boxes and the free-shipping line, cash on delivery's fee tiers — with discount lines kept.

const TOKYO = 13;
const table = { ...defaultShippingTable(), fees: defaultShippingTable().fees.map(() => 1000), freeShippingFrom: 11_000 };
const codTiers = [
  { upTo: 9_999, fee: 330 },
  { upTo: 29_999, fee: 440 },
  { upTo: null, fee: 660 },
];
const card: RepricingTerms = { taxRatePercent: 10, shipping: table, prefecture: TOKYO, methodFee: () => 0, feeLabel: { ja: "決済手数料", en: "Payment fee" } };
const cod: RepricingTerms = {
  ...card,
  methodFee: (amount) => feeByTerms(amount, { feeTiers: codTiers }),
  feeLabel: { ja: "代引き手数料", en: "Cash on delivery fee" },
};

function line(id: number, unitPrice: number, amount: number, extra: Partial<CancellableLine> = {}): CancellableLine {
  return { id, unitPrice, amount, shippingType: "normal", volumeMl: 750, ...extra };
}

function order(items: CancellableLine[], charges: OrderCharge[], paid = true) {
  return { items, charges, total: orderTotals(items, charges, 10).total, paid };
}

function result(value: ReturnType<typeof partialCancellation>) {
  if (typeof value === "string") throw new Error(`refused: ${value}`);
  return value;
}

describe("partialCancellation", () => {
  it("refunds the bottle with its tax when the fee does not move", () => {
    // 2 × 3,000 + 1 × 2,000 = 8,000 before tax, below the free line: shipping 1,000.
    const before = order([line(1, 3000, 2), line(2, 2000, 1)], [chargeOf("shipping", 1000)]);
    expect(before.total).toBe(9900);
    const after = result(partialCancellation(before, { itemId: 1, quantity: 1 }, card));
    expect(after.totals.total).toBe(6600);
    expect(after.difference).toBe(3300);
    expect(after.cancelledBottles).toBe(1);
    expect(after.charges).toEqual([chargeOf("shipping", 1000)]);
  });

  it("brings the shipping fee back when the goods fall below the free-shipping line, and refunds the rest", () => {
    // 4 × 3,000 = 12,000 (13,200 with tax) ships free; 3 bottles are 9,900 with tax: shipping 1,000 again.
    const before = order([line(1, 3000, 4)], [chargeOf("shipping", 0)]);
    expect(before.total).toBe(13_200);
    const after = result(partialCancellation(before, { itemId: 1, quantity: 3 }, card));
    expect(after.charges).toEqual([chargeOf("shipping", 1000)]);
    expect(after.totals.total).toBe(11_000);
    expect(after.difference).toBe(2200);
  });

  it("refuses a paid order whose total would rise because the fee came back", () => {
    // 9,800 + 300 = 10,100 before tax, 11,110 with tax: free. Without the 300 one: (9,800 + 1,000 shipping) with tax = 11,880.
    const before = order([line(1, 9800, 1), line(2, 300, 1)], [chargeOf("shipping", 0)]);
    expect(partialCancellation(before, { itemId: 2, quantity: 0 }, card)).toBe("total-rises");
    // Unpaid (cash on delivery, a bank transfer not yet in): the new amount to collect stands.
    const unpaid = result(partialCancellation({ ...before, paid: false }, { itemId: 2, quantity: 0 }, card));
    expect(unpaid.totals.total).toBe(11_880);
    expect(unpaid.difference).toBe(11_110 - 11_880);
  });

  it("moves cash on delivery's fee to the tier of the new items + shipping", () => {
    const fee = { ja: "代引き手数料", en: "Cash on delivery fee" };
    // 3 × 3,500 = 10,500 + 1,000 shipping = 11,500: tier 2 (440). After: 7,000 + 1,000 = 8,000: tier 1 (330).
    const before = order([line(1, 3500, 3)], [chargeOf("shipping", 1000), chargeOf("payment_fee", 440, fee)], false);
    const after = result(partialCancellation(before, { itemId: 1, quantity: 2 }, cod));
    expect(after.charges).toEqual([chargeOf("shipping", 1000), chargeOf("payment_fee", 330, fee)]);
    expect(after.totals.total).toBe(Math.ceil((7000 + 1000 + 330) * 1.1));
    expect(after.difference).toBe(before.total - after.totals.total);
  });

  it("measures cash on delivery's fee after the order's discount lines, as checkout does", () => {
    const fee = { ja: "代引き手数料", en: "Cash on delivery fee" };
    const terms: RepricingTerms = { ...cod, shipping: { ...table, freeShippingFrom: 10_000_000 } };
    const discount = adjustmentOf("discount", -2000, 10);
    // 4 × 3,500 = 14,000 + 1,000 shipping − 2,000 = 13,000: tier 2 (440). After: 10,500 + 1,000 − 2,000 = 9,500: tier 1 (330).
    // Without the discount both would be tier 2 (15,000 and 11,500) and the fee would not move.
    const before = order([line(1, 3500, 4)], [chargeOf("shipping", 1000), chargeOf("payment_fee", 440, fee), discount], false);
    const after = result(partialCancellation(before, { itemId: 1, quantity: 3 }, terms));
    expect(after.charges).toEqual([chargeOf("shipping", 1000), chargeOf("payment_fee", 330, fee), discount]);
    expect(after.totals.total).toBe(Math.ceil((10_500 + 1000 + 330 - 2000) * 1.1));
  });

  it("keeps a fee charged under an older table when the cancellation does not change the quote", () => {
    // Charged 800 at checkout; today's table says 1,000 for both the old and the new contents.
    const before = order([line(1, 3000, 2)], [chargeOf("shipping", 800)]);
    const after = result(partialCancellation(before, { itemId: 1, quantity: 1 }, card));
    expect(after.charges).toEqual([chargeOf("shipping", 800)]);
    expect(after.difference).toBe(3300);
  });

  it("lowers the boxes: seven bottles in two boxes, six in one", () => {
    const before = order([line(1, 1000, 7)], [chargeOf("shipping", 2000)]);
    const after = result(partialCancellation(before, { itemId: 1, quantity: 6 }, card));
    expect(after.charges).toEqual([chargeOf("shipping", 1000)]);
    expect(after.difference).toBe(1100 + 1100);
  });

  it("keeps discount lines and their rate; refuses when a kept discount would be larger than what is left at its rate", () => {
    const discount = adjustmentOf("discount", -500, 8);
    const items = [line(1, 3000, 2), line(2, 1000, 1, { taxRatePercent: 8, volumeMl: 500 })];
    const before = order(items, [chargeOf("shipping", 1000), discount]);
    const lowered = result(partialCancellation(before, { itemId: 1, quantity: 1 }, card));
    expect(lowered.charges).toContainEqual(discount);
    // 10%: 3,000 + 1,000 shipping → 400 tax; 8%: 1,000 − 500 → 40 tax.
    expect(lowered.totals.total).toBe(3000 + 1000 + 500 + 400 + 40);
    expect(lowered.difference).toBe(3300);
    expect(partialCancellation(before, { itemId: 2, quantity: 0 }, card)).toBe("below-zero");
  });

  it("refuses removing every bottle, raising a quantity, the same quantity and an unknown line", () => {
    const before = order([line(1, 3000, 2)], [chargeOf("shipping", 1000)]);
    expect(partialCancellation(before, { itemId: 1, quantity: 0 }, card)).toBe("all-lines");
    expect(partialCancellation(before, { itemId: 1, quantity: 3 }, card)).toBe("not-lower");
    expect(partialCancellation(before, { itemId: 1, quantity: 2 }, card)).toBe("not-lower");
    expect(partialCancellation(before, { itemId: 1, quantity: -1 }, card)).toBe("not-lower");
    expect(partialCancellation(before, { itemId: 9, quantity: 1 }, card)).toBe("unknown-line");
  });

  it("removes a line outright", () => {
    const before = order([line(1, 3000, 2), line(2, 2000, 1)], [chargeOf("shipping", 1000)]);
    const after = result(partialCancellation(before, { itemId: 2, quantity: 0 }, card));
    expect(after.items.map((each) => each.id)).toEqual([1]);
    expect(after.difference).toBe(2200);
  });
});
