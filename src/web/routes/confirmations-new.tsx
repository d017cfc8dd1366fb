import { useSearchParams } from "react-router";
import type { Route } from "./+types/confirmations-new";
import { AuthPanel } from "../features/auth/auth-panel.tsx";
import { EmailRequestPanel, emailRequestAction, sentMessage } from "../features/auth/email-request-form.tsx";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { pageTitle } from "../page-meta.ts";
import { Notice } from "../ui/notice.tsx";
import "../i18n/account-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** Why a confirmation link did not confirm (the server sends the visitor here with ?error=…). */
const LINK_ERRORS: Record<string, MessageKey> = {
  expired: "confirmationsNew.error.expired",
  invalid: "confirmationsNew.error.invalid",
  confirmed: "confirmationsNew.error.confirmed",
  taken: "confirmationsNew.error.taken",
};

/** The form posted without JavaScript: the page again, saying the mail is on its way (decision 052). */
export async function action(args: Route.ActionArgs) {
  return emailRequestAction(args, "/users/confirmation", (answer) => ({ shown: sentMessage(answer) }));
}

/** Resend confirmation instructions (Devise confirmable). */
export default function ConfirmationsNew({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const error = searchParams.get("error");
  const errorKey = error ? LINK_ERRORS[error] : undefined;

  return (
    <AuthPanel title={t("confirmationsNew.title")} links={["login"]}>
      <EmailRequestPanel
        linkError={
          errorKey && (
            <Notice tone={error === "confirmed" ? "info" : "danger"} testId="link-error">
              <p>{t(errorKey)}</p>
              {error === "confirmed" && (
                <p>
                  <TransitionLink to="/login">{t("confirmationsNew.toLogin")}</TransitionLink>
                </p>
              )}
            </Notice>
          )
        }
        lead={t("confirmationsNew.lead")}
        path="/users/confirmation"
        submitLabel={t("confirmationsNew.submit")}
        sentText={t("confirmationsNew.sent")}
        actionData={actionData}
      />
    </AuthPanel>
  );
}
