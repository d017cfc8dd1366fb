import { useLocation } from "react-router";
import type { Route } from "./+types/signup-thanks";
import styles from "../features/auth/auth-page.module.css";
import { AuthPanel } from "../features/auth/auth-panel.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import type { SignupThanksState } from "./signup.tsx";
import "../i18n/account-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** After sign-up: a registration e-mail with a link was sent. */
export default function SignupThanks() {
  const { t } = useI18n();
  // The address comes with the navigation from /signup only; the address bar never carries it.
  const state = useLocation().state as Partial<SignupThanksState> | null;
  const email = typeof state?.email === "string" ? state.email : undefined;
  return (
    <AuthPanel title={t("signupThanks.title")} links={[{ to: "/confirmations/new", label: "signupThanks.resend" }]}>
      <p>{email ? t("signupThanks.bodyTo", { email }) : t("signupThanks.body")}</p>
      <p>{t("signupThanks.next")}</p>
      <p className={styles.lead}>{t("auth.spamTip")}</p>
    </AuthPanel>
  );
}
