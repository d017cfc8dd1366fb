import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/mypage-account";
import type { UserResource } from "../../domain/account.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/account.ts";
import type { ApiErrorBody } from "../shared/auth/account-form.ts";
import { formValues, useFieldErrors, useSessionLost } from "../shared/auth/account-form.ts";
import { useAuth } from "../shared/auth/auth-context.tsx";
import styles from "../features/auth/auth-page.module.css";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi, setCsrfToken } from "../shared/site/api.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { Input } from "../ui/field.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

type AccountAnswer = ApiErrorBody & { data?: UserResource; csrf_token?: string };

/**
 * One account call of this page: the answer when it succeeded or failed with field messages
 * (shown under the fields, first one focused), undefined when the session had ended (the member is
 * sent to sign in again) or the call failed otherwise (only logged, spec §8).
 */
function useAccountCall() {
  const { locale } = useI18n();
  const sessionLost = useSessionLost();
  return async (method: "PUT" | "DELETE", apiUser: Record<string, string | undefined>, setFields: (fields: Record<string, string[]> | undefined) => void) => {
    try {
      const result = await callApi<AccountAnswer>(locale, "/users", { method, body: { api_user: apiUser } });
      if (result.ok && result.body) return result.body;
      if (result.status === 401) sessionLost(result.body?.errors);
      else if (result.status === 422) setFields(result.body?.fields ?? { current_password: result.body?.errors ?? [] });
      else console.warn(`${method} /api/users answered ${result.status}`);
    } catch (error) {
      console.warn(`${method} /api/users failed`, error);
    }
    return undefined;
  };
}

function CurrentPassword({ error }: { error: string | undefined }) {
  const { t } = useI18n();
  return (
    <Input
      label={t("auth.currentPassword")}
      name="current_password"
      type="password"
      autoComplete="current-password"
      required
      hint={t("mypageAccount.currentPasswordHint")}
      error={error}
    />
  );
}

function SubmitButton({ busy, label, className }: { busy: boolean; label: string; className?: string }) {
  const { t } = useI18n();
  return (
    <div className={styles.submit}>
      <Button type="submit" disabled={busy} className={className}>
        {busy ? t("auth.sending") : label}
      </Button>
    </div>
  );
}

/** E-mail change with Devise's reconfirmable: the new address waits for its confirmation link. */
function EmailSection({ user }: { user: UserResource }) {
  const { t } = useI18n();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const call = useAccountCall();
  const { formRef, setFields, errorOf, clear, rejectBlank } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rejectBlank({ email: t("mypageAccount.newEmail"), current_password: t("auth.currentPassword") })) return;
    const form = event.currentTarget;
    const { email, current_password } = formValues(event);
    setBusy(true);
    const answer = await call("PUT", { email, current_password }, setFields);
    setBusy(false);
    if (!answer?.data) return;
    auth.setUser(answer.data);
    clear();
    form.reset();
    snackbar.show("success", answer.message || t("mypageAccount.updated"));
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t("mypageAccount.emailHeading")}</h2>
      <dl className={styles.current}>
        <dt>{t("mypageAccount.currentEmail")}</dt>
        <dd data-testid="current-email">{user.email}</dd>
      </dl>
      {user.unconfirmed_email && (
        <Notice tone="info" testId="pending-email">
          <p>{t("mypageAccount.pending", { email: user.unconfirmed_email })}</p>
          <p>
            <TransitionLink to="/confirmations/new">{t("mypageAccount.resendPending")}</TransitionLink>
          </p>
        </Notice>
      )}
      <form ref={formRef} onSubmit={submit} method="post" noValidate className={styles.form}>
        <Input label={t("mypageAccount.newEmail")} name="email" type="email" autoComplete="email" required error={errorOf("email")} />
        <CurrentPassword error={errorOf("current_password")} />
        <SubmitButton busy={busy} label={t("mypageAccount.emailSubmit")} />
      </form>
    </section>
  );
}

function PasswordSection() {
  const { t } = useI18n();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const call = useAccountCall();
  const { formRef, setFields, errorOf, clear, rejectBlank } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const labels = { password: t("auth.newPassword"), password_confirmation: t("auth.newPasswordConfirmation"), current_password: t("auth.currentPassword") };
    if (rejectBlank(labels)) return;
    const form = event.currentTarget;
    const { password, password_confirmation, current_password } = formValues(event);
    setBusy(true);
    const answer = await call("PUT", { password, password_confirmation, current_password }, setFields);
    setBusy(false);
    if (!answer?.data) return;
    auth.setUser(answer.data);
    clear();
    form.reset();
    snackbar.show("success", answer.message || t("mypageAccount.updated"));
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t("mypageAccount.passwordHeading")}</h2>
      <form ref={formRef} onSubmit={submit} method="post" noValidate className={styles.form}>
        <Input
          label={t("auth.newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={t("auth.passwordHint", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
          error={errorOf("password")}
        />
        <Input
          label={t("auth.newPasswordConfirmation")}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          error={errorOf("password_confirmation")}
        />
        <CurrentPassword error={errorOf("current_password")} />
        <SubmitButton busy={busy} label={t("mypageAccount.passwordSubmit")} />
      </form>
    </section>
  );
}

/** Account cancellation: the current password, then a confirmation dialog; afterwards a guest on the top page. */
function CancelSection() {
  const { t } = useI18n();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const call = useAccountCall();
  const { formRef, setFields, errorOf, rejectBlank } = useFieldErrors();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  async function cancelAccount() {
    const password = formRef.current?.elements.namedItem("current_password");
    const current_password = password instanceof HTMLInputElement ? password.value : "";
    setBusy(true);
    const answer = await call("DELETE", { current_password }, setFields);
    setBusy(false);
    setConfirming(false);
    if (!answer?.csrf_token) return;
    // The session is a new guest one now: its token replaces the page's before anything else is sent.
    setCsrfToken(answer.csrf_token);
    auth.setUser(null);
    snackbar.show("success", answer.message || t("mypageAccount.cancelled"));
    await navigate("/", { replace: true });
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t("mypageAccount.cancelHeading")}</h2>
      <p className={styles.lead}>{t("mypageAccount.cancelLead")}</p>
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (!rejectBlank({ current_password: t("auth.currentPassword") })) setConfirming(true);
        }}
        method="post"
        noValidate
        className={styles.form}
      >
        <CurrentPassword error={errorOf("current_password")} />
        <SubmitButton busy={busy} label={t("mypageAccount.cancelSubmit")} className={styles.danger} />
      </form>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("mypageAccount.cancelConfirmTitle")}
        closeLabel={t("mypageAccount.cancelClose")}
        testId="cancel-account-dialog"
        footer={
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("mypageAccount.cancelKeep")}
            </Button>
            <Button className={styles.danger} disabled={busy} onClick={() => void cancelAccount()}>
              {t("mypageAccount.cancelConfirm")}
            </Button>
          </div>
        }
      >
        <p>{t("mypageAccount.cancelConfirmBody")}</p>
      </Dialog>
    </section>
  );
}

/** /mypage/account: e-mail, password and cancellation (issue #5, My Page). */
export default function MyPageAccount() {
  const { t } = useI18n();
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  if (!user) return null;
  return (
    <div>
      <h1 className="page-title">{t("mypageAccount.title")}</h1>
      {searchParams.get("confirmed") === "1" && !user.unconfirmed_email && <Notice tone="success">{t("mypageAccount.confirmed")}</Notice>}
      <EmailSection user={user} />
      <PasswordSection />
      <CancelSection />
    </div>
  );
}
