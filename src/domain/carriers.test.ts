import { describe, expect, it } from "vitest";
import { SLIP_NUMBER_MAX, carrierOf, isSlipNumber, trackingUrl } from "./carriers.ts";

// The carriers' slip numbers: one rule for the ship move, the slip correction, bulk moves and issued-data files.

describe("isSlipNumber", () => {
  it("takes digits, letters and hyphens up to the longest a carrier issues", () => {
    for (const slip of ["480123456789", "EJ123456789JP", "4801-2345-6789", "9".repeat(SLIP_NUMBER_MAX)]) expect(isSlipNumber(slip)).toBe(true);
  });

  it("refuses a blank, spaces, full-width digits, other signs and one character too many", () => {
    for (const slip of ["", "4801 2345", "４８０１２３", "4801/2345", "9".repeat(SLIP_NUMBER_MAX + 1)]) expect(isSlipNumber(slip)).toBe(false);
  });
});

describe("carriers", () => {
  it("reads an order shipped before carriers were kept as Yamato's", () => {
    expect(carrierOf(null)).toBe("yamato");
    expect(trackingUrl(null, "480123456789")).toContain("kuronekoyamato.co.jp");
  });

  it("has no tracking page before a slip number exists", () => {
    expect(trackingUrl("sagawa", null)).toBeNull();
  });
});
