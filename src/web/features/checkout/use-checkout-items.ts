import { useMemo, useSyncExternalStore } from "react";
import type { CartItem } from "../../../domain/cart.ts";
import { CHECKOUT_ITEMS_KEY, useCart } from "../../shared/cart/cart-context.tsx";
import { forgetCheckoutForm } from "./kept-checkout-key.ts";

function storedCopyText(): string | null {
  try {
    return sessionStorage.getItem(CHECKOUT_ITEMS_KEY);
  } catch {
    return null;
  }
}

function parseCopy(text: string | null): CartItem[] | null {
  try {
    const stored: unknown = JSON.parse(text ?? "null");
    return Array.isArray(stored) ? (stored as CartItem[]) : null;
  } catch {
    return null;
  }
}

// The copy is written before checkout opens and only read here: nothing to subscribe to.
const noSubscription = () => () => undefined;

/**
 * Drops what checkout kept in the tab (after ordering, or on leaving checkout): the copy of the cart
 * the purchase button took, and the form the shopper typed (kept-checkout-form.ts).
 */
export function forgetCheckoutCopy(): void {
  forgetCheckoutForm();
  try {
    sessionStorage.removeItem(CHECKOUT_ITEMS_KEY);
  } catch {
    // Storage blocked: there is no copy either.
  }
}

/**
 * The bottles being bought: the cart itself once it has loaded (the server's answer, clamped to
 * stock, and any change made in the drawer meanwhile); until then the copy the purchase button
 * stored, or else the cart as the server read it for the page (`fromPage`,
 * so the page's first paint already lists the bottles). null while none is known.
 */
export function useCheckoutItems(fromPage: CartItem[] | null = null): CartItem[] | null {
  const cart = useCart();
  // sessionStorage exists only in the browser: the server (and hydration) see no copy.
  const text = useSyncExternalStore(noSubscription, storedCopyText, () => null);
  const copy = useMemo(() => parseCopy(text), [text]);
  return cart.ready ? cart.items : (copy ?? fromPage);
}
