import type { Route } from "./+types/password-thanks";
import styles from "../features/auth/auth-page.module.css";
import { AuthPanel } from "../features/auth/auth-panel.tsx";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import "../i18n/account-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** After a reset request: the mail was sent, and what to check when it does not arrive. */
export default function PasswordThanks() {
  const { t } = useI18n();
  return (
    <AuthPanel title={t("passwordThanks.title")} links={["login"]}>
      <p>{t("passwordThanks.body")}</p>
      <h2 className={styles.heading}>{t("passwordThanks.tipsHeading")}</h2>
      <ul className={styles.tips}>
        <li>{t("passwordThanks.tipSpam")}</li>
        <li>
          {t("passwordThanks.tipAddress")} <TransitionLink to="/password">{t("passwordThanks.again")}</TransitionLink>
        </li>
        <li>{t("passwordThanks.tipDelay")}</li>
        <li>{t("passwordThanks.tipFilter")}</li>
        <li>{t("passwordThanks.tipValidity")}</li>
        <li>
          {t("passwordThanks.tipContact")} <TransitionLink to="/inquiry">{t("passwordThanks.contact")}</TransitionLink>
        </li>
      </ul>
    </AuthPanel>
  );
}
