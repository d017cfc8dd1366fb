import { describe, expect, it } from "vitest";
import { demoProducts } from "./demo-catalogue.ts";
import { labelFactsOf, nextBeaujolaisRelease } from "./seed-catalogue.ts";

describe("demo liquor-law records", () => {
  it("reads volume and strength from the label line", () => {
    expect(labelFactsOf("Neat.\nHokkaido, Japan / 43% ABV / 700ml")).toEqual({ volumeMl: 700, alcoholPermille: 430 });
    expect(labelFactsOf("France / 12.5% ABV / 750ml")).toEqual({ volumeMl: 750, alcoholPermille: 125 });
    expect(() => labelFactsOf("no label")).toThrow(/ABV/);
  });

  it("has a volume and a strength for every demo bottle of liquor", () => {
    for (const product of demoProducts.filter((each) => each.liquorType !== null)) {
      const facts = labelFactsOf(product.description.en);
      expect(facts.volumeMl).toBeGreaterThan(0);
      expect(facts.alcoholPermille).toBeGreaterThan(0);
    }
  });

  it("has non-alcoholic items at the reduced rate and liquor at the standard rate only (decision 036)", () => {
    const reduced = demoProducts.filter((product) => product.taxClass === "reduced");
    expect(reduced.length).toBeGreaterThanOrEqual(2);
    for (const product of reduced) expect(product.liquorType).toBeNull();
    for (const product of demoProducts.filter((each) => each.liquorType !== null)) expect(product.taxClass ?? "standard").toBe("standard");
  });
});

describe("the demo pre-order (decision 088)", () => {
  it("is released on the next third Thursday of November, in Japan time", () => {
    expect(nextBeaujolaisRelease(new Date("2026-11-01T00:00:00+09:00"))).toBe("2026-11-19");
    // The release day itself is already released: the next one is a year on.
    expect(nextBeaujolaisRelease(new Date("2026-11-19T00:00:00+09:00"))).toBe("2027-11-18");
    // 23:30 UTC on the 18th is already the 19th in Japan.
    expect(nextBeaujolaisRelease(new Date("2026-11-18T15:30:00Z"))).toBe("2027-11-18");
    expect(nextBeaujolaisRelease(new Date("2026-11-18T14:59:00Z"))).toBe("2026-11-19");
  });
});
