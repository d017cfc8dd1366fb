import { describe, expect, it } from "vitest";
import { refusedMethods } from "./checkout-method-state.ts";

// The methods the checkout refuses: the totals' refusals, and with several destinations every
// method the carrier collects on (decision 087). withChosenMethod and the fallback: use-checkout.test.ts.

describe("refused methods", () => {
  const figures = { cod: null, credit: null, bank: "この金額ではお選びいただけません。" };

  it("are the totals' refusals with one destination", () => {
    expect(refusedMethods(figures, false, "複数のお届け先には代金引換をご利用いただけません。")).toBe(figures);
  });

  it("add cash on delivery with several destinations, with its own message, leaving the others", () => {
    expect(refusedMethods(figures, true, "複数のお届け先には代金引換をご利用いただけません。")).toEqual({
      ...figures,
      cod: "複数のお届け先には代金引換をご利用いただけません。",
    });
  });
});
