import { describe, expect, it } from "vitest";
import type { AdminSeries } from "../../../domain/admin-catalog.ts";
import { seriesLines } from "./series-tree.ts";

// The back office draws the flat series list as a tree: parents before their children, each with its depth.

const series = (id: number, parent: number | null): AdminSeries => ({
  id,
  parent_id: parent,
  name_ja: `シリーズ${id}`,
  name_en: `Series ${id}`,
  sort_order: id,
  product_count: 0,
  child_count: 0,
});

describe("seriesLines", () => {
  it("puts every child right under its parent, one level deeper, in the list's order", () => {
    const all = [series(3, 1), series(1, null), series(4, 3), series(2, null), series(5, 1)];
    expect(seriesLines(all).map((line) => [line.series.id, line.depth])).toEqual([
      [1, 0],
      [3, 1],
      [4, 2],
      [5, 1],
      [2, 0],
    ]);
  });

  it("leaves out a series whose parent is not in the list", () => {
    expect(seriesLines([series(1, null), series(7, 99)]).map((line) => line.series.id)).toEqual([1]);
  });

  it("draws nothing for no series", () => {
    expect(seriesLines([])).toEqual([]);
  });
});
