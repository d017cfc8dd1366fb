import { describe, expect, it } from "vitest";
import type { CartItem } from "../../../domain/cart.ts";
import { checkoutPointsOf } from "./checkout-points.ts";

// Points at checkout (decision 089): the member uses at most the balance and the goods (with tax)
// after the coupons; what is typed counts up to that.

const item = (id: string, price: number, amount: number, taxRate?: number): CartItem => ({
  id,
  name: id,
  images: [],
  price,
  price_include_tax: Math.floor((price * (100 + (taxRate ?? 10))) / 100),
  amount,
  buyable_limit: null,
  ...(taxRate === undefined ? {} : { tax_rate: taxRate }),
});
// 3,000 yen ×2 at the shop's 10% (6,600 with tax) and 1,000 yen ×1 at the reduced 8% (1,080).
const items = [item("junmai", 3000, 2), item("umeshu", 1000, 1, 8)];

describe("points at checkout", () => {
  it("rates each bottle at its own tax rate, the shop's when it has none", () => {
    expect(checkoutPointsOf(items, 10, [], 0, "").lines).toEqual([
      { unitPrice: 3000, amount: 2, taxRatePercent: 10 },
      { unitPrice: 1000, amount: 1, taxRatePercent: 8 },
    ]);
  });

  it("lets the member use up to the goods with tax, or the balance when that is less", () => {
    expect(checkoutPointsOf(items, 10, [], 10_000, "").usable).toBe(7680);
    expect(checkoutPointsOf(items, 10, [], 500, "").usable).toBe(500);
  });

  it("counts what is typed up to what may be used; nothing for an empty, negative or broken entry", () => {
    expect(checkoutPointsOf(items, 10, [], 10_000, "300").used).toBe(300);
    expect(checkoutPointsOf(items, 10, [], 10_000, "99999").used).toBe(7680);
    expect(checkoutPointsOf(items, 10, [], 500, "800").used).toBe(500);
    for (const typed of ["", undefined, "-5", "abc"]) expect(checkoutPointsOf(items, 10, [], 10_000, typed).used).toBe(0);
  });

  it("takes the coupons' discount off what the points may pay, with its 値引き lines", () => {
    const coupon = { code: "SAKE1000", kind: "fixed" as const, value: 1000, eligible: [true, false] };
    const points = checkoutPointsOf(items, 10, [coupon], 10_000, "99999");
    expect(points.couponLines.map((line) => line.taxRatePercent)).toEqual([10]);
    // 1,000 yen with tax off the 10% goods: 909 before tax, so 5,091 + 510 tax (rounded up) + 1,080 at 8%.
    expect(points.usable).toBe(5091 + 510 + 1080);
    expect(points.used).toBe(points.usable);
  });
});
