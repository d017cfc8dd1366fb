import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { allocateBottles, claimDeadline, drawKey, drawOrder, entryRefusal, hmacSha256Hex, japanDateTimeInput, lotteryPhase, sha256 } from "./lottery.ts";

const node = (key: string, message: string) => crypto.createHmac("sha256", key).update(message).digest("hex");

describe("SHA-256 and HMAC-SHA256", () => {
  it("match node:crypto for short, block-sized and long inputs and keys", () => {
    const inputs = ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(64), "抽選販売 🍶".repeat(40)];
    for (const input of inputs) {
      expect(Buffer.from(sha256(new TextEncoder().encode(input))).toString("hex")).toBe(crypto.createHash("sha256").update(input).digest("hex"));
      for (const key of ["k", "seed-0123456789abcdef", "x".repeat(64), "y".repeat(100)]) expect(hmacSha256Hex(key, input)).toBe(node(key, input));
    }
  });

  it("gives RFC 4231's test case 2", () => {
    expect(hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });
});

describe("the draw", () => {
  const seed = "3f1c0d6a9b2e4f7081a2b3c4d5e6f708";
  const ids = Array.from({ length: 50 }, (_, i) => i + 101);

  it("orders entries by HMAC-SHA256(seed, entry:id), whatever order they are given in", () => {
    const drawn = drawOrder(seed, ids);
    expect(drawn.map((entry) => entry.rank)).toEqual(ids.map((_, i) => i + 1));
    const keys = drawn.map((entry) => entry.key);
    expect([...keys].sort()).toEqual(keys);
    expect(drawn[0]!.key).toBe(node(seed, `entry:${drawn[0]!.entryId}`));
    expect(drawOrder(seed, [...ids].reverse())).toEqual(drawn);
    expect(new Set(drawn.map((entry) => entry.entryId)).size).toBe(50);
  });

  it("is reproducible from the seed and differs with another seed", () => {
    expect(drawOrder(seed, ids)).toEqual(drawOrder(seed, ids));
    expect(drawOrder("another-seed", ids).map((entry) => entry.entryId)).not.toEqual(drawOrder(seed, ids).map((entry) => entry.entryId));
    expect(drawKey(seed, 7)).toBe(node(seed, "entry:7"));
  });

  it("does not favour early entries: over many seeds the first drawn is spread over the ids", () => {
    const firsts = new Set(Array.from({ length: 300 }, (_, i) => drawOrder(`seed-${i}`, ids)[0]!.entryId));
    expect(firsts.size).toBeGreaterThan(30);
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
