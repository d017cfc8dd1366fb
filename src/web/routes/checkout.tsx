import { lazy, Suspense, useId, useState, useSyncExternalStore } from "react";
import type { Route } from "./+types/checkout";
import type * as CheckoutPageModule from "../features/checkout/checkout-page.tsx";
import styles from "../features/checkout/checkout.module.css";
import type { RejectedItem } from "../features/checkout/items-rejected-dialog.tsx";
import { ItemsRejectedDialog } from "../features/checkout/items-rejected-dialog.tsx";
import { useCheckoutItems } from "../features/checkout/use-checkout-items.ts";
import { OrderSummary } from "../features/checkout/order-summary.tsx";
import type { CartItem } from "../../domain/cart.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { TestModeBadge } from "../shared/payments/test-mode-badge.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageDescription, pageTitle } from "../page-meta.ts";
import { pageContext } from "../load-context.ts";

// The order form is drawn only after hydration (the cart lives in the browser), so its code (the
// form, payment methods, address fields, card entry) is a chunk of its own, fetched as soon as this
// module runs in the browser rather than preloaded with the page: the page's first JavaScript stays
// within DESIGN.md's 150 kB (docs/decisions/039).
let checkoutPage: Promise<typeof CheckoutPageModule> | undefined;
const loadCheckoutPage = () => (checkoutPage ??= import("../features/checkout/checkout-page.tsx"));
const CheckoutLoader = lazy(() => loadCheckoutPage().then((module) => ({ default: module.CheckoutLoader })));
if (typeof document !== "undefined") void loadCheckoutPage();

// Whether this is the browser after hydration: nothing to subscribe to.
const noSubscription = () => () => undefined;

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches), ...pageDescription(matches, "home.heroLead"), { name: "robots", content: "noindex" }];
}

/**
 * Which gateway takes the card (Stripe's publishable key or the test gateway): all the page may know
 * of it; the moment and public holidays the delivery window is worked out from (the holiday table
 * stays out of the bundle); and the session's cart, for the summary of the first paint.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  return { payments: page.payments, deliveryCalendar: page.deliveryCalendar(), cart: await page.cart() };
}

/** The page before the form: the summary's bottles where the form will put them, and a loading line holding the footer below the fold. */
function CheckoutPreview({ items }: { items: CartItem[] }) {
  const { t } = useI18n();
  // The preview shows while the form is fetched and again while it loads its figures: ids of its own.
  const headingId = useId();
  return (
    <div className={styles.layout}>
      <aside className={styles.aside} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.sectionHeading}>
          {t("checkout.summaryHeading")}
        </h2>
        <OrderSummary items={items.filter((item) => item.amount > 0)} />
      </aside>
      <div className={styles.main}>
        <p role="status" className={styles.loading}>
          {t("page.loading")}
        </p>
      </div>
    </div>
  );
}

/**
 * /checkout (spec §2): the order summary, contact, delivery address and wish, payment method and
 * the final confirmation before 購入. The form is drawn after hydration, once its code and the
 * figures of spec §4 have loaded; until then the page shows the bottles as the server read the
 * session's cart (the first paint is the summary, not a loading line: Lighthouse's LCP, decision 047).
 * An empty cart says so with a way back to the shop.
 */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const items = useCheckoutItems(loaderData.cart);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  // Kept here, above the form: when every bottle was refused the cart empties, and the dialog must stay.
  const [rejected, setRejected] = useState<RejectedItem[] | null>(null);

  return (
    <div className="page">
      <h1 className={`page-title ${styles.title}`}>
        {t("checkout.title")} <TestModeBadge config={loaderData.payments} />
      </h1>
      {items === null ? (
        <p role="status" className={styles.loading}>{t("page.loading")}</p>
      ) : !items.some((item) => item.amount > 0) ? (
        // Only bottles that can no longer be bought is nothing to check out either.
        <div className={styles.empty} data-testid="checkout-empty">
          <p>{t("cart.empty")}</p>
          <TransitionLink to="/shop">{t("checkout.backToShop")}</TransitionLink>
        </div>
      ) : !hydrated ? (
        // The server and the hydration draw the preview only: the form's code is not part of the page.
        <CheckoutPreview items={items} />
      ) : (
        <Suspense fallback={<CheckoutPreview items={items} />}>
          <CheckoutLoader
            items={items}
            payments={loaderData.payments}
            deliveryCalendar={loaderData.deliveryCalendar}
            onRejected={setRejected}
            preview={<CheckoutPreview items={items} />}
          />
        </Suspense>
      )}
      <ItemsRejectedDialog items={rejected} onClose={() => setRejected(null)} />
    </div>
  );
}
