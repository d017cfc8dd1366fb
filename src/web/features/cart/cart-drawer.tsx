import { createContext, useContext, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import styles from "./cart-drawer.module.css";

interface CartDrawerApi {
  open: boolean;
  setOpen(open: boolean): void;
  toggle(): void;
}

const CartDrawerContext = createContext<CartDrawerApi>({ open: false, setOpen: () => undefined, toggle: () => undefined });

export function useCartDrawer(): CartDrawerApi {
  return useContext(CartDrawerContext);
}

export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const api = useMemo(() => ({ open, setOpen, toggle: () => setOpen((current) => !current) }), [open]);
  return <CartDrawerContext.Provider value={api}>{children}</CartDrawerContext.Provider>;
}

/** The floating cart button and the drawer it toggles (spec §2, Cart drawer). */
export function CartDrawer() {
  const { t } = useI18n();
  const { open, setOpen, toggle } = useCartDrawer();
  return (
    <>
      <button
        type="button"
        className={styles.floatingButton}
        onClick={toggle}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="cart-button"
      >
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L20.5 8H6.2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <circle cx="10" cy="20" r="1.5" fill="currentColor" />
          <circle cx="17" cy="20" r="1.5" fill="currentColor" />
        </svg>
        <span className="visually-hidden">{t("cart.open")}</span>
      </button>
      <Dialog
        variant="drawer"
        open={open}
        onClose={() => setOpen(false)}
        title={t("cart.title")}
        closeLabel={t("cart.close")}
        testId="cart-drawer"
      >
        <p className={styles.empty}>{t("cart.empty")}</p>
      </Dialog>
    </>
  );
}
