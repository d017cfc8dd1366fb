import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { safeRedirectPath } from "../../domain/paths.ts";
import { signInBody, useAuth } from "../shared/auth/auth-context.tsx";
import { formValues, useFieldErrors } from "../shared/auth/account-form.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { AuthPanel, AuthSubmit } from "../features/auth/auth-panel.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Checkbox, EmailInput, Input } from "../ui/field.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import "../i18n/member-forms-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** The form posted without JavaScript: the same API call, then the page asked for or My Page (decision 052). */
export async function action(args: Route.ActionArgs) {
  const redirectTo = new URL(args.request.url).searchParams.get("redirect");
  return formAction(
    args,
    (values) => ({ method: "POST", path: "/api/users/sign_in", body: signInBody(values.email ?? "", values.password ?? "", values.remember_me === "on") }),
    () => ({ redirectTo: safeRedirectPath(redirectTo, "/mypage") }),
  );
}

/**
 * Sign-in. A failure shows the contract's snackbar and, under the form, the server's
 * reason (wrong password, one attempt left, locked, not confirmed) so that it stays readable.
 */
export default function Login({ actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const { t } = useI18n();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<string[]>(refusal?.errors ?? []);
  const { formRef, errorOf, rejectBlank, postedValue } = useFieldErrors(refusal);
  const redirectTo = searchParams.get("redirect");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A sign-in never goes out with a blank e-mail or password.
    if (rejectBlank({ email: t("auth.email"), password: t("auth.password") })) return;
    const values = formValues(event);
    setSubmitting(true);
    setErrors([]);
    try {
      const result = await auth.signIn(values.email ?? "", values.password ?? "", values.remember_me === "on");
      if (result.ok) {
        snackbar.show("success", result.message || t("login.signedIn"));
        await navigate(safeRedirectPath(redirectTo, "/mypage"), { replace: true });
        return;
      }
      snackbar.show("danger", t("login.failed"));
      setErrors(result.errors.length > 0 ? result.errors : [t("auth.requestFailed")]);
    } catch (error) {
      console.warn("sign-in failed", error);
      snackbar.show("danger", t("login.failed"));
      setErrors([t("auth.requestFailed")]);
    } finally {
      setSubmitting(false);
    }
    // The reason is announced by the alert; the password is what to type again.
    const password = formRef.current?.elements.namedItem("password");
    if (password instanceof HTMLInputElement) {
      password.value = "";
      password.focus();
    }
  }

  return (
    <AuthPanel title={t("login.title")} links={["signup", "password", "confirmation", "unlock"]}>
      {searchParams.get("unlocked") === "1" && <Notice tone="success">{t("login.unlocked")}</Notice>}
      {searchParams.get("expired") === "1" ? (
        <Notice tone="info">{t("login.expired")}</Notice>
      ) : (
        redirectTo && <Notice tone="info">{t("login.needSignIn")}</Notice>
      )}
      <form ref={formRef} onSubmit={submit} method="post" noValidate aria-describedby={errors.length > 0 ? "login-errors" : undefined}>
        <CsrfField />
        <EmailInput label={t("auth.email")} defaultValue={postedValue("email")} error={errorOf("email")} />
        <Input label={t("auth.password")} name="password" type="password" autoComplete="current-password" required error={errorOf("password")} />
        <Checkbox label={t("login.rememberMe")} name="remember_me" defaultChecked={postedValue("remember_me") === "on"} />
        {errors.length > 0 && (
          <div id="login-errors">
            <Notice tone="danger" testId="login-errors">
              {errors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Notice>
          </div>
        )}
        <AuthSubmit busy={submitting} label={t("login.submit")} busyLabel={t("login.signingIn")} />
      </form>
    </AuthPanel>
  );
}
