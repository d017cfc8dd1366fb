import { useNavigate } from "react-router";
import type { Route } from "./+types/password";
import styles from "../features/auth/auth-page.module.css";
import { AuthPanel } from "../features/auth/auth-panel.tsx";
import { EmailRequestForm, emailRequestAction } from "../features/auth/email-request-form.tsx";
import { refusalOf } from "../shared/site/form-action.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import "../i18n/account-pages-texts.ts";
import "../i18n/member-forms-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** The form posted without JavaScript (decision 052). */
export async function action(args: Route.ActionArgs) {
  return emailRequestAction(args, "/users/password", () => ({ redirectTo: "/password/thanks" }));
}

/** Password reset request; success goes to /password/thanks. */
export default function PasswordRequest({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <AuthPanel title={t("password.title")} links={["login", "signup"]}>
      <p className={styles.lead}>{t("password.lead")}</p>
      <EmailRequestForm path="/users/password" submitLabel={t("password.submit")} onSent={() => navigate("/password/thanks")} refusal={refusalOf(actionData)} />
    </AuthPanel>
  );
}
