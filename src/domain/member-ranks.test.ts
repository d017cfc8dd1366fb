import { describe, expect, it } from "vitest";
import { DEFAULT_RANKS, memberRankView, nextRank, orderPurchase, purchasesOf, rankFor, rankSettingsSchema, rankWindowStart } from "./member-ranks.ts";

describe("ranks and thresholds", () => {
  it("gives the rank whose threshold the purchases reach, the threshold itself included", () => {
    expect(rankFor(DEFAULT_RANKS, 0)?.nameJa).toBe("レギュラー");
    expect(rankFor(DEFAULT_RANKS, 29_999)?.nameJa).toBe("レギュラー");
    expect(rankFor(DEFAULT_RANKS, 30_000)?.nameJa).toBe("シルバー");
    expect(rankFor(DEFAULT_RANKS, 99_999)?.nameJa).toBe("シルバー");
    expect(rankFor(DEFAULT_RANKS, 100_000)?.nameJa).toBe("ゴールド");
    expect(rankFor(DEFAULT_RANKS, 5_000_000)?.pointRatePercent).toBe(3);
  });

  it("has no rank when the lowest threshold is not reached", () => {
    expect(rankFor([{ position: 1, nameJa: "A", nameEn: "A", threshold: 1000, pointRatePercent: 1 }], 999)).toBeNull();
  });

  it("names the next rank and the yen still needed, none at the top", () => {
    expect(nextRank(DEFAULT_RANKS, 12_000)).toEqual({ rank: DEFAULT_RANKS[1], needed: 18_000 });
    expect(nextRank(DEFAULT_RANKS, 30_000)).toEqual({ rank: DEFAULT_RANKS[2], needed: 70_000 });
    expect(nextRank(DEFAULT_RANKS, 100_000)).toBeNull();
  });

  it("views a member's rank in the visitor's language", () => {
    const view = memberRankView(DEFAULT_RANKS, 80_000, new Date("2026-11-27T03:00:00Z"), "en");
    expect(view).toEqual({
      purchases: 80_000,
      rank: { position: 2, name: "Silver", point_rate: 2 },
      next: { name: "Gold", needed: 20_000 },
      since: "2025-11-28",
    });
  });
});

describe("the 12-month window in Japan time", () => {
  it("starts at Japan midnight of the day after the same date a year ago", () => {
    expect(rankWindowStart(new Date("2026-11-27T03:00:00Z")).toISOString()).toBe("2025-11-27T15:00:00.000Z");
  });

  it("takes the Japan date, not the UTC one: 23:30 UTC on the 26th is already the 27th in Japan", () => {
    expect(rankWindowStart(new Date("2026-11-26T23:30:00Z")).toISOString()).toBe("2025-11-27T15:00:00.000Z");
    expect(rankWindowStart(new Date("2026-11-26T14:59:59Z")).toISOString()).toBe("2025-11-26T15:00:00.000Z");
  });

  it("counts from 1 March on 29 February", () => {
    expect(rankWindowStart(new Date("2028-02-29T03:00:00Z")).toISOString()).toBe("2027-02-28T15:00:00.000Z");
  });
});

describe("what an order counts for", () => {
  it("is goods with tax per rate rounded once, after discounts, less returned bottles", () => {
    const order = {
      items: [
        { unitPrice: 1000, amount: 3, returned: 1, taxRatePercent: 10 },
        { unitPrice: 999, amount: 1, returned: 0, taxRatePercent: 8 },
      ],
      adjustments: [{ amount: -500, taxRatePercent: 10 }],
    };
    // 10%: 2000 - 500 = 1500 + 150; 8%: 999 + 80 (79.92 rounded up as the order's tax is).
    expect(orderPurchase(order)).toBe(1650 + 1079);
    expect(purchasesOf([order, order])).toBe(2 * (1650 + 1079));
  });

  it("is never below zero", () => {
    expect(
      orderPurchase({ items: [{ unitPrice: 100, amount: 1, returned: 1, taxRatePercent: 10 }], adjustments: [{ amount: -100, taxRatePercent: 10 }] }),
    ).toBe(0);
  });
});

describe("the trader's form", () => {
  const form = (overrides: Record<string, string> = {}) => ({
    name_ja_1: "レギュラー",
    name_en_1: "Regular",
    threshold_1: "0",
    point_rate_1: "1",
    name_ja_2: "シルバー",
    name_en_2: "Silver",
    threshold_2: "30,000",
    point_rate_2: "2",
    ...overrides,
  });

  it("reads the rows filled, skipping blank ones", () => {
    const parsed = rankSettingsSchema.safeParse({ ...form(), name_ja_4: "ゴールド", name_en_4: "Gold", threshold_4: "１００000", point_rate_4: "3" });
    expect(parsed.success && parsed.data).toEqual([
      { position: 1, nameJa: "レギュラー", nameEn: "Regular", threshold: 0, pointRatePercent: 1 },
      { position: 2, nameJa: "シルバー", nameEn: "Silver", threshold: 30_000, pointRatePercent: 2 },
      { position: 3, nameJa: "ゴールド", nameEn: "Gold", threshold: 100_000, pointRatePercent: 3 },
    ]);
  });

  it("refuses a first threshold above 0, thresholds that do not rise, missing names and rates over 100", () => {
    const parsed = rankSettingsSchema.safeParse(form({ threshold_1: "10", threshold_2: "5", name_en_2: "", point_rate_2: "101" }));
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({ threshold_1: "equal_to", threshold_2: "greater_than", name_en_2: "blank", point_rate_2: "less_than_or_equal_to" });
  });

  it("refuses a form with no rank", () => {
    expect(rankSettingsSchema.safeParse({}).success).toBe(false);
  });
});
