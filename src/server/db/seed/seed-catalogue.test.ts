import { describe, expect, it } from "vitest";
import { demoProducts } from "./demo-catalogue.ts";
import { labelFactsOf } from "./seed-catalogue.ts";

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
