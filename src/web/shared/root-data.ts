import type { LiquorTypeOption, SeriesTreeNode } from "../../domain/catalog-api.ts";
import type { PageContext } from "../load-context.ts";

/**
 * What the root route's loader gives every page. Declared here, not derived from root.tsx's loader,
 * because features read it (the series tree, the shop) and root.tsx imports those features: deriving it
 * there made an import cycle (decision 028).
 */
export interface RootData extends Pick<PageContext, "locale" | "ageConfirmed" | "csrfToken" | "nonce" | "shop" | "publicUrl" | "dictionaryHref"> {
  series: SeriesTreeNode[];
  liquorTypes: LiquorTypeOption[];
  /**
   * Bottles in the visitor's cart as the server holds it, for the cart button before (or without)
   * JavaScript; null on a page kept for other visitors and in the back office, where it is not read.
   */
  cartCount: number | null;
  /** The shop's base point rate in percent (decision 089): the cart's 獲得予定ポイント for a guest, and for a member until their own rate is read. */
  pointBaseRate: number;
}
