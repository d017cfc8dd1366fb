import { describe, expect, it } from "vitest";
import {
  bottlesForSale,
  formatJapanDate,
  formatJapanDateTime,
  japanDateString,
  japanDateTimeField,
  salesPhase,
  sellable,
  shortJapanDate,
  shortJapanDateTime,
} from "./sales-window.ts";

const at = (text: string) => new Date(text);

describe("salesPhase in Japan time", () => {
  const beaujolais = { salesStart: at("2026-10-01T10:00:00+09:00"), salesEnd: at("2026-12-01T00:00:00+09:00"), releaseDate: "2026-11-19" };

  it("is not yet on sale up to the last millisecond before the start, and on sale (pre-order) from it", () => {
    expect(salesPhase(beaujolais, at("2026-10-01T09:59:59.999+09:00"))).toBe("before");
    expect(salesPhase(beaujolais, at("2026-10-01T10:00:00+09:00"))).toBe("preorder");
  });

  it("turns from pre-order to on sale at midnight in Japan on the release date, not at midnight UTC", () => {
    // 2026-11-18 23:59:59 JST is 14:59:59 UTC on the 18th: still a pre-order.
    expect(salesPhase(beaujolais, at("2026-11-18T23:59:59.999+09:00"))).toBe("preorder");
    // 00:00 JST on the 19th is 15:00 UTC on the 18th: released in Japan though still the 18th in UTC.
    expect(salesPhase(beaujolais, at("2026-11-18T15:00:00Z"))).toBe("on_sale");
    expect(salesPhase(beaujolais, at("2026-11-19T08:59:59Z"))).toBe("on_sale");
  });

  it("ends at the end instant (the end is not included)", () => {
    expect(salesPhase(beaujolais, at("2026-11-30T23:59:59.999+09:00"))).toBe("on_sale");
    expect(salesPhase(beaujolais, at("2026-11-30T15:00:00Z"))).toBe("ended");
    expect(salesPhase(beaujolais, at("2027-01-01T00:00:00+09:00"))).toBe("ended");
  });

  it("without a window is always on sale, and with a release date alone a pre-order until it", () => {
    expect(salesPhase({ salesStart: null, salesEnd: null, releaseDate: null }, at("2000-01-01T00:00:00Z"))).toBe("on_sale");
    const open = { salesStart: null, salesEnd: null, releaseDate: "2027-01-01" };
    expect(salesPhase(open, at("2026-12-31T14:59:59Z"))).toBe("preorder");
    expect(salesPhase(open, at("2026-12-31T15:00:00Z"))).toBe("on_sale");
  });

  it("says which phases sell, and against what", () => {
    expect(["before", "on_sale", "preorder", "ended"].map((phase) => sellable(phase as never))).toEqual([false, true, true, false]);
    expect(bottlesForSale("preorder", 0, 24, 0)).toBe(24);
    expect(bottlesForSale("preorder", 100, 0, 0)).toBe(0);
    expect(bottlesForSale("on_sale", 5, 24, 0)).toBe(5);
    expect(bottlesForSale("before", 5, 24, 0)).toBe(0);
    expect(bottlesForSale("ended", 5, 24, 0)).toBe(0);
  });

  it("does not sell from stock the bottles owed to unshipped pre-orders (decision 092)", () => {
    expect(bottlesForSale("on_sale", 12, 0, 12)).toBe(0);
    expect(bottlesForSale("on_sale", 12, 0, 10)).toBe(2);
    expect(bottlesForSale("on_sale", 3, 0, 12)).toBe(0);
    // Before the release date the allocation sells; owed bottles have not arrived.
    expect(bottlesForSale("preorder", 0, 5, 7)).toBe(5);
  });
});

describe("Japan dates and times as shown and typed", () => {
  it("formats in Japan time whatever the instant's UTC day", () => {
    expect(japanDateString(at("2026-11-18T15:00:00Z"))).toBe("2026-11-19");
    expect(formatJapanDate("2026-11-19", "ja")).toBe("2026年11月19日");
    expect(formatJapanDate("2026-11-19", "en")).toBe("November 19, 2026");
    expect(formatJapanDateTime(at("2026-10-01T01:00:00Z"), "ja")).toBe("2026年10月1日 10:00");
    expect(japanDateTimeField(at("2026-10-01T01:00:00Z"))).toBe("2026-10-01T10:00");
    expect(japanDateTimeField(null)).toBe("");
    expect(shortJapanDate("2026-11-19", "ja", at("2026-11-01T00:00:00Z"))).toBe("11月19日");
    expect(shortJapanDate("2026-11-19", "en", at("2026-11-01T00:00:00Z"))).toBe("November 19");
    expect(shortJapanDateTime(at("2026-09-30T16:30:00Z"), "ja")).toBe("10月1日 01:30");
  });
});

describe("a shipping date shown short", () => {
  it("keeps the year when the date is not in the current Japan year", () => {
    const lateNovember = at("2026-11-28T03:00:00Z");
    expect(shortJapanDate("2027-11-18", "ja", lateNovember)).toBe("2027年11月18日");
    expect(shortJapanDate("2027-11-18", "en", lateNovember)).toBe("November 18, 2027");
    expect(shortJapanDate("2025-12-30", "ja", lateNovember)).toBe("2025年12月30日");
  });

  it("leaves the year out when the date is this Japan year, the year turning at midnight Japan time", () => {
    expect(shortJapanDate("2026-12-20", "ja", at("2026-11-28T03:00:00Z"))).toBe("12月20日");
    // 2026-12-31 15:30 UTC is already 1 January 2027 in Japan.
    expect(shortJapanDate("2027-01-10", "ja", at("2026-12-31T15:30:00Z"))).toBe("1月10日");
    expect(shortJapanDate("2027-01-10", "en", at("2026-12-31T14:30:00Z"))).toBe("January 10, 2027");
  });
});
