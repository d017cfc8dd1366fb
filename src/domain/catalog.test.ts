import { describe, expect, it } from "vitest";
import type { SeriesNode } from "./catalog.ts";
import { filterProducts, filterToSearchParams, parseProductFilter, seriesPath } from "./catalog.ts";
import { priceIncludingTax, taxOn } from "./money.ts";

const node = (id: number, hashid: string, parentId: number | null, children: SeriesNode[] = []): SeriesNode => ({
  id,
  hashid,
  name: { ja: hashid, en: hashid },
  parentId,
  children,
});
// wine(1) › red(2), white(3); spirits(4) › whisky(5) › islay(6)
const tree = [node(1, "wine", null, [node(2, "red", 1), node(3, "white", 1)]), node(4, "spirits", null, [node(5, "whisky", 4, [node(6, "islay", 5)])])];

const products = [
  { name: "red-in-stock", soldOut: false, liquorType: "wine", seriesIds: [2] },
  { name: "white-sold-out", soldOut: true, liquorType: "wine", seriesIds: [3] },
  { name: "islay", soldOut: false, liquorType: "whisky", seriesIds: [6] },
  { name: "unclassified-sake", soldOut: false, liquorType: "sake", seriesIds: [] },
];
const names = (filter: Parameters<typeof parseProductFilter>[0]) => filterProducts(products, parseProductFilter(filter), tree).map((p) => p.name);

describe("product filters", () => {
  it("without filters lists everything", () => {
    expect(names({})).toHaveLength(4);
  });

  it("filters by stock", () => {
    expect(names({ unsold: "1" })).toEqual(["red-in-stock", "islay", "unclassified-sake"]);
    expect(names({ unsold: "0" })).toEqual(["white-sold-out"]);
  });

  it("filters by liquor type", () => {
    expect(names({ liquor_type: "wine" })).toEqual(["red-in-stock", "white-sold-out"]);
  });

  it("matches a parent series' descendants at any depth", () => {
    expect(names({ "series[]": "wine" })).toEqual(["red-in-stock", "white-sold-out"]);
    expect(names({ "series[]": "spirits" })).toEqual(["islay"]);
    expect(names({ "series[]": ["red", "whisky"] })).toEqual(["red-in-stock", "islay"]);
  });

  it("treats 未分類 as one more box of the series group", () => {
    expect(names({ unselect_series: "1" })).toEqual(["unclassified-sake"]);
    expect(names({ unselect_series: "1", "series[]": "red" })).toEqual(["red-in-stock", "unclassified-sake"]);
  });

  it("combines groups with AND", () => {
    expect(names({ "series[]": "wine", unsold: "1" })).toEqual(["red-in-stock"]);
    expect(names({ "series[]": "wine", liquor_type: "whisky" })).toEqual([]);
  });

  it("ignores values that mean nothing instead of failing", () => {
    expect(parseProductFilter({ unsold: "maybe", liquor_type: "", "series[]": ["<script>", "red"], unselect_series: "no" })).toEqual({
      series: ["red"],
      unselectSeries: false,
    });
    // A malformed hashid is ignored; a well-formed unknown one matches nothing.
    expect(names({ "series[]": "no-such-series" })).toHaveLength(4);
    expect(names({ "series[]": "zzzz" })).toEqual([]);
  });

  it("writes the filter back as query parameters in a stable order", () => {
    const filter = parseProductFilter({ "series[]": ["white", "red"], unsold: "1", unselect_series: "1" });
    expect(filterToSearchParams(filter).toString()).toBe("unsold=1&series%5B%5D=red&series%5B%5D=white&unselect_series=1");
  });

  it("finds the breadcrumb path of a series", () => {
    expect(seriesPath(tree, 6).map((s) => s.hashid)).toEqual(["spirits", "whisky", "islay"]);
    expect(seriesPath(tree, 99)).toEqual([]);
  });
});

describe("tax", () => {
  it("rounds consumption tax up to the yen", () => {
    expect(taxOn(1000, 10)).toBe(100);
    expect(taxOn(1001, 10)).toBe(101);
    expect(taxOn(1009, 10)).toBe(101);
    expect(priceIncludingTax(2980, 10)).toBe(3278);
    expect(priceIncludingTax(2981, 10)).toBe(3280);
    expect(priceIncludingTax(0, 10)).toBe(0);
  });
});
