import { Suspense, lazy, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import type { CartItem } from "../../../domain/cart.ts";
import { canAddMore, parseAmountInput } from "../../../domain/cart.ts";
import { formatYenTaxed } from "../../../domain/format.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { TransitionLink } from "../../shared/layout/page-transition.tsx";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { CHECKOUT_ITEMS_KEY, useCart } from "../../shared/cart/cart-context.tsx";
import { useCartDrawer } from "../../shared/cart/cart-drawer-state.tsx";
import { AgeNotice } from "../../shared/site/age-notice.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import styles from "./cart-drawer.module.css";

const subscribeToNothing = () => () => {};

// 獲得予定ポイント (decision 089): drawn while the drawer is open, its module (the earning rule and its
// texts) loaded then, so it stays out of every page's first JavaScript.
const CartPoints = lazy(() => import("./cart-points.tsx").then((module) => ({ default: module.CartPoints })));

/** The floating cart button and the drawer it toggles. */
export function CartDrawer() {
  const { t, yen } = useI18n();
  const { user } = useAuth();
  const { open, setOpen, toggle } = useCartDrawer();
  const cart = useCart();
  const navigate = useNavigate();
  const purchasable = cart.items.some((item) => item.amount > 0);
  // Until the page's JavaScript runs, the button is a link to /checkout (which lists the cart from the
  // server) and its count is the server's: without JavaScript the drawer cannot open (decision 057).
  const { cartCount: serverCount } = useSite();
  // False on the server and while hydrating (the server's snapshot), true from the next render on.
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const count = cart.ready ? cart.count : (serverCount ?? 0);
  const icon = (
    <>
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
      {count > 0 && (
        <span className={styles.count} data-testid="cart-count">
          {count}
        </span>
      )}
    </>
  );

  const goToCheckout = () => {
    try {
      sessionStorage.setItem(CHECKOUT_ITEMS_KEY, JSON.stringify(cart.items));
    } catch {
      // Checkout reloads the cart from the server anyway.
    }
    setOpen(false);
    void navigate("/checkout");
  };

  return (
    <>
      {hydrated ? (
        <button type="button" className={styles.floatingButton} onClick={toggle} aria-expanded={open} aria-haspopup="dialog" data-testid="cart-button">
          {icon}
          <span className="visually-hidden">{t("cart.open")}</span>
        </button>
      ) : (
        <a href="/checkout" className={styles.floatingButton} data-testid="cart-button">
          {icon}
          <span className="visually-hidden">{t("cart.view")}</span>
        </a>
      )}
      <Dialog
        variant="drawer"
        open={open}
        onClose={() => setOpen(false)}
        title={t("cart.title")}
        closeLabel={t("cart.close")}
        testId="cart-drawer"
        footer={
          <div className={styles.footer}>
            {cart.items.length > 0 && (
              <>
                <AgeNotice level="item" />
                <p className={styles.total}>
                  <span>{t("cart.total")}</span>
                  <strong data-testid="cart-total" data-price="">
                    {yen(cart.total)}
                  </strong>
                </p>
                {open && (
                  <Suspense fallback={null}>
                    <CartPoints items={cart.items} />
                  </Suspense>
                )}
                <Button block onClick={goToCheckout} disabled={!purchasable}>
                  {t("cart.purchase")}
                </Button>
              </>
            )}
            <TransitionLink to={user ? "/mypage" : "/login"} className={styles.accountLink} onClick={() => setOpen(false)}>
              {user ? t("nav.myPage") : t("nav.logIn")}
            </TransitionLink>
          </div>
        }
      >
        {cart.items.length === 0 ? (
          <p className={styles.empty}>{t("cart.empty")}</p>
        ) : (
          <ul className={styles.items}>
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const { t } = useI18n();
  const cart = useCart();
  const [draft, setDraft] = useState(String(item.amount));
  // When the amount changes elsewhere (+, −, the server's clamp), the box shows it.
  const [shownAmount, setShownAmount] = useState(item.amount);
  if (item.amount !== shownAmount) {
    setShownAmount(item.amount);
    setDraft(String(item.amount));
  }
  // The amount last typed in the box, so the line can say why the cart holds fewer (the limit
  // per person here, or the server's stock clamp when its answer arrives). Any other change clears it.
  const [typed, setTyped] = useState<number | null>(null);
  const unavailable = item.amount === 0;
  const reduction = quantityReduction(item, typed);

  const commitDraft = (text: string) => {
    const amount = parseAmountInput(text);
    if (amount === null) {
      setDraft(String(item.amount)); // not a whole number: the cart stays as it was
      return;
    }
    // Leaving the box re-commits what it shows; that is no new quantity and keeps the reason.
    if (amount === item.amount) return;
    setTyped(amount);
    // Over the limit, the most one person may buy is kept; the contract's rule (never above the limit) holds.
    if (item.buyable_limit !== null && amount > item.buyable_limit) {
      cart.update(item.id, item.buyable_limit);
      setDraft(String(item.buyable_limit));
      return;
    }
    cart.update(item.id, amount);
  };
  const step = (amount: number) => {
    setTyped(null);
    cart.update(item.id, amount);
  };

  return (
    <li className={styles.item} data-testid="cart-item" data-product-id={item.id} data-unavailable={unavailable}>
      {item.images[0] ? <img className={styles.thumb} src={item.images[0]} alt="" width={64} height={80} loading="lazy" /> : <span className={styles.thumb} />}
      <div className={styles.itemBody}>
        <p className={`${styles.itemName} phrase-wrap`}>{item.name}</p>
        {unavailable ? (
          <p className={styles.unavailable}>{t("cart.unavailable")}</p>
        ) : (
          <>
            <div className={styles.quantity}>
              <button type="button" className={styles.step} onClick={() => step(item.amount - 1)} aria-label={t("cart.decrease", { name: item.name })}>
                −
              </button>
              <input
                className={styles.amount}
                inputMode="numeric"
                pattern="[0-9]*"
                value={draft}
                aria-label={t("cart.quantity", { name: item.name })}
                onChange={(event) => {
                  setDraft(event.target.value);
                  if (event.target.value.trim() !== "") commitDraft(event.target.value);
                }}
                onBlur={(event) => commitDraft(event.target.value)}
              />
              <button
                type="button"
                className={styles.step}
                onClick={() => step(item.amount + 1)}
                disabled={!canAddMore(item)}
                aria-label={t("cart.increase", { name: item.name })}
              >
                +
              </button>
            </div>
            <p className={`${styles.reduced} phrase-wrap`} role="status" aria-live="polite" data-testid="cart-reduced">
              {reduction && t(reduction === "limit" ? "cart.reducedToLimit" : "cart.reducedToStock", { count: item.amount })}
            </p>
            <LineTotal item={item} />
          </>
        )}
      </div>
      <button type="button" className={styles.remove} onClick={() => cart.remove(item.id)} aria-label={t("cart.remove", { name: item.name })}>
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/** "price x amount = subtotal(税込)", the subtotal and its tax label kept on one line on a narrow drawer. */
function LineTotal({ item }: { item: CartItem }) {
  const { t, yen, locale } = useI18n();
  const [before = "", after = ""] = t("cart.line", { price: yen(item.price_include_tax), amount: item.amount, subtotal: "{subtotal}" }).split("{subtotal}");
  return (
    <p className={styles.lineTotal} data-testid="cart-line" data-price="">
      {before}
      <span className="no-break">{formatYenTaxed(item.price_include_tax * item.amount, locale, "included")}</span>
      {after}
    </p>
  );
}

/** Why the cart holds fewer bottles than were typed: the per-person limit or the stock left. */
function quantityReduction(item: CartItem, typed: number | null): "limit" | "stock" | null {
  if (typed === null || item.amount === 0 || item.amount >= typed) return null;
  return item.buyable_limit !== null && item.amount === item.buyable_limit ? "limit" : "stock";
}
