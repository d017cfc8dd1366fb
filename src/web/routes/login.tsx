import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { safeRedirectPath } from "../../domain/paths.ts";
import { TransitionLink } from "../features/layout/page-transition.tsx";
import { callApi } from "../features/site/api.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { Checkbox, Input } from "../ui/field.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";

export default function Login() {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    try {
      const result = await callApi(locale, "/users/sign_in", {
        method: "POST",
        body: {
          api_user: {
            email: form.get("email"),
            password: form.get("password"),
            remember_me: form.get("remember_me") === "on",
          },
        },
      });
      if (!result.ok) {
        snackbar.show("danger", t("login.failed"));
        return;
      }
      // Reload the root data so the header and guards see the signed-in user.
      await navigate(safeRedirectPath(searchParams.get("redirect"), "/mypage"), { replace: true });
    } catch {
      snackbar.show("danger", t("login.failed"));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="page-narrow">
      <h1 className="page-title">{t("login.title")}</h1>
      <form onSubmit={submit} method="post">
        <Input label={t("login.email")} name="email" type="email" autoComplete="email" required />
        <Input label={t("login.password")} name="password" type="password" autoComplete="current-password" required />
        <Checkbox label={t("login.rememberMe")} name="remember_me" />
        <p>
          <Button type="submit" disabled={submitting}>
            {t("login.submit")}
          </Button>
        </p>
      </form>
      <p>
        <TransitionLink to="/signup">{t("login.toSignup")}</TransitionLink>
      </p>
      <p>
        <TransitionLink to="/password">{t("login.toPassword")}</TransitionLink>
      </p>
    </div>
  );
}
