import type { SeriesTreeNode } from "../../../domain/catalog-api.ts";

/** Top-level series down to the one with this hashid, for the product breadcrumb. */
export function seriesPathByHashid(nodes: SeriesTreeNode[], hashid: string): SeriesTreeNode[] {
  for (const node of nodes) {
    if (node.hashid === hashid) return [node];
    const below = seriesPathByHashid(node.children, hashid);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}
