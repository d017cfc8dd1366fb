import type { Route } from "./+types/magazine-confirmed";
import { ButtonLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import styles from "./inquiry.module.css";
import "../i18n/form-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches), { name: "robots", content: "noindex" }];
}

/** Where the confirmation mail's link lands once the subscription (and its consent) is recorded. */
export default function MagazineConfirmed() {
  const { t } = useI18n();
  return (
    <div className="page-narrow">
      <div className={styles.done}>
        <h1 className="page-title">{t("magazine.confirmedTitle")}</h1>
        <p>{t("magazine.confirmedBody")}</p>
        <div className={styles.actions}>
          <ButtonLink to="/shop">{t("magazine.toShop")}</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            {t("inquiry.backToTop")}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
