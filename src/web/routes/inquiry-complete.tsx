import type { Route } from "./+types/inquiry-complete";
import { ButtonLink } from "../shared/layout/page-transition.tsx";
import { useSite } from "../shared/site/site-context.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import styles from "./inquiry.module.css";
import "../i18n/form-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "nav.contact");
}

/** /inquiry/complete: the inquiry was received and a confirmation mail is on its way. */
export default function InquiryComplete() {
  const { t, pick } = useI18n();
  const { shop } = useSite();
  return (
    <div className="page-narrow">
      <div className={styles.done}>
        <h1 className="page-title">{t("inquiry.completeTitle")}</h1>
        <p>{t("inquiry.completeBody")}</p>
        <p>{t("inquiry.completeReply", { hours: pick(shop.contactHours) })}</p>
        <p className={styles.privacy}>{t("inquiry.completeMailNote", { phone: shop.phone })}</p>
        <div className={styles.actions}>
          <ButtonLink to="/">{t("inquiry.backToTop")}</ButtonLink>
        </div>
      </div>
    </div>
  );
}
