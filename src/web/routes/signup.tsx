import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { signedUpAnswer } from "../../domain/answers/accounts.ts";
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/signup";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/account.ts";
import { formValues, useFieldErrors } from "../shared/auth/account-form.ts";
import styles from "../features/auth/auth-page.module.css";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { requestKeyHeader } from "../shared/site/request-key.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/field.tsx";
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

  const passwordHint = t("auth.passwordHint", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  return (
    <div className="page-narrow">
      <div className={styles.panel}>
        <h1 className="page-title">{t("signup.title")}</h1>
        <p className={styles.lead}>{t("signup.lead")}</p>
        <RefusedNotice errors={refused} />
        <form ref={formRef} onSubmit={submit} method="post" noValidate>
          <CsrfField />
          <Input label={t("auth.email")} name="email" type="email" autoComplete="email" required defaultValue={postedValue("email")} error={errorOf("email")} />
          <Input
            label={t("auth.password")}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            hint={passwordHint}
            error={errorOf("password")}
          />
          <Input
            label={t("auth.passwordConfirmation")}
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            error={errorOf("password_confirmation")}
          />
          <div className={styles.submit}>
            <Button type="submit" block disabled={submitting}>
              {submitting ? t("auth.sending") : t("signup.submit")}
            </Button>
          </div>
        </form>
        <ul className={styles.links}>
          <li>
            <TransitionLink to="/login">{t("signup.toLogin")}</TransitionLink>
          </li>
          <li>
            <TransitionLink to="/confirmations/new">{t("login.toConfirmation")}</TransitionLink>
          </li>
        </ul>
      </div>
    </div>
  );
}
