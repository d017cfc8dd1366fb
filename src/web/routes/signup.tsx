import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { signedUpAnswer } from "../../domain/answers/accounts.ts";
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/signup";
import { formValues, useFieldErrors } from "../shared/auth/account-form.ts";
import styles from "../features/auth/auth-page.module.css";
import { AuthPanel, AuthSubmit } from "../features/auth/auth-panel.tsx";
import { NewPasswordFields } from "../shared/auth/new-password-fields.tsx";
import { callApi } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { requestKeyHeader } from "../shared/site/request-key.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { EmailInput } from "../ui/field.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import "../i18n/member-forms-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** What /signup/thanks reads from the navigation, to name the address the mail went to. */
export interface SignupThanksState {
  email: string;
}

function signUpBody(values: Record<string, string>) {
  return { api_user: { email: values.email ?? "", password: values.password, password_confirmation: values.password_confirmation } };
}

/**
 * The form posted without JavaScript (decision 052): the same API call, then the thanks page (which
 * then does not name the address: it never travels in the address bar).
 */
export async function action(args: Route.ActionArgs) {
  return formAction(
    args,
    (values) => ({ method: "POST", path: "/api/users", body: signUpBody(values) }),
    () => ({ redirectTo: "/signup/thanks" }),
  );
}

/**
 * Sign-up: a 422 shows the server's errors list in a danger snackbar that hides after
 * 3000 ms; the same messages stay under the fields, since 3 seconds is short to read them.
 */
export default function Signup({ actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const { formRef, setFields, errorOf, rejectBlank, refused, postedValue } = useFieldErrors(refusalOf(actionData));
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rejectBlank({ email: t("auth.email"), password: t("auth.password"), password_confirmation: t("auth.passwordConfirmation") })) return;
    const values = formValues(event);
    setSubmitting(true);
    try {
      const result = await callApi<AnswerOrRefusal<typeof signedUpAnswer>>(locale, "/users", {
        method: "POST",
        body: signUpBody(values),
        headers: requestKeyHeader(),
      });
      if (result.ok) {
        const state: SignupThanksState = { email: result.body?.data?.email ?? values.email ?? "" };
        await navigate("/signup/thanks", { state });
        return;
      }
      snackbar.show("danger", result.body?.errors ?? [t("auth.requestFailed")]);
      setFields(result.body?.fields);
    } catch (error) {
      console.warn("sign-up failed", error);
      snackbar.show("danger", t("auth.requestFailed"));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthPanel title={t("signup.title")} links={[{ to: "/login", label: "signup.toLogin" }, "confirmation"]}>
      <p className={styles.lead}>{t("signup.lead")}</p>
      <RefusedNotice errors={refused} />
      <form ref={formRef} onSubmit={submit} method="post" noValidate>
        <CsrfField />
        <EmailInput label={t("auth.email")} defaultValue={postedValue("email")} error={errorOf("email")} />
        <NewPasswordFields label={t("auth.password")} confirmationLabel={t("auth.passwordConfirmation")} errorOf={errorOf} />
        <AuthSubmit busy={submitting} label={t("signup.submit")} />
      </form>
    </AuthPanel>
  );
}
