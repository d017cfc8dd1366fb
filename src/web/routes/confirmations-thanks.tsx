import type { Route } from "./+types/confirmations-thanks";
import styles from "../features/auth/auth-page.module.css";
import { AuthPanel } from "../features/auth/auth-panel.tsx";
import { ButtonLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import "../i18n/account-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** Where the confirmation mail's link lands. */
export default function ConfirmationsThanks() {
  const { t } = useI18n();
  return (
    <AuthPanel title={t("confirmationsThanks.title")}>
      <p>{t("confirmationsThanks.note")}</p>
      <div className={styles.submit}>
        <ButtonLink to="/login" block>
          {t("confirmationsThanks.logIn")}
        </ButtonLink>
      </div>
    </AuthPanel>
  );
}
