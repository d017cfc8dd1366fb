import { useCallback, useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import type { I18n } from "../../i18n/i18n.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import type { FormRefusal } from "../site/form-action.ts";
import { useAuth } from "./auth-context.tsx";
import "../../i18n/checkout-texts.ts";

/** What the accounts API answers on failure (422: `errors` lists all, `fields` groups them). */
export interface ApiErrorBody {
  errors?: string[];
  fields?: Record<string, string[]>;
  message?: string;
}

/** The text fields of a submitted form, trimmed of nothing: passwords keep their spaces. */
export function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(event.currentTarget)) {
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

/**
 * The required fields of a form that are blank, each with "{label}を入力してください" /
 * "{label} can't be blank" (the wording the checkout's own checks use). Read from the form's
 * controls, not from React state, so text the browser put there before the page hydrated counts.
 * A password counts as typed even if it is only spaces: it is never trimmed.
 */
export function blankRequiredFields(form: HTMLFormElement, labels: Record<string, string>, t: I18n["t"]): Record<string, string[]> {
  const blank: Record<string, string[]> = {};
  for (const [name, label] of Object.entries(labels)) {
    const control = form.elements.namedItem(name);
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) || !control.required) continue;
    const value = control.type === "password" ? control.value : control.value.trim();
    if (value === "") blank[name] = [t("checkout.error.blank", { field: label })];
  }
  return blank;
}

/**
 * Field messages of a form's last failed submit, and focus on the first field in error so that
 * keyboard and screen-reader users land where the problem is (the fields carry aria-invalid and
 * aria-describedby through the UI kit's Input).
 */
export function useFieldErrors(refusal?: FormRefusal) {
  const { t } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  // A form posted without JavaScript comes back from its action with the API's messages (decision 052).
  const [fields, setFieldsState] = useState<Record<string, string[]>>(refusal?.fields ?? {});
  const [refused, setRefused] = useState<string[]>(refusal?.errors ?? []);
  const [attempt, setAttempt] = useState(0);

  const setFields = useCallback((next: Record<string, string[]> | undefined) => {
    setFieldsState(next ?? {});
    setRefused([]);
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const errorOf = useCallback((name: string): string | undefined => fields[name]?.join(" "), [fields]);
  const clear = useCallback(() => {
    setFieldsState({});
    setRefused([]);
  }, []);
  /** What the last post's value of a field was, to fill the form in again (never a password). */
  const postedValue = useCallback((name: string): string | undefined => refusal?.values[name], [refusal]);

  /**
   * The form's own check before anything is sent (the forms are noValidate so that the messages
   * are the shop's, in its language, under the fields): true when a required field is blank, its
   * message then shown and the first such field focused; otherwise the last messages are cleared.
   */
  const rejectBlank = useCallback(
    (labels: Record<string, string>): boolean => {
      const form = formRef.current;
      const blank = form ? blankRequiredFields(form, labels, t) : {};
      if (Object.keys(blank).length === 0) {
        setFieldsState({});
        setRefused([]);
        return false;
      }
      setFields(blank);
      return true;
    },
    [setFields, t],
  );

  /** `refused`: every message of a refused post without JavaScript (what the snackbar says with it), until the next submit. */
  return { formRef, fields, setFields, errorOf, clear, rejectBlank, refused, postedValue };
}

/**
 * A My Page call answered 401: the session ended (idle timeout, signed out elsewhere, password
 * changed on another device). The member signs in again and comes back to this page.
 */
export function useSessionLost(): (errors: string[] | undefined) => void {
  const auth = useAuth();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (errors) => {
      if (errors && errors.length > 0) snackbar.show("danger", errors);
      auth.setUser(null);
      void navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
    },
    [auth, location.pathname, location.search, navigate, snackbar],
  );
}
