import { useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import { EmailInput } from "../../ui/field.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { callApi } from "../../shared/site/api.ts";
import type { ApiErrorBody } from "../../shared/auth/account-form.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import type { FormAccepted, FormActionData, FormRefusal } from "../../shared/site/form-action.ts";
import { formAction, refusalOf } from "../../shared/site/form-action.ts";
import type { ApiAnswer } from "../../load-context.ts";
import { RefusedNotice } from "../../shared/site/refused-notice.tsx";
import { Notice } from "../../ui/notice.tsx";
import { formValues, useFieldErrors } from "../../shared/auth/account-form.ts";
import styles from "./auth-page.module.css";
import { AuthSubmit } from "./auth-panel.tsx";

interface EmailRequestFormProps {
  /** POST /api/users/password, /users/confirmation or /users/unlock. */
  path: string;
  submitLabel: string;
  onSent(message: string | undefined): void | Promise<void>;
  /** The API's refusal of this form posted without JavaScript (its page's action). */
  refusal?: FormRefusal | undefined;
}

/** The message of the API's answer, which a page shows once the mail is on its way. */
export interface EmailRequestSent {
  message: string | undefined;
}

/**
 * The action of a page with this form, posted without JavaScript (decision 052): the same API call;
 * then the next page, or the page again showing the API's message (`shown`).
 */
export function emailRequestAction(args: Parameters<typeof formAction>[0], path: string, accepted: (answer: ApiAnswer) => FormAccepted<EmailRequestSent>) {
  return formAction<EmailRequestSent>(args, (values) => ({ method: "POST", path: `/api${path}`, body: { api_user: { email: values.email } } }), accepted);
}

/** What the API said on sending the mail. */
export function sentMessage(answer: ApiAnswer): EmailRequestSent {
  const body = answer.body as ApiErrorBody | undefined;
  return { message: body?.message };
}

/**
 * The one-field forms that ask for a mail (password reset, resend confirmation, resend unlock).
 * The server answers the same for known and unknown addresses; a 422 (blank or malformed address)
 * gives the errors list in a danger snackbar and the message under the field.
 */
export function EmailRequestForm({ path, submitLabel, onSent, refusal }: EmailRequestFormProps) {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const { formRef, setFields, errorOf, rejectBlank, refused, postedValue } = useFieldErrors(refusal);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rejectBlank({ email: t("auth.email") })) return;
    const { email } = formValues(event);
    setSubmitting(true);
    try {
      const result = await callApi<ApiErrorBody>(locale, path, { method: "POST", body: { api_user: { email } } });
      if (result.ok) {
        await onSent(result.body?.message);
        return;
      }
      const errors = result.body?.errors ?? [t("auth.requestFailed")];
      snackbar.show("danger", errors);
      setFields(result.body?.fields ?? { email: errors });
    } catch (error) {
      console.warn(`${path} failed`, error);
      snackbar.show("danger", t("auth.requestFailed"));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} method="post" noValidate>
      <RefusedNotice errors={refused} />
      <CsrfField />
      <EmailInput label={t("auth.email")} defaultValue={postedValue("email")} error={errorOf("email")} />
      <AuthSubmit busy={submitting} label={submitLabel} />
    </form>
  );
}

/**
 * A "send me the mail again" page's body: before sending, why the page was opened (`linkError`, a
 * link that did not work), its lead and the form; once sent (by the script, or by the page's action
 * without it), the API's message (or `sentText`, the page's own words) with the tip to look in the
 * spam folder. The answer replaces the form and stays readable (the same for known and unknown addresses).
 */
export function EmailRequestPanel({
  sentText,
  actionData,
  linkError,
  lead,
  ...form
}: Omit<EmailRequestFormProps, "onSent" | "refusal"> & {
  sentText: string;
  actionData: FormActionData<EmailRequestSent> | undefined;
  linkError?: ReactNode;
  lead: string;
}) {
  const { t } = useI18n();
  const [sent, setSent] = useState<string | null>(actionData?.ok ? actionData.shown.message || sentText : null);
  if (sent) {
    return (
      <Notice tone="success" testId="request-sent">
        <p>{sent}</p>
        <p>{t("auth.spamTip")}</p>
      </Notice>
    );
  }
  return (
    <>
      {linkError}
      <p className={styles.lead}>{lead}</p>
      <EmailRequestForm {...form} onSent={(message) => setSent(message || sentText)} refusal={refusalOf(actionData)} />
    </>
  );
}
