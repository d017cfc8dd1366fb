import type { Route } from "./+types/checkout-complete";
import { useAuth } from "../shared/auth/auth-context.tsx";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { buttonClass } from "../ui/button.tsx";
import styles from "./checkout-complete.module.css";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches), { name: "robots", content: "noindex" }];
}

/**
 * /checkout/complete (spec §2): the order is confirmed and its mail is on the way. Members also get
 * a way to their purchase history, where the order now shows.
 */
export default function CheckoutComplete() {
  const { t } = useI18n();
  const { user } = useAuth();
  return (
    <div className="page-narrow">
      <div className={styles.done}>
        <h1 className="page-title">{t("checkoutComplete.title")}</h1>
        <p>{t("checkoutComplete.mailNote")}</p>
        {user ? <p>{t("checkoutComplete.historyNote")}</p> : null}
        <div className={styles.actions}>
          <TransitionLink to="/" className={buttonClass("primary")}>
            {t("checkoutComplete.backToTop")}
          </TransitionLink>
          {user ? (
            <TransitionLink to="/mypage/orders" className={buttonClass("secondary")}>
              {t("checkoutComplete.toHistory")}
            </TransitionLink>
          ) : null}
        </div>
      </div>
    </div>
  );
}
