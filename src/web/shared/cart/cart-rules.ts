import type { CartItem } from "../../../domain/cart.ts";
import { cartCount } from "../../../domain/cart.ts";

/**
 * The browser cart's own rules (no React, no storage, no fetch), used by cart-context.tsx. The cart's
 * arithmetic (adding, limits, totals) is the domain's (domain/cart.ts).
 */

/** A change to the cart, applied to whatever the cart holds when it is applied. */
export type CartChange = (items: CartItem[]) => CartItem[];

/**
 * The cart kept in localStorage, read back: only entries with a text id and a whole amount; anything
 * else (an older shape, a hand edit, text that is not JSON) reads as an empty cart.
 */
export function storedCartItems(stored: string | null): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item): item is CartItem => typeof item?.id === "string" && Number.isInteger(item?.amount)) : [];
  } catch {
    return [];
  }
}

/** The changes made before the cart had loaded, applied in order to the loaded cart. */
export function withChanges(loaded: CartItem[], changes: readonly CartChange[]): CartItem[] {
  return changes.reduce((current, change) => change(current), loaded);
}

/** A guest's first bottle (the cart was empty and now is not) is when the sign-in prompt may show. */
export function firstBottleOfGuest(before: CartItem[], after: CartItem[], signedIn: boolean): boolean {
  return !signedIn && cartCount(before) === 0 && cartCount(after) > 0;
}
