import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatIsoDate, formatProductPrice, formatYen, formatYenTaxed, parseIsoDate, withTaxLabel } from "./format.ts";
import { japanDateOf } from "./japan-time.ts";

describe("yen", () => {
  it("groups thousands and suffixes 円 in Japanese and JPY in English", () => {
    expect(formatYen(1234, "ja")).toBe("1,234 円");
    expect(formatYen(1234, "en")).toBe("1,234 JPY");
    expect(formatYen(0, "ja")).toBe("0 円");
    expect(formatYen(1_234_567, "en")).toBe("1,234,567 JPY");
  });

  it("shows a product's tax-included price as the contract words it", () => {
    expect(formatProductPrice(3300, "ja")).toBe("価格 3,300円(税込)");
    expect(formatProductPrice(3300, "en")).toBe("Price 3,300 JPY (incl. tax)");
  });

  it("labels an amount or a price's name 税込/税抜 one way (incl./excl. tax in English)", () => {
    expect(formatYenTaxed(15290, "ja", "included")).toBe("15,290 円(税込)");
    expect(formatYenTaxed(1100, "ja", "excluded")).toBe("1,100 円(税抜)");
    expect(formatYenTaxed(15290, "en", "included")).toBe("15,290 JPY (incl. tax)");
    expect(formatYenTaxed(1100, "en", "excluded")).toBe("1,100 JPY (excl. tax)");
    expect(withTaxLabel("ギフトラッピング", "ja", "excluded")).toBe("ギフトラッピング(税抜)");
    expect(withTaxLabel("Gift wrapping", "en", "excluded")).toBe("Gift wrapping (excl. tax)");
  });
});

describe("dates", () => {
  it("writes Japanese dates as Y/m/d", () => {
    expect(formatDate({ year: 2026, month: 4, day: 1 }, "ja")).toBe("2026/04/01");
    expect(formatDate({ year: 2026, month: 4, day: 1 }, "en")).toBe("Apr 1, 2026");
  });

  it("shows instants in Japan time whatever the server's zone", () => {
    // 2026-11-22 15:30 UTC is 2026-11-23 00:30 in Tokyo.
    const instant = new Date(Date.UTC(2026, 10, 22, 15, 30));
    expect(japanDateOf(instant)).toEqual({ year: 2026, month: 11, day: 23 });
    expect(formatDateTime(instant, "ja")).toBe("2026/11/23 00:30");
  });

  it("parses stored ISO dates and refuses other shapes", () => {
    expect(parseIsoDate("2024-06-18")).toEqual({ year: 2024, month: 6, day: 18 });
    expect(parseIsoDate("2024/06/18")).toBeNull();
  });
});

describe("a stored date shown to the shopper", () => {
  it("reads as the shop's other dates in each language, not as ISO", () => {
    expect(formatIsoDate("2027-11-28", "en")).toBe("Nov 28, 2027");
    expect(formatIsoDate("2027-11-28", "ja")).toBe("2027/11/28");
    expect(formatIsoDate("soon", "en")).toBe("soon");
  });
});
