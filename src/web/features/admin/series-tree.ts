import type { AdminSeries } from "../../../domain/admin-catalog.ts";

export interface SeriesLine {
  series: AdminSeries;
  depth: number;
}

/** The flat series list as the tree reads top-down (parents before their children), with depths. */
export function seriesLines(all: AdminSeries[]): SeriesLine[] {
  const lines: SeriesLine[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const series of all.filter((each) => each.parent_id === parentId)) {
      lines.push({ series, depth });
      walk(series.id, depth + 1);
    }
  };
  walk(null, 0);
  return lines;
}
