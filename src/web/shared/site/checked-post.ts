import { useState } from "react";
import type { FormEvent } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { formValues } from "../auth/account-form.ts";
import { callApi } from "./api.ts";
import { requestKeyHeader } from "./request-key.ts";

/** A refusal's keys, as every answer of the API may carry them. */
interface Refusal {
  errors?: string[] | undefined;
  fields?: Record<string, string[]> | undefined;
}

interface CheckedPost<Answer> {
  /** POST /api<path>, sent with a request key so that a form sent twice is booked once (decision 049). */
  path: string;
  bodyOf(values: Record<string, string>): unknown;
  /** The form's own schema (decision 075): the messages under the fields, or undefined when it passes. */
  check(values: Record<string, string>): Promise<Record<string, string[]> | undefined>;
  setFields(fields: Record<string, string[]> | undefined): void;
  clear(): void;
  onAccepted(body: Answer | undefined, values: Record<string, string>): void | Promise<void>;
  /** The snackbar's words when the API gives none, and what the log names the form. */
  failed: string;
  what: string;
}

/**
 * The submit of a public form (the contact form, the mail magazine's sign-up): checked by its
 * schema before anything is sent, then posted. The schema's messages and the API's 422 stand under
 * the fields; any other refusal (403 for an expired page, 429) or a failed request shows in a danger
 * snackbar, in the API's words when it has some.
 */
export function useCheckedPost<Answer extends Refusal>({ path, bodyOf, check, setFields, clear, onAccepted, failed, what }: CheckedPost<Answer>) {
  const { locale } = useI18n();
  const snackbar = useSnackbar();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event);
    setSubmitting(true);
    try {
      const problems = await check(values);
      if (problems) {
        setFields(problems);
        return;
      }
      clear();
      const result = await callApi<Answer>(locale, path, { method: "POST", body: bodyOf(values), headers: requestKeyHeader() });
      if (result.ok) {
        await onAccepted(result.body, values);
        return;
      }
      if (result.status === 422 && result.body?.fields) {
        setFields(result.body.fields);
        return;
      }
      snackbar.show("danger", result.body?.errors ?? [failed]);
    } catch (error) {
      console.warn(`${what} failed`, error);
      snackbar.show("danger", failed);
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
