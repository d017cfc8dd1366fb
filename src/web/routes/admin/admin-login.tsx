import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-login";
import { backOfficeRedirect, callAdminApi, errorsOf, secondStepPath } from "../../features/admin/admin-api.ts";
import type { SecondStep } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import type { SessionAnswer } from "../../features/admin/admin-resources.ts";
import styles from "../../features/admin/admin.module.css";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { SignInFrame } from "../../features/admin/ui/sign-in-frame.tsx";
import { setCsrfToken } from "../../shared/site/api.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../../shared/site/form-action.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminLogin.title");
}

/** The form posted without JavaScript: the same API call, then the dashboard or the page asked for (decision 052). */
export async function action(args: Route.ActionArgs) {
  const redirectTo = new URL(args.request.url).searchParams.get("redirect");
  return formAction(
    args,
    (values) => ({ method: "POST", path: "/admin/api/session", body: { email: values.email ?? "", password: values.password ?? "" } }),
    (answer) => {
      const step = (answer.body as { second_factor?: SecondStep } | undefined)?.second_factor;
      return { redirectTo: step ? secondStepPath(step, redirectTo) : backOfficeRedirect(redirectTo) };
    },
  );
}

/**
 * Staff sign-in (POST /admin/api/session). The server rotates the session and answers the new
 * CSRF token, which replaces the page's; then the dashboard (or the page the visitor wanted).
 * Unknown e-mail and wrong password get the same message; locks and rate limits say so. A locked
 * staff member asks here for the unlock mail (POST /admin/api/unlock), whose link comes back with
 * ?unlocked=1 or ?unlock=invalid. An account with a second factor goes on to /admin/login/code,
 * one that must set one up to /admin/two-factor (decision 063).
 */
export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const ta = useAdminText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<string[]>(refusal?.errors ?? []);
  const [unlockNotice, setUnlockNotice] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function sendUnlock() {
    const email = formRef.current?.elements.namedItem("email");
    const typed = email instanceof HTMLInputElement ? email.value.trim() : "";
    setErrors([]);
    if (!typed) {
      setErrors([ta("adminLogin.emailFirst")]);
      if (email instanceof HTMLInputElement) email.focus();
      return;
    }
    setSubmitting(true);
    try {
      const result = await callAdminApi<{ message?: string; errors?: string[] }>("/unlock", { method: "POST", body: { email: typed } });
      if (result.ok && result.body?.message) setUnlockNotice(result.body.message);
      else setErrors(errorsOf(result.body, ta("admin.requestFailed")));
    } catch (error) {
      console.warn("unlock request failed", error);
      setErrors([ta("admin.requestFailed")]);
    } finally {
      setSubmitting(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setErrors([]);
    try {
      const result = await callAdminApi<Partial<SessionAnswer> & { second_factor?: SecondStep; errors?: string[] }>("/session", {
        method: "POST",
        body: { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") },
      });
      // The password passed; the second factor (or its enrolment) comes next, on a page of its own.
      if (result.ok && result.body?.second_factor) {
        await navigate(secondStepPath(result.body.second_factor, searchParams.get("redirect")), { replace: true });
        return;
      }
      if (result.ok && result.body?.staff) {
        if (result.body.csrf_token) setCsrfToken(result.body.csrf_token);
        await navigate(backOfficeRedirect(searchParams.get("redirect")), { replace: true });
        return;
      }
      setErrors(errorsOf(result.body, ta("adminLogin.failed")));
    } catch (error) {
      console.warn("admin sign-in failed", error);
      setErrors([ta("admin.requestFailed")]);
    } finally {
      setSubmitting(false);
    }
    const password = formRef.current?.elements.namedItem("password");
    if (password instanceof HTMLInputElement) {
      password.value = "";
      password.focus();
    }
  }

  return (
    <SignInFrame title={ta("adminLogin.title")}>
      {searchParams.get("signed_out") === "1" && <Notice tone="success">{ta("admin.signedOut")}</Notice>}
      {searchParams.has("redirect") && <Notice tone="info">{ta("adminLogin.needSignIn")}</Notice>}
      {searchParams.get("unlocked") === "1" && <Notice tone="success">{ta("adminLogin.unlocked")}</Notice>}
      {searchParams.get("unlock") === "invalid" && <Notice tone="danger">{ta("adminLogin.unlockInvalid")}</Notice>}
      {unlockNotice && (
        <Notice tone="success" testId="admin-unlock-sent">
          {unlockNotice}
        </Notice>
      )}
      <form ref={formRef} onSubmit={submit} method="post" noValidate>
        <CsrfField />
        <Input label={ta("adminLogin.email")} name="email" type="email" autoComplete="username" required defaultValue={refusal?.values.email} />
        <Input label={ta("adminLogin.password")} name="password" type="password" autoComplete="current-password" required />
        {errors.length > 0 && <ErrorsNotice errors={errors} testId="admin-login-errors" />}
        <Button type="submit" block disabled={submitting}>
          {submitting ? ta("adminLogin.signingIn") : ta("adminLogin.submit")}
        </Button>
        <p className={styles.muted}>{ta("adminLogin.unlockHint")}</p>
        <Button variant="ghost" block disabled={submitting} onClick={() => void sendUnlock()}>
          {ta("adminLogin.sendUnlock")}
        </Button>
      </form>
    </SignInFrame>
  );
}
