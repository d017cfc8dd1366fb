import { createContext, useContext, useMemo, useState } from "react";
import type { ReactNode } from "react";

interface CartDrawerApi {
  open: boolean;
  setOpen(open: boolean): void;
  toggle(): void;
}

const CartDrawerContext = createContext<CartDrawerApi>({ open: false, setOpen: () => undefined, toggle: () => undefined });

export function useCartDrawer(): CartDrawerApi {
  return useContext(CartDrawerContext);
}

/** Whether the cart drawer is open: toggled by the floating button, opened by add and update. */
export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const api = useMemo(() => ({ open, setOpen, toggle: () => setOpen((current) => !current) }), [open]);
  return <CartDrawerContext.Provider value={api}>{children}</CartDrawerContext.Provider>;
}
