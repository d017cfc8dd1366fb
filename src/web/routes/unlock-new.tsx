import { useSearchParams } from "react-router";
import type { Route } from "./+types/unlock-new";
import { AuthPanel } from "../features/auth/auth-panel.tsx";
import { EmailRequestPanel, emailRequestAction, sentMessage } from "../features/auth/email-request-form.tsx";
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
  return (
    <AuthPanel title={t("unlockNew.title")} links={["login", "password"]}>
      <EmailRequestPanel
        linkError={
          searchParams.get("error") === "invalid" && (
            <Notice tone="danger" testId="link-error">
              <p>{t("unlockNew.error.invalid")}</p>
            </Notice>
          )
        }
        lead={t("unlockNew.lead")}
        path="/users/unlock"
        submitLabel={t("unlockNew.submit")}
        sentText={t("unlockNew.sent")}
        actionData={actionData}
      />
    </AuthPanel>
  );
}
