import { describe, expect, it } from "vitest";
import { NO_EARLIER_RETURNS, returnAmounts, returnInputSchema } from "./order-returns.ts";
import type { EarlierReturns, ReturnableOrder } from "./order-returns.ts";

// Wine (10 %) 3,000 × 3 and juice (8 %) 1,001 × 2, shipping 800 at 10 %, a cod fee 330 at 10 %.
const order: ReturnableOrder = {
  taxRatePercent: 10,
  items: [
    { id: 1, unitPrice: 3000, taxRatePercent: 10, amount: 3 },
    { id: 2, unitPrice: 1001, taxRatePercent: 8, amount: 2 },
  ],
  charges: [
    { kind: "shipping", amount: 800, taxable: true },
    { kind: "payment_fee", amount: 330, taxable: true },
  ],
};

describe("returnAmounts", () => {
  it("gives back one bottle of each rate with the tax per rate, shipping left", () => {
    const amounts = returnAmounts(
      order,
      new Map([
        [1, 1],
        [2, 1],
      ]),
      NO_EARLIER_RETURNS,
      false,
    );
    // 10 %: the order's base 9,000 + 800 + 330 = 10,130 → tax 1,013; after 3,000 back, 7,130 → 713.
    // 8 %: 2,002 → ceil(160.16) = 161; after 1,001 back, 1,001 → ceil(80.08) = 81.
    expect(amounts.rates).toEqual([
      { rate: 10, goods: 3000, adjustment: 0, shipping: 0, base: 3000, tax: 300, total: 3300 },
      { rate: 8, goods: 1001, adjustment: 0, shipping: 0, base: 1001, tax: 80, total: 1081 },
    ]);
    expect(amounts.total).toBe(4381);
    expect(amounts.shippingRefunded).toBe(false);
  });

  it("adds the shipping fee at the standard rate when asked, once per order", () => {
    const first = returnAmounts(order, new Map([[1, 1]]), NO_EARLIER_RETURNS, true);
    expect(first.rates).toEqual([{ rate: 10, goods: 3000, adjustment: 0, shipping: 800, base: 3800, tax: 380, total: 4180 }]);
    expect(first.shippingRefunded).toBe(true);
    const earlier: EarlierReturns = { perRate: [{ rate: 10, goods: 3000, base: 3800 }], shippingRefunded: true };
    const second = returnAmounts(order, new Map([[1, 1]]), earlier, true);
    expect(second.rates[0]).toMatchObject({ shipping: 0, base: 3000 });
    expect(second.shippingRefunded).toBe(false);
  });

  it("returns of every bottle give back exactly the tax charged per rate (rounded once, up)", () => {
    // Juice alone: 8 % of 2,002 is 160.16, charged 161. Back one by one: 81, then 80 — never 81 + 81.
    const first = returnAmounts(order, new Map([[2, 1]]), NO_EARLIER_RETURNS, false);
    const second = returnAmounts(order, new Map([[2, 1]]), { perRate: [{ rate: 8, goods: 1001, base: 1001 }], shippingRefunded: false }, false);
    expect(first.rates[0]!.tax + second.rates[0]!.tax).toBe(161);
  });

  it("takes the discount at a rate with the goods it was given on, in proportion, to the yen", () => {
    const discounted: ReturnableOrder = {
      ...order,
      charges: [
        ...order.charges,
        { kind: "discount", amount: -1000, taxable: true, taxRatePercent: 10 },
        { kind: "discount", amount: -101, taxable: true, taxRatePercent: 8 },
      ],
    };
    const one = returnAmounts(
      discounted,
      new Map([
        [1, 1],
        [2, 1],
      ]),
      NO_EARLIER_RETURNS,
      false,
    );
    // 10 %: a third of −1,000 is −333 (toward zero); 8 %: half of −101 is −50.
    expect(one.rates.map((rate) => [rate.rate, rate.adjustment, rate.base])).toEqual([
      [10, -333, 2667],
      [8, -50, 951],
    ]);
    // The rest of the bottles take the rest of the discount: −667 and −51, all of it.
    const rest = returnAmounts(
      discounted,
      new Map([
        [1, 2],
        [2, 1],
      ]),
      {
        perRate: [
          { rate: 10, goods: 3000, base: 2667 },
          { rate: 8, goods: 1001, base: 951 },
        ],
        shippingRefunded: false,
      },
      false,
    );
    expect(rest.rates.map((rate) => rate.adjustment)).toEqual([-667, -51]);
    // Tax: the order's 10 % base 9,000 + 1,130 − 1,000 = 9,130 → 913; 8 %: 2,002 − 101 = 1,901 → 153.
    expect(one.rates[0]!.tax + rest.rates[0]!.tax).toBe(913 - 113);
    expect(one.rates[1]!.tax + rest.rates[1]!.tax).toBe(153);
  });
});

describe("returnInputSchema", () => {
  it("reads JSON lines and a form's quantity fields alike", () => {
    const json = returnInputSchema.parse({ lines: [{ item_id: 1, quantity: 2 }], reason: "defective", remedy: "refund", broken: true });
    expect([...json.lines]).toEqual([[1, 2]]);
    expect(json).toMatchObject({ broken: true, refundShipping: true, note: "" });
    const form = returnInputSchema.parse({
      quantity_1: "２",
      quantity_2: "",
      reason: "other",
      note: " 気が変わった ",
      remedy: "replacement",
      refund_shipping: "no",
    });
    expect([...form.lines]).toEqual([[1, 2]]);
    expect(form).toMatchObject({ broken: false, refundShipping: false, note: "気が変わった", remedy: "replacement" });
  });

  it("names every wrong field at once", () => {
    const result = returnInputSchema.safeParse({ quantity_1: "0", reason: "other", remedy: "gift", broken: "maybe" });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["lines", "blank"],
      ["note", "blank"],
      ["broken", "inclusion"],
      ["remedy", "inclusion"],
    ]);
    expect(returnInputSchema.safeParse({ quantity_1: "-1", reason: "defective", remedy: "refund" }).error!.issues[0]!.message).toBe("greater_than_or_equal_to");
    expect(returnInputSchema.safeParse({ quantity_1: "1.5", reason: "defective", remedy: "refund" }).error!.issues[0]!.message).toBe("not_an_integer");
  });
});
