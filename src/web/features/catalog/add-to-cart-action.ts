import type { CartItem } from "../../../domain/cart.ts";
import { cartProductIds } from "../../../domain/cart.ts";

/**
 * カートに入れる without JavaScript (decision 057): the product page's action adds the bottles to the
 * server's cart through PUT /api/carts, the call the cart drawer makes, and comes back to the page
 * with what happened in its query (`?cart=`), which the page shows as a notice. The server clamps
 * the amount to the purchase limit and the stock as it does for the drawer; the notice says so.
 */

/** The selector never offers more than this many bottles at once, whatever the stock. */
export const SELECTOR_MAX = 24;

/** The query parameter the outcome comes back in, and its values. */
export const CART_OUTCOME_PARAM = "cart";
export type CartOutcome = "added" | "limit" | "stock" | "unavailable";

/** How many bottles the form asked for: a whole number the selector offers, else 1 (as `addQuantityToCart`). */
export function postedQuantity(text: string | undefined): number {
  const quantity = Number(text);
  return Number.isInteger(quantity) && quantity >= 1 ? Math.min(quantity, SELECTOR_MAX) : 1;
}

/** The body of PUT /api/carts: the cart as it is, with `quantity` more of the product. */
export function cartWithMore(cart: CartItem[], productId: string, quantity: number) {
  const amounts = cartProductIds(cart);
  amounts[productId] = (amounts[productId] ?? 0) + quantity;
  return { cart: { cart_product_ids: amounts } };
}

/** What the server kept of the request, as the drawer words it: all of it, up to the limit or the stock, or nothing. */
export function cartOutcome(before: CartItem[], after: CartItem[], productId: string, quantity: number): { outcome: CartOutcome; count: number } {
  const had = before.find((item) => item.id === productId)?.amount ?? 0;
  const kept = after.find((item) => item.id === productId);
  if (!kept || kept.amount === 0) return { outcome: "unavailable", count: 0 };
  if (kept.amount >= had + quantity) return { outcome: "added", count: kept.amount };
  return { outcome: kept.buyable_limit !== null && kept.amount >= kept.buyable_limit ? "limit" : "stock", count: kept.amount };
}

/** The id of the notice saying what happened: the page comes back scrolled to it. */
export const CART_OUTCOME_ID = "cart-outcome";

/**
 * The page to come back to: the same page, with the outcome in its query and the notice as its
 * fragment, so the browser shows the notice where the shopper looks, not the page's top (on a phone
 * the notice is a screen and more below it).
 */
export function cartOutcomePath(pathname: string, { outcome, count }: { outcome: CartOutcome; count: number }): string {
  const query = new URLSearchParams({ [CART_OUTCOME_PARAM]: outcome });
  if (outcome === "limit" || outcome === "stock") query.set("count", String(count));
  return `${pathname}?${query}#${CART_OUTCOME_ID}`;
}
