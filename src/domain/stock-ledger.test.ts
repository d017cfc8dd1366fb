import { describe, expect, it } from "vitest";
import { adjustmentDelta, bottleLitres, ledgerSum } from "./stock-ledger.ts";

describe("the liquor ledger's sums", () => {
  it("adds the signed moves up to the stock", () => {
    // Opening 10, received 12, sold 2 and 1, the 2 cancelled, 1 broken.
    expect(ledgerSum([{ quantity: 10 }, { quantity: 12 }, { quantity: -2 }, { quantity: -1 }, { quantity: 2 }, { quantity: -1 }])).toBe(20);
    expect(ledgerSum([])).toBe(0);
  });

  it("turns an adjustment into the stock's change", () => {
    expect(adjustmentDelta("breakage", 1, 20)).toBe(-1);
    expect(adjustmentDelta("tasting", 2, 20)).toBe(-2);
    expect(adjustmentDelta("return", 3, 20)).toBe(3);
    // A stock-take sets the figure counted: the move is the difference, either way.
    expect(adjustmentDelta("correction", 17, 20)).toBe(-3);
    expect(adjustmentDelta("correction", 25, 20)).toBe(5);
    expect(adjustmentDelta("correction", 20, 20)).toBe(0);
  });
});

describe("litres", () => {
  it("is bottles × volume, exact to the millilitre", () => {
    expect(bottleLitres(12, 700)).toBe("8.400");
    expect(bottleLitres(3, 720)).toBe("2.160");
    expect(bottleLitres(1, 1800)).toBe("1.800");
    expect(bottleLitres(0, 750)).toBe("0.000");
    expect(bottleLitres(-1, 750)).toBe("-0.750");
  });

  it("is unknown when the bottle's volume is not recorded", () => {
    expect(bottleLitres(5, null)).toBeNull();
  });
});
