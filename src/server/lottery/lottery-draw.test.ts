import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { drawKey, drawOrder } from "./lottery-draw.ts";

describe("the draw", () => {
  const seed = "3f1c0d6a9b2e4f7081a2b3c4d5e6f708";
  const ids = Array.from({ length: 50 }, (_, i) => i + 101);

  it("keys an entry by HMAC-SHA256(seed, entry:id), as an auditor's openssl recomputes it", () => {
    const openssl = execFileSync("openssl", ["dgst", "-sha256", "-hmac", seed], { input: "entry:7" }).toString();
    expect(openssl.trim().split(" ").at(-1)).toBe(drawKey(seed, 7));
  });

  it("orders entries by their keys, whatever order they are given in", () => {
    const drawn = drawOrder(seed, ids);
    expect(drawn.map((entry) => entry.rank)).toEqual(ids.map((_, i) => i + 1));
    const keys = drawn.map((entry) => entry.key);
    expect([...keys].sort()).toEqual(keys);
    expect(drawn[0]!.key).toBe(drawKey(seed, drawn[0]!.entryId));
    expect(drawOrder(seed, [...ids].reverse())).toEqual(drawn);
    expect(new Set(drawn.map((entry) => entry.entryId)).size).toBe(50);
  });

  it("is reproducible from the seed and differs with another seed", () => {
    expect(drawOrder(seed, ids)).toEqual(drawOrder(seed, ids));
    expect(drawOrder("another-seed", ids).map((entry) => entry.entryId)).not.toEqual(drawOrder(seed, ids).map((entry) => entry.entryId));
  });

  it("does not favour early entries: over many seeds the first drawn is spread over the ids", () => {
    const firsts = new Set(Array.from({ length: 300 }, (_, i) => drawOrder(`seed-${i}`, ids)[0]!.entryId));
    expect(firsts.size).toBeGreaterThan(30);
  });
});
