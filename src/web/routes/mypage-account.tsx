import { useId, useState } from "react";
import type { FormEvent, ReactNode, RefObject } from "react";
import { data, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/mypage-account";
import type { UserResource } from "../../domain/account.ts";
import type { ApiErrorBody } from "../shared/auth/account-form.ts";
import { formValues, useFieldErrors, useSessionLost } from "../shared/auth/account-form.ts";
import { useAuth } from "../shared/auth/auth-context.tsx";
import { NewPasswordFields } from "../shared/auth/new-password-fields.tsx";
import styles from "../features/auth/auth-page.module.css";
import { AuthSubmit } from "../features/auth/auth-panel.tsx";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi, setCsrfToken } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import type { FormActionData, FormRefusal } from "../shared/site/form-action.ts";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { pageContext } from "../load-context.ts";
import { translate, useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Checkbox, EmailInput, FieldError, Input } from "../ui/field.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import "../i18n/account-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

type AccountAnswer = ApiErrorBody & { data?: UserResource; csrf_token?: string };

type Intent = "email" | "password" | "cancel";

/**
 * The three forms posted without JavaScript (decision 059), told apart by `intent`: the e-mail and
 * the password change run the same PUT /api/users as the page's script, then the page again (a
 * 303, so it shows the pending address the server now holds) saying アカウント情報を変更しました。;
 * the cancellation runs DELETE /api/users once its box is ticked (the dialog's confirmation needs
 * the script), then the top page as a guest, with the API's new session cookie.
 */
export async function action(args: Route.ActionArgs) {
  // Only a form of a size this page sends is read here (formAction reads it again, with its own limit).
  const length = Number(args.request.headers.get("content-length"));
  const posted =
    length > 0 && length <= 4096
      ? await args.request
          .clone()
          .formData()
          .catch(() => undefined)
      : undefined;
  if (posted?.get("intent") === "cancel") {
    if (posted.get("confirmed") !== "1") {
      const message = translate(args.context.get(pageContext).locale, "mypageAccount.cancelConfirmRequired");
      const refused: FormRefusal = { ok: false, errors: [message], fields: { confirmed: [message] }, values: { intent: "cancel" } };
      return data<FormActionData<never>>(refused, { status: 422 });
    }
    return formAction(
      args,
      (values) => ({ method: "DELETE", path: "/api/users", body: { api_user: { current_password: values.current_password ?? "" } } }),
      () => ({ redirectTo: "/?cancelled=1" }),
    );
  }
  return formAction(
    args,
    (values) => {
      const apiUser =
        values.intent === "password"
          ? { password: values.password ?? "", password_confirmation: values.password_confirmation ?? "", current_password: values.current_password ?? "" }
          : { email: values.email ?? "", current_password: values.current_password ?? "" };
      return { method: "PUT", path: "/api/users", body: { api_user: apiUser } };
    },
    (_answer, values) => ({ redirectTo: `/mypage/account?updated=${values.intent === "password" ? "password" : "email"}` }),
  );
}

/** The refusal of the form of this intent, if the last post was that form's. */
function refusalFor(refusal: FormRefusal | undefined, intent: Intent): FormRefusal | undefined {
  return refusal && (refusal.values.intent ?? "email") === intent ? refusal : undefined;
}

/** One of the page's three blocks, named by its heading. */
function AccountSection({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {children}
    </section>
  );
}

interface AccountFormProps {
  intent: Intent;
  refusal: FormRefusal | undefined;
  refused: string[];
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}

/**
 * One of the page's forms: a refusal that names no field above it, then the form with its intent
 * and token for its post without JavaScript.
 */
function AccountForm({ intent, refusal, refused, formRef, onSubmit, children }: AccountFormProps) {
  return (
    <>
      {refusal && Object.keys(refusal.fields).length === 0 && <RefusedNotice errors={refused} />}
      <form ref={formRef} onSubmit={onSubmit} method="post" noValidate className={styles.form}>
        <CsrfField />
        <input type="hidden" name="intent" value={intent} />
        {children}
      </form>
    </>
  );
}

/**
 * One account call of this page: the answer when it succeeded or failed with field messages
 * (shown under the fields, first one focused), undefined when the session had ended (the member is
 * sent to sign in again) or the call failed otherwise (only logged).
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

function CurrentPassword({
  error,
  hint = "mypageAccount.currentPasswordHint",
}: {
  error: string | undefined;
  hint?: "mypageAccount.currentPasswordHint" | "mypageAccount.cancelPasswordHint";
}) {
  const { t } = useI18n();
  return (
    <Input label={t("auth.currentPassword")} name="current_password" type="password" autoComplete="current-password" required hint={t(hint)} error={error} />
  );
}

/**
 * The e-mail and the password change: blank fields refused first, then PUT /api/users with the
 * fields `labels` names; accepted, the member's new data, the form emptied and the API's message.
 */
function useAccountUpdate(refusal: FormRefusal | undefined, labels: Record<string, string>) {
  const { t } = useI18n();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const call = useAccountCall();
  const fieldErrors = useFieldErrors(refusal);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fieldErrors.rejectBlank(labels)) return;
    const form = event.currentTarget;
    const values = formValues(event);
    setBusy(true);
    const answer = await call("PUT", Object.fromEntries(Object.keys(labels).map((name) => [name, values[name]])), fieldErrors.setFields);
    setBusy(false);
    if (!answer?.data) return;
    auth.setUser(answer.data);
    fieldErrors.clear();
    form.reset();
    snackbar.show("success", answer.message || t("mypageAccount.updated"));
  }

  return { ...fieldErrors, busy, submit };
}

/** E-mail change with Devise's reconfirmable: the new address waits for its confirmation link. */
function EmailSection({ user, refusal }: { user: UserResource; refusal: FormRefusal | undefined }) {
  const { t } = useI18n();
  const { formRef, errorOf, refused, postedValue, busy, submit } = useAccountUpdate(refusal, {
    email: t("mypageAccount.newEmail"),
    current_password: t("auth.currentPassword"),
  });

  return (
    <AccountSection heading={t("mypageAccount.emailHeading")}>
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
      <AccountForm intent="email" refusal={refusal} refused={refused} formRef={formRef} onSubmit={submit}>
        <EmailInput label={t("mypageAccount.newEmail")} defaultValue={postedValue("email")} error={errorOf("email")} />
        <CurrentPassword error={errorOf("current_password")} />
        <AuthSubmit block={false} busy={busy} label={t("mypageAccount.emailSubmit")} />
      </AccountForm>
    </AccountSection>
  );
}

function PasswordSection({ refusal }: { refusal: FormRefusal | undefined }) {
  const { t } = useI18n();
  const { formRef, errorOf, refused, busy, submit } = useAccountUpdate(refusal, {
    password: t("auth.newPassword"),
    password_confirmation: t("auth.newPasswordConfirmation"),
    current_password: t("auth.currentPassword"),
  });

  return (
    <AccountSection heading={t("mypageAccount.passwordHeading")}>
      <AccountForm intent="password" refusal={refusal} refused={refused} formRef={formRef} onSubmit={submit}>
        <NewPasswordFields label={t("auth.newPassword")} confirmationLabel={t("auth.newPasswordConfirmation")} errorOf={errorOf} />
        <CurrentPassword error={errorOf("current_password")} />
        <AuthSubmit block={false} busy={busy} label={t("mypageAccount.passwordSubmit")} />
      </AccountForm>
    </AccountSection>
  );
}

/** Account cancellation: the current password, then a confirmation dialog; afterwards a guest on the top page. */
function CancelSection({ refusal }: { refusal: FormRefusal | undefined }) {
  const { t } = useI18n();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const call = useAccountCall();
  const { formRef, setFields, errorOf, rejectBlank, refused } = useFieldErrors(refusal);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

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
    <AccountSection heading={t("mypageAccount.cancelHeading")}>
      <p className={styles.lead}>{t("mypageAccount.cancelLead")}</p>
      <AccountForm
        intent="cancel"
        refusal={refusal}
        refused={refused}
        formRef={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (!rejectBlank({ current_password: t("auth.currentPassword") })) setConfirming(true);
        }}
      >
        <CurrentPassword error={errorOf("current_password")} hint="mypageAccount.cancelPasswordHint" />
        {/* Before (or without) JavaScript no dialog can ask: this box asks instead (hidden once the page has hydrated). */}
        <div className={styles.beforeScript}>
          <Checkbox name="confirmed" value="1" label={t("mypageAccount.cancelConfirmCheck")} aria-invalid={errorOf("confirmed") ? true : undefined} />
          <FieldError message={errorOf("confirmed")} className={styles.fieldError} />
        </div>
        <AuthSubmit block={false} busy={busy} label={t("mypageAccount.cancelSubmit")} className={styles.danger} />
      </AccountForm>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("mypageAccount.cancelConfirmTitle")}
        closeLabel={t("mypageAccount.cancelClose")}
        testId="cancel-account-dialog"
        keepLabel={t("mypageAccount.cancelKeep")}
        confirmLabel={t("mypageAccount.cancelConfirm")}
        busy={busy}
        onConfirm={() => void cancelAccount()}
      >
        <p>{t("mypageAccount.cancelConfirmBody")}</p>
      </ConfirmDialog>
    </AccountSection>
  );
}

/** /mypage/account: e-mail, password and cancellation (issue #5, My Page). */
export default function MyPageAccount({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const refusal = refusalOf(actionData);
  if (!user) return null;
  const updated = searchParams.get("updated");
  return (
    <div>
      <h1 className="page-title">{t("mypageAccount.title")}</h1>
      {searchParams.get("confirmed") === "1" && !user.unconfirmed_email && <Notice tone="success">{t("mypageAccount.confirmed")}</Notice>}
      {(updated === "email" || updated === "password") && !refusal && (
        <Notice tone="success" testId="account-updated">
          {t("mypageAccount.updated")}
        </Notice>
      )}
      <EmailSection user={user} refusal={refusalFor(refusal, "email")} />
      <PasswordSection refusal={refusalFor(refusal, "password")} />
      <CancelSection refusal={refusalFor(refusal, "cancel")} />
    </div>
  );
}
