import type { PaymentInstructions } from "../../domain/payment-methods/payment-method.ts";
import { PaymentInstructionsView } from "../features/orders/payment-instructions.tsx";
import type { Route } from "./+types/checkout-complete";
import { useLocation } from "react-router";
import { isOrderPublicId, orderNumberForShopper } from "../../domain/order-number.ts";
import { useAuth } from "../shared/auth/auth-context.tsx";
import { ButtonLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import styles from "./checkout-complete.module.css";
import { completedOrderOf } from "../features/checkout/checkout-action.ts";
import "../i18n/orders-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches), { name: "robots", content: "noindex" }];
}

/** The order a checkout form posted without JavaScript placed (decision 058): its number comes in a short-lived cookie, as a redirect carries no history state. */
export function loader({ request }: Route.LoaderArgs) {
  return { postedOrderId: completedOrderOf(request) };
}

/** What the checkout passes on: the order's method and, for one paid elsewhere, how to pay it. */
interface CompletedCheckout {
  paymentMethod?: string;
  paymentInstructions?: PaymentInstructions;
}

/**
 * /checkout/complete: the order is confirmed and its mail is on the way. Members also get
 * a way to their purchase history, where the order now shows.
 */
export default function CheckoutComplete({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { user } = useAuth();
  // Checkout hands the order over in the history entry's state, which a reload keeps (the number is
  // not put in the address, where it would end up in logs and referrers).
  const state: unknown = useLocation().state;
  const orderId = state && typeof state === "object" && "orderId" in state && isOrderPublicId(state.orderId) ? state.orderId : loaderData.postedOrderId;
  const completed = (state ?? {}) as CompletedCheckout;
  return (
    <div className="page-narrow">
      <div className={styles.done}>
        <h1 className="page-title">{t("checkoutComplete.title")}</h1>
        {orderId ? (
          <div className={styles.number}>
            <p className={styles.numberLabel}>{t("checkoutComplete.orderNumber")}</p>
            <p className={styles.numberValue} data-testid="order-number">
              {orderNumberForShopper(orderId)}
            </p>
            <p className={styles.numberNote}>{t("checkoutComplete.orderNumberNote")}</p>
          </div>
        ) : null}
        <p>{t("checkoutComplete.mailNote")}</p>
        {completed.paymentMethod && completed.paymentInstructions ? (
          <PaymentInstructionsView method={completed.paymentMethod} instructions={completed.paymentInstructions} />
        ) : null}
        {user ? <p>{t("checkoutComplete.historyNote")}</p> : null}
        <div className={styles.actions}>
          <ButtonLink to="/">{t("checkoutComplete.backToTop")}</ButtonLink>
          {user ? (
            <ButtonLink to="/mypage/orders" variant="secondary">
              {t("checkoutComplete.toHistory")}
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </div>
  );
}
