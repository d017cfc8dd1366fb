import { createContext, useContext } from "react";
import type { ReactNode } from "react";
import type { LiquorTypeOption, SeriesTreeNode } from "../../../domain/catalog-api.ts";
import type { ShopProfile } from "../../../domain/shop-profile.ts";

/** Page-level global data every screen may read: the shop, the CSRF token (the member: useAuth()). */
export interface SiteData {
  shop: ShopProfile;
  csrfToken: string;
  publicUrl: string;
  series: SeriesTreeNode[];
  liquorTypes: LiquorTypeOption[];
  /** The server's count of the visitor's bottles (root data), null when the page does not know it. */
  cartCount?: number | null;
  /** The shop's base point rate in percent (decision 089); absent: points are not shown. */
  pointBaseRate?: number;
}

const SiteContext = createContext<SiteData | null>(null);

export function SiteProvider({ value, children }: { value: SiteData; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite outside SiteProvider");
  return site;
}
