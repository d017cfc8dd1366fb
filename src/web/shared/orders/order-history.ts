import type { OrderResource, OrdersPage, OrderStatus } from "../../../domain/checkout.ts";
import type { BadgeTone } from "../../ui/badge.tsx";

/** The next page loads when the visitor scrolls within 250 px of the bottom. */
export const SCROLL_THRESHOLD_PX = 250;

export type Pagination = OrdersPage["meta"]["pagination"];

/** What the window says about its scroll position (kept apart from `window` so it can be tested). */
export interface ScrollPosition {
  scrollTop: number;
  viewportHeight: number;
  documentHeight: number;
}

export function isNearBottom(position: ScrollPosition, threshold = SCROLL_THRESHOLD_PX): boolean {
  return position.documentHeight - (position.scrollTop + position.viewportHeight) <= threshold;
}

/**
 * The page to load after the ones shown, or null: nothing before page 1 has answered (page 1 is
 * loaded on its own, never by scrolling), and nothing once current_page reaches total_page.
 */
export function nextPageOf(pagination: Pagination | null): number | null {
  if (!pagination) return null;
  return pagination.current_page < pagination.total_page ? pagination.current_page + 1 : null;
}

/**
 * Appends a page to the orders shown. An order placed while the visitor scrolls shifts the pages by
 * one, so an order already shown can come again on the next page: it is shown once.
 */
export function appendOrders(shown: readonly OrderResource[], page: readonly OrderResource[]): OrderResource[] {
  const ids = new Set(shown.map((order) => order.id));
  return [...shown, ...page.filter((order) => !ids.has(order.id))];
}

/** The status badges: awaiting payment grey, deposited info, sent success, every other status grey. */
export function statusTone(status: OrderStatus): BadgeTone {
  if (status === "deposited") return "info";
  if (status === "sent") return "success";
  return "grey";
}

export { displayZip } from "../../../domain/address.ts";
