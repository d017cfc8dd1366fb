import { useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/unlock-new";
import styles from "../features/auth/auth-page.module.css";
import { EmailRequestPanel, emailRequestAction, sentMessage } from "../features/auth/email-request-form.tsx";
import { refusalOf } from "../shared/site/form-action.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Notice } from "../ui/notice.tsx";
import "../i18n/account-pages-texts.ts";
import "../i18n/member-forms-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** The form posted without JavaScript: the page again, saying the mail is on its way (decision 052). */
export async function action(args: Route.ActionArgs) {
  return emailRequestAction(args, "/users/unlock", (answer) => ({ shown: sentMessage(answer) }));
}

/** Resend unlock instructions (Devise lockable); an unusable unlock link lands here with ?error=invalid. */
export default function UnlockNew({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const [sent, setSent] = useState<string | null>(actionData?.ok ? actionData.shown.message || t("unlockNew.sent") : null);
  return (
    <div className="page-narrow">
      <div className={styles.panel}>
        <h1 className="page-title">{t("unlockNew.title")}</h1>
        {!sent && searchParams.get("error") === "invalid" && (
          <Notice tone="danger" testId="link-error">
            <p>{t("unlockNew.error.invalid")}</p>
          </Notice>
        )}
        <EmailRequestPanel
          sent={sent}
          lead={t("unlockNew.lead")}
          path="/users/unlock"
          submitLabel={t("unlockNew.submit")}
          onSent={(message) => setSent(message || t("unlockNew.sent"))}
          refusal={refusalOf(actionData)}
        />
        <ul className={styles.links}>
          <li>
            <TransitionLink to="/login">{t("password.toLogin")}</TransitionLink>
          </li>
          <li>
            <TransitionLink to="/password">{t("login.toPassword")}</TransitionLink>
          </li>
        </ul>
      </div>
    </div>
  );
}
