import { useCallback } from "react";
import { useRevalidator } from "react-router";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { callAdminApi, errorsOf } from "./admin-api.ts";
import { useAdminText } from "./admin-i18n.ts";

/**
 * One write of a back-office screen: send it, tell the outcome in a snackbar (the server's own
 * messages when it refused), and read the screen's data again. Answers whether it went through.
 */
export function useAdminWrite() {
  const ta = useAdminText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  return useCallback(
    async (path: string, method: "POST" | "PATCH" | "PUT" | "DELETE", body: unknown, done: string): Promise<boolean> => {
      const result = await callAdminApi(path, { method, ...(body === undefined ? {} : { body }) }).catch(() => undefined);
      if (!result?.ok) {
        snackbar.show("danger", errorsOf(result?.body as { errors?: unknown } | undefined, ta("admin.requestFailed")));
        return false;
      }
      snackbar.show("success", done);
      await revalidator.revalidate();
      return true;
    },
    [ta, snackbar, revalidator],
  );
}
