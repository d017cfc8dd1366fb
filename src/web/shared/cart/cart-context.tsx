import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { cartAnswer } from "../../../domain/answers/cart.ts";
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";
import type { CartItem, CartProduct } from "../../../domain/cart.ts";
import { CART_STORAGE_KEY, addQuantityToCart, cartCount, cartProductIds, cartTotal, removeFromCart, updateCartAmount } from "../../../domain/cart.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { callApi } from "../site/api.ts";
import { useAuth } from "../auth/auth-context.tsx";
import { useCartDrawer } from "./cart-drawer-state.tsx";
import type { CartChange } from "./cart-rules.ts";
import { firstBottleOfGuest, storedCartItems, withChanges } from "./cart-rules.ts";

/** sessionStorage flag: the login prompt was shown in this browser session. */
export const PROMPTED_LOGIN_KEY = "propmtedLogIn";
/** sessionStorage copy of the cart taken by the purchase button for checkout. */
export const CHECKOUT_ITEMS_KEY = "checkoutItems";

interface CartApi {
  items: CartItem[];
  /** False until the first load (the server's cart, or the local copy when it fails) has answered. */
  ready: boolean;
  total: number;
  count: number;
  /** One bottle more, or `quantity` more from the product page's selector. */
  add(product: CartProduct, quantity?: number): void;
  /** Sets an amount; the drawer opens unless `openDrawer` is false (checkout applying the server's stock). */
  update(productId: string, amount: number, options?: { openDrawer?: boolean }): void;
  remove(productId: string): void;
  empty(): void;
  loginPromptOpen: boolean;
  closeLoginPrompt(): void;
}

const CartContext = createContext<CartApi | null>(null);

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart outside CartProvider");
  return cart;
}

function readLocalCart(): CartItem[] {
  try {
    return storedCartItems(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

function writeLocalCart(items: CartItem[]): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the server copy still holds the cart.
  }
}

function takeLoginPromptTurn(): boolean {
  try {
    if (sessionStorage.getItem(PROMPTED_LOGIN_KEY)) return false;
    sessionStorage.setItem(PROMPTED_LOGIN_KEY, "true");
    return true;
  } catch {
    return false;
  }
}

/**
 * The cart: kept in localStorage under "cart" and synced to the server on every change.
 * The server's answer wins (it clamps to limits and stock); only the newest answer is applied, so
 * quick clicks never end in an older state. When the server cannot be reached the local copy is used.
 *
 * A change made before the cart has loaded (a click on カートに入れる as soon as the page is
 * hydrated, before GET /api/carts answered) is shown at once but kept as a change, not as a cart:
 * it is applied to the loaded cart when that arrives, and only then sent. Sending the page's empty
 * starting cart plus the new bottle would replace the server's cart and lose what was in it.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { locale } = useI18n();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const previousUserId = useRef(userId);
  const drawer = useCartDrawer();
  const [items, setItemsState] = useState<CartItem[]>([]);
  const [loginPromptOpen, setLoginPromptOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const latestRequest = useRef(0);
  // The newest items, for handlers that run before React re-renders (quick repeated clicks).
  const itemsRef = useRef<CartItem[]>([]);
  // Whether the newest load has answered, and the changes made while it had not.
  const loaded = useRef(false);
  const pendingChanges = useRef<CartChange[]>([]);
  const setItems = useCallback((next: CartItem[]) => {
    itemsRef.current = next;
    setItemsState(next);
  }, []);

  /** Keeps `next` here and in localStorage and sends it; the server's answer replaces it unless a newer call was made. */
  const save = useCallback(
    (next: CartItem[]) => {
      setItems(next);
      writeLocalCart(next);
      const request = ++latestRequest.current;
      // keepalive: a shopper who adds a bottle and at once follows a link still has it on the server.
      callApi<ApiAnswer<typeof cartAnswer>>(locale, "/carts", { method: "PUT", body: { cart: { cart_product_ids: cartProductIds(next) } }, keepalive: true })
        .then((result) => {
          if (request !== latestRequest.current || !result.ok || !result.body) return;
          setItems(result.body.data);
          writeLocalCart(result.body.data);
        })
        .catch((error: unknown) => console.warn("cart: sync failed", error));
    },
    [locale, setItems],
  );

  // Loaded on start and again whenever the visitor signs in or out: at sign-in the server has merged
  // the guest cart into the member's; at sign-out the member's cart stays on the server for their
  // next sign-in, and this browser starts an empty guest cart.
  useEffect(() => {
    if (previousUserId.current !== null && userId === null) {
      try {
        localStorage.removeItem(CART_STORAGE_KEY);
      } catch {
        // Storage blocked: nothing was kept there either.
      }
      pendingChanges.current = [];
      setItems([]);
    }
    previousUserId.current = userId;
    loaded.current = false;
    const request = ++latestRequest.current;
    // The loaded cart is drawn as a transition: on /checkout it brings the whole order form, which
    // React then renders in slices the browser can answer input between, not in one long task
    // (Lighthouse's Total Blocking Time, docs/decisions/043).
    callApi<ApiAnswer<typeof cartAnswer>>(locale, "/carts")
      .then((result) => {
        if (!result.ok || !result.body) throw new Error(`GET /api/carts answered ${result.status}`);
        return { cart: result.body.data, fromServer: true };
      })
      .catch((error: unknown) => {
        console.warn("cart: using the local copy", error);
        return { cart: readLocalCart(), fromServer: false };
      })
      .then(({ cart, fromServer }) => {
        // A load overtaken by a newer one (the effect ran again) neither fills the cart nor marks it
        // ready: ready with the items still empty would draw /checkout's "cart is empty" for a moment,
        // moving the whole page on a slow phone (issue 28, decision 058).
        if (request !== latestRequest.current) return;
        loaded.current = true;
        const changes = pendingChanges.current;
        pendingChanges.current = [];
        if (changes.length > 0) {
          save(withChanges(cart, changes));
          startTransition(() => setReady(true));
          return;
        }
        // The items and the ready mark in one render: never ready with the items of before the load.
        startTransition(() => {
          setItems(cart);
          setReady(true);
        });
        if (fromServer) writeLocalCart(cart);
      });
  }, [locale, userId, setItems, save]);

  const commit = useCallback(
    (change: CartChange, options: { openDrawer: boolean }) => {
      const before = itemsRef.current;
      const next = change(before);
      if (options.openDrawer) drawer.setOpen(true);
      if (firstBottleOfGuest(before, next, user !== null) && takeLoginPromptTurn()) setLoginPromptOpen(true);
      if (!loaded.current) {
        setItems(next);
        pendingChanges.current.push(change);
        return;
      }
      save(next);
    },
    [drawer, user, setItems, save],
  );

  const api = useMemo<CartApi>(
    () => ({
      items,
      ready,
      total: cartTotal(items),
      count: cartCount(items),
      add: (product, quantity = 1) => commit((current) => addQuantityToCart(current, product, quantity), { openDrawer: true }),
      update: (productId, amount, options) => commit((current) => updateCartAmount(current, productId, amount), { openDrawer: options?.openDrawer ?? true }),
      remove: (productId) => commit((current) => removeFromCart(current, productId), { openDrawer: false }),
      empty: () => commit(() => [], { openDrawer: false }),
      loginPromptOpen,
      closeLoginPrompt: () => setLoginPromptOpen(false),
    }),
    [items, ready, commit, loginPromptOpen],
  );

  return <CartContext.Provider value={api}>{children}</CartContext.Provider>;
}
