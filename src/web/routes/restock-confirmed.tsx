import { useSearchParams } from "react-router";
import type { Route } from "./+types/restock-confirmed";
import { ButtonLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import styles from "./inquiry.module.css";
import "../i18n/wishlist-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches, "wishlist.restockTitle"), { name: "robots", content: "noindex" }];
}

/** Where a guest's confirmation link lands (decision 083): the request is open, or the link had expired or was spent. */
export default function RestockConfirmed() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const error = params.get("error");
  const [title, body] =
    error === "expired"
      ? (["wishlist.confirmExpiredTitle", "wishlist.confirmExpiredBody"] as const)
      : error
        ? (["wishlist.confirmInvalidTitle", "wishlist.confirmInvalidBody"] as const)
        : (["wishlist.confirmedTitle", "wishlist.confirmedBody"] as const);
  return (
    <div className="page-narrow">
      <div className={styles.done}>
        <h1 className="page-title" data-testid="restock-confirmed-title">
          {t(title)}
        </h1>
        <p>{t(body)}</p>
        <div className={styles.actions}>
          <ButtonLink to="/shop">{t("wishlist.toShop")}</ButtonLink>
        </div>
      </div>
    </div>
  );
}
