import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { signedInAnswer } from "../../domain/answers/accounts.ts";
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/password-edit";
import { formValues, useFieldErrors } from "../shared/auth/account-form.ts";
import { useAuth } from "../shared/auth/auth-context.tsx";
import styles from "../features/auth/auth-page.module.css";
import { AuthPanel, AuthSubmit } from "../features/auth/auth-panel.tsx";
import { NewPasswordFields } from "../shared/auth/new-password-fields.tsx";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi, setCsrfToken } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import "../i18n/account-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

function resetBody(token: string, values: Record<string, string>) {
  return { api_user: { reset_password_token: token, password: values.password, password_confirmation: values.password_confirmation } };
}

/** The form posted without JavaScript: the same API call, which signs the member in, then My Page (decision 052). */
export async function action(args: Route.ActionArgs) {
  const token = new URL(args.request.url).searchParams.get("reset_password_token") ?? "";
  return formAction(
    args,
    (values) => ({ method: "PUT", path: "/api/users/password", body: resetBody(token, values) }),
    () => ({ redirectTo: "/mypage" }),
  );
}

/**
 * The reset mail's link (/password/edit?reset_password_token=…): a new password signs the member in
 * and opens My Page. Without a token the page says where it must be opened from (Devise's message).
 */
export default function PasswordEdit({ actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("reset_password_token") ?? "";
  const { formRef, fields, setFields, errorOf, rejectBlank, refused } = useFieldErrors(refusalOf(actionData));
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rejectBlank({ password: t("auth.newPassword"), password_confirmation: t("auth.newPasswordConfirmation") })) return;
    const values = formValues(event);
    setSubmitting(true);
    try {
      const result = await callApi<AnswerOrRefusal<typeof signedInAnswer>>(locale, "/users/password", { method: "PUT", body: resetBody(token, values) });
      const body = result.body;
      if (result.ok && body?.data && body.csrf_token) {
        // Signed in with a new session: the page's token is replaced before anything else is sent.
        setCsrfToken(body.csrf_token);
        auth.setUser(body.data);
        snackbar.show("success", body.message || t("passwordEdit.changed"));
        await navigate("/mypage", { replace: true });
        return;
      }
      snackbar.show("danger", body?.errors ?? [t("auth.requestFailed")]);
      setFields(body?.fields);
    } catch (error) {
      console.warn("password reset failed", error);
      snackbar.show("danger", t("auth.requestFailed"));
    } finally {
      setSubmitting(false);
    }
  }

  const tokenErrors = fields.reset_password_token;
  return (
    <AuthPanel title={t("passwordEdit.title")}>
      {token ? (
        <>
          {tokenErrors && (
            <Notice tone="danger" testId="token-error">
              {tokenErrors.map((message) => (
                <p key={message}>{message}</p>
              ))}
              <p>
                <TransitionLink to="/password">{t("passwordEdit.requestNew")}</TransitionLink>
              </p>
            </Notice>
          )}
          {!tokenErrors && <RefusedNotice errors={refused} />}
          <p className={styles.lead}>{t("passwordEdit.lead")}</p>
          <form ref={formRef} onSubmit={submit} method="post" noValidate>
            <CsrfField />
            <NewPasswordFields label={t("auth.newPassword")} confirmationLabel={t("auth.newPasswordConfirmation")} errorOf={errorOf} />
            <AuthSubmit busy={submitting} label={t("passwordEdit.submit")} />
          </form>
        </>
      ) : (
        <Notice tone="danger" testId="token-missing">
          <p>{t("passwordEdit.noToken")}</p>
          <p>
            <TransitionLink to="/password">{t("passwordEdit.requestNew")}</TransitionLink>
          </p>
        </Notice>
      )}
    </AuthPanel>
  );
}
