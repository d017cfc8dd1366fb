import { useState } from "react";
import type { FormEvent } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { callApi } from "../../shared/site/api.ts";
import type { ApiErrorBody } from "../../shared/auth/account-form.ts";
import { formValues, useFieldErrors } from "../../shared/auth/account-form.ts";
import styles from "./auth-page.module.css";

interface EmailRequestFormProps {
  /** POST /api/users/password, /users/confirmation or /users/unlock. */
  path: string;
  submitLabel: string;
  onSent(message: string | undefined): void | Promise<void>;
}

/**
 * The one-field forms that ask for a mail (password reset, resend confirmation, resend unlock).
 * The server answers the same for known and unknown addresses; a 422 (blank or malformed address)
 * gives the errors list of spec §8 in a danger snackbar and the message under the field.
 */
export function EmailRequestForm({ path, submitLabel, onSent }: EmailRequestFormProps) {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const { formRef, setFields, errorOf, rejectBlank } = useFieldErrors();
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
      <Input label={t("auth.email")} name="email" type="email" autoComplete="email" required error={errorOf("email")} />
      <div className={styles.submit}>
        <Button type="submit" block disabled={submitting}>
          {submitting ? t("auth.sending") : submitLabel}
        </Button>
      </div>
    </form>
  );
}
