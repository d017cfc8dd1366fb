import { useNavigate } from "react-router";
import type { Route } from "./+types/password";
import styles from "../features/auth/auth-page.module.css";
import { EmailRequestForm, emailRequestAction } from "../features/auth/email-request-form.tsx";
import { refusalOf } from "../shared/site/form-action.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
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
    <div className="page-narrow">
      <div className={styles.panel}>
        <h1 className="page-title">{t("password.title")}</h1>
        <p className={styles.lead}>{t("password.lead")}</p>
        <EmailRequestForm
          path="/users/password"
          submitLabel={t("password.submit")}
          onSent={() => navigate("/password/thanks")}
          refusal={refusalOf(actionData)}
        />
        <ul className={styles.links}>
          <li>
            <TransitionLink to="/login">{t("password.toLogin")}</TransitionLink>
          </li>
          <li>
            <TransitionLink to="/signup">{t("login.toSignup")}</TransitionLink>
          </li>
        </ul>
      </div>
    </div>
  );
}
