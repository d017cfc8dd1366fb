import { useCallback, useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { useAuth } from "./auth-context.tsx";

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
 * Field messages of a form's last failed submit, and focus on the first field in error so that
 * keyboard and screen-reader users land where the problem is (the fields carry aria-invalid and
 * aria-describedby through the UI kit's Input).
 */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFieldsState] = useState<Record<string, string[]>>({});
  const [attempt, setAttempt] = useState(0);

  const setFields = useCallback((next: Record<string, string[]> | undefined) => {
    setFieldsState(next ?? {});
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const errorOf = useCallback((name: string): string | undefined => fields[name]?.join(" "), [fields]);
  const clear = useCallback(() => setFieldsState({}), []);

  return { formRef, fields, setFields, errorOf, clear };
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
