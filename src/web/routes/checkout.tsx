import { lazy, Suspense, useId, useState } from "react";
import type { Route } from "./+types/checkout";
import type * as CheckoutPageModule from "../features/checkout/checkout-page.tsx";
import styles from "../features/checkout/checkout.module.css";
import fieldStyles from "../ui/field.module.css";
import noticeStyles from "../ui/notice.module.css";
import addressStyles from "../shared/address/address-fields.module.css";
import type { RejectedItem } from "../features/checkout/items-rejected-dialog.tsx";
import { ItemsRejectedDialog } from "../features/checkout/items-rejected-dialog.tsx";
import { useCheckoutItems } from "../features/checkout/use-checkout-items.ts";
import { OrderSummary } from "../features/checkout/order-summary.tsx";
import type { CartItem } from "../../domain/cart.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { TestModeBadge } from "../shared/payments/test-mode-badge.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageDescription, pageTitle } from "../page-meta.ts";
import type { PageContext } from "../load-context.ts";
import { pageContext } from "../load-context.ts";
import type { AddressResource } from "../../domain/address.ts";
import type { AddressBookEntry } from "../../domain/address-book.ts";
import type { SavedCard } from "../../domain/card.ts";
import type { CheckoutPageData } from "../features/checkout/checkout-page.tsx";
import { checkoutAction } from "../features/checkout/checkout-action.ts";
import type { BankAccount } from "../features/checkout/use-checkout-reference.ts";
import { shippingIdsKey } from "../features/checkout/use-checkout-reference.ts";
import { newIdempotencyKey } from "../shared/site/request-key.ts";
import "../i18n/checkout-texts.ts";

// The order form's code (the form, payment methods, address fields, card entry) is a chunk of its
// own, fetched as soon as this module runs in the browser rather than preloaded with the page: the
// page's first JavaScript stays within its 150 kB budget (docs/performance.md, docs/decisions/039). The server draws the
// form (it waits for the chunk); hydration leaves the server's form in place, a working plain form
// posted to this route's action, until the chunk has arrived, then hydrates it (decision 058).
let checkoutPage: Promise<typeof CheckoutPageModule> | undefined;
let checkoutPageModule: typeof CheckoutPageModule | undefined;
const loadCheckoutPage = () => (checkoutPage ??= import("../features/checkout/checkout-page.tsx").then((module) => (checkoutPageModule = module)));
type CheckoutLoaderModule = { default: typeof CheckoutPageModule.CheckoutLoader };
const CheckoutLoader = lazy(() => {
  const loaded = checkoutPageModule;
  // Already loaded (always on the server, whose loader waits for it): a thenable that answers at
  // once, so React draws the form in place. A promise would suspend, and the server would write the
  // preview with the form hidden, to be swapped in by a script, which a page without JavaScript never runs.
  if (loaded)
    return {
      then: (resolve: (module: CheckoutLoaderModule) => void) => resolve({ default: loaded.CheckoutLoader }),
    } as unknown as Promise<CheckoutLoaderModule>;
  return loadCheckoutPage().then((module) => ({ default: module.CheckoutLoader }));
});
if (typeof document !== "undefined") void loadCheckoutPage();

/**
 * The server draws the form at first paint (decision 058): its stylesheets must be the page's, not
 * the lazy chunk's, or a page without JavaScript shows the form unstyled. A bare import of a CSS
 * module is dropped by the bundler, so the route holds on to them here.
 */
export const handle = { formStylesheets: [fieldStyles, noticeStyles, addressStyles] };

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches), ...pageDescription(matches, "home.heroLead"), { name: "robots", content: "noindex" }];
}

async function jsonOf<T>(page: PageContext, path: string): Promise<T | undefined> {
  const answer = await page.api("GET", path);
  return answer.status === 200 ? (answer.body as T) : undefined;
}

/**
 * Which gateway takes the card (Stripe's publishable key or the test gateway): all the page may know
 * of it; the moment and public holidays the delivery window is worked out from (the holiday table
 * stays out of the bundle); the session's cart; and what the form loads on entering (the
 * shipping fee, tax rate, time bands, bank accounts, a member's address, card and address book),
 * read through the same API routes as the visitor, so the server draws the whole form (decision 058).
 * A figure that could not be read is left to the browser. A new request key every time the page is drawn.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  // The form's module is loaded before the page is drawn (see CheckoutLoader above).
  const [cart] = await Promise.all([page.cart(), loadCheckoutPage()]);
  const ids = shippingIdsKey([...new Set(cart.filter((item) => item.amount > 0).map((item) => item.id))]);
  const member = page.user !== null;
  const [shipping, tax, timezones, banks, address, cards, book] = await Promise.all([
    ids === "" ? undefined : jsonOf<{ fee: number }>(page, `/api/shipping?id=${encodeURIComponent(ids)}`),
    jsonOf<{ rate: number }>(page, "/api/taxrate"),
    jsonOf<Record<string, string>>(page, "/api/timezones"),
    jsonOf<{ data: BankAccount[] }>(page, "/api/banks"),
    member ? jsonOf<{ data: AddressResource | null }>(page, "/api/address") : undefined,
    member ? jsonOf<{ card: SavedCard | null }>(page, "/api/cards") : undefined,
    member ? jsonOf<{ data: AddressBookEntry[] }>(page, "/api/address-book") : undefined,
  ]);
  const points = member
    ? await jsonOf<{ data: { balance: number; rate_percent?: number; on_charges?: boolean; grant_on?: "paid" | "shipped" } }>(page, "/api/points")
    : undefined;
  const form: CheckoutPageData = {
    reference: {
      shipping: shipping && typeof shipping.fee === "number" ? { ids, fee: shipping.fee } : undefined,
      taxRate: typeof tax?.rate === "number" ? tax.rate : undefined,
      timezones,
    },
    member: member ? (address && cards ? { address: address.data ?? null, card: cards.card ?? null } : undefined) : { address: null, card: null },
    addressBook: book?.data,
    banks: banks?.data,
    requestKey: newIdempotencyKey(),
    ...(points
      ? {
          points: {
            balance: points.data.balance,
            ...(typeof points.data.rate_percent === "number" ? { ratePercent: points.data.rate_percent } : {}),
            onCharges: points.data.on_charges === true,
            grantOn: points.data.grant_on === "shipped" ? ("shipped" as const) : ("paid" as const),
          },
        }
      : {}),
  };
  return { payments: page.payments, deliveryCalendar: page.deliveryCalendar(), cart, form };
}

/** The order form posted before (or without) JavaScript (decision 058). */
export async function action(args: Route.ActionArgs) {
  return checkoutAction(args);
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
 * /checkout: the order summary, contact, delivery address and wish, payment method and
 * the final confirmation before 購入. The form is drawn after hydration, once its code and the
 * reference figures have loaded; until then the page shows the bottles as the server read the
 * session's cart (the first paint is the summary, not a loading line: Lighthouse's LCP, decision 047).
 * An empty cart says so with a way back to the shop.
 */
export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const items = useCheckoutItems(loaderData.cart);
  // Kept here, above the form: when every bottle was refused the cart empties, and the dialog must stay.
  const [rejected, setRejected] = useState<RejectedItem[] | null>(null);

  return (
    <div className="page">
      <h1 className={`page-title ${styles.title}`}>
        {t("checkout.title")} <TestModeBadge config={loaderData.payments} />
      </h1>
      {items === null ? (
        <p role="status" className={styles.loading}>
          {t("page.loading")}
        </p>
      ) : !items.some((item) => item.amount > 0) ? (
        // Only bottles that can no longer be bought is nothing to check out either.
        <div className={styles.empty} data-testid="checkout-empty">
          <p>{t("cart.empty")}</p>
          <TransitionLink to="/shop">{t("checkout.backToShop")}</TransitionLink>
        </div>
      ) : (
        <Suspense fallback={<CheckoutPreview items={items} />}>
          <CheckoutLoader
            items={items}
            payments={loaderData.payments}
            deliveryCalendar={loaderData.deliveryCalendar}
            onRejected={setRejected}
            preview={<CheckoutPreview items={items} />}
            fromPage={loaderData.form}
            posted={actionData}
          />
        </Suspense>
      )}
      <ItemsRejectedDialog items={rejected} onClose={() => setRejected(null)} />
    </div>
  );
}
