import { describe, expect, it } from "vitest";
import { allocateBottles, claimDeadline, entryRefusal, japanDateTimeInput, lotteryPhase, rankByKey } from "./lottery.ts";

describe("rankByKey", () => {
  it("ranks by key, the id breaking a tie", () => {
    expect(
      rankByKey([
        { entryId: 3, key: "b" },
        { entryId: 2, key: "a" },
        { entryId: 1, key: "b" },
      ]),
    ).toEqual([
      { entryId: 2, key: "a", rank: 1 },
      { entryId: 1, key: "b", rank: 2 },
      { entryId: 3, key: "b", rank: 3 },
    ]);
  });
});

describe("allocating the bottles", () => {
  it("gives each drawn entry the limit, the last what is left, and nothing beyond the bottles", () => {
    expect(allocateBottles(12, 2, 50)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(allocateBottles(12, 5, 50)).toEqual([5, 5, 2]);
    expect(allocateBottles(12, 1, 50)).toHaveLength(12);
    expect(allocateBottles(12, 2, 3)).toEqual([2, 2, 2]);
    expect(allocateBottles(0, 2, 3)).toEqual([]);
  });
});

describe("entries and phases", () => {
  const lottery = { entryStartsAt: new Date("2026-12-01T01:00:00Z"), entryEndsAt: new Date("2026-12-08T01:00:00Z"), drawnAt: null, finishedAt: null };
  const during = new Date("2026-12-03T00:00:00Z");

  it("follows the entry period, the draw and the end", () => {
    expect(lotteryPhase(lottery, new Date("2026-12-01T00:59:59Z"))).toBe("scheduled");
    expect(lotteryPhase(lottery, lottery.entryStartsAt)).toBe("open");
    expect(lotteryPhase(lottery, lottery.entryEndsAt)).toBe("closed");
    expect(lotteryPhase({ ...lottery, drawnAt: lottery.entryEndsAt }, during)).toBe("drawn");
    expect(lotteryPhase({ ...lottery, drawnAt: lottery.entryEndsAt, finishedAt: during }, during)).toBe("finished");
  });

  it("refuses entries outside the period, without a birth date and under 20 (Japan date)", () => {
    expect(entryRefusal(lottery, "1985-04-01", new Date("2026-11-30T00:00:00Z"))).toBe("lotteryNotOpen");
    expect(entryRefusal(lottery, "1985-04-01", new Date("2026-12-09T00:00:00Z"))).toBe("lotteryClosed");
    expect(entryRefusal(lottery, null, during)).toBe("lotteryNoBirthDate");
    expect(entryRefusal(lottery, "2006-12-04", during)).toBe("lotteryUnderAge");
    // 20 on 3 December in Japan, which is 2 December 15:00 UTC.
    expect(entryRefusal(lottery, "2006-12-03", new Date("2026-12-02T15:00:00Z"))).toBeNull();
    expect(entryRefusal(lottery, "2006-12-03", new Date("2026-12-02T14:59:00Z"))).toBe("lotteryUnderAge");
    expect(entryRefusal(lottery, "1985-04-01", during)).toBeNull();
  });

  it("reads Japan time from the form and sets the deadline in days", () => {
    expect(japanDateTimeInput("2026-12-01T10:00")?.toISOString()).toBe("2026-12-01T01:00:00.000Z");
    expect(japanDateTimeInput("2026-02-30T10:00")).toBeNull();
    expect(japanDateTimeInput("tomorrow")).toBeNull();
    expect(claimDeadline(new Date("2026-12-08T01:00:00Z"), 3).toISOString()).toBe("2026-12-11T01:00:00.000Z");
  });
});
