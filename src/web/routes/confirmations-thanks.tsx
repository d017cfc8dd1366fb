import type { Route } from "./+types/confirmations-thanks";
import styles from "../features/auth/auth-page.module.css";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { buttonClass } from "../ui/button.tsx";
import "../i18n/account-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** Where the confirmation mail's link lands. */
export default function ConfirmationsThanks() {
  const { t } = useI18n();
  return (
    <div className="page-narrow">
      <div className={styles.panel}>
        <h1 className="page-title">{t("confirmationsThanks.title")}</h1>
        <p>{t("confirmationsThanks.note")}</p>
        <div className={styles.submit}>
          <TransitionLink to="/login" className={buttonClass("primary", true)}>
            {t("confirmationsThanks.logIn")}
          </TransitionLink>
        </div>
      </div>
    </div>
  );
}
