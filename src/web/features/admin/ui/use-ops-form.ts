import { useState } from "react";
import { callAdminApi, errorsOf } from "../admin-api.ts";
import { useOpsText } from "../ops-i18n.ts";
import type { ApiFailure } from "../ops-resources.ts";

/**
 * A back-office form that writes through /admin/api and stays on its page (a staff account, the
 * access rules, an inquiry's reply): busy while the write goes, and the refusal kept so each field
 * shows its own message (ops.failed when the server gave none), cleared once a write goes through.
 */
export function useOpsForm() {
  const to = useOpsText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  /**
   * Sends the write; `done` takes the accepted answer's body (answering false when it lacks what
   * the form needs, which then counts as refused). Answers the refusal's messages, or null.
   */
  async function send<T>(
    path: string,
    options: { method: "POST" | "PUT"; body: unknown },
    done: (body: (T & ApiFailure) | undefined) => Promise<boolean | void>,
  ): Promise<string[] | null> {
    setBusy(true);
    try {
      const result = await callAdminApi<T & ApiFailure>(path, options);
      if (result.ok && (await done(result.body)) !== false) {
        setFailure(null);
        return null;
      }
      const errors = errorsOf(result.body, to("ops.failed"));
      setFailure({ errors, fields: result.body?.fields ?? {} });
      return errors;
    } finally {
      setBusy(false);
    }
  }

  return { busy, failure, send };
}
