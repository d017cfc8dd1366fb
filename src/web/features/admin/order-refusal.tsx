import { useState } from "react";
import { useRevalidator } from "react-router";
import type { adminOrderAnswer } from "../../../domain/answers/admin-orders.ts";
import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { callAdminApi, errorsOf } from "./admin-api.ts";
import { useAdminText } from "./admin-i18n.ts";

// The order pages' forms, drawn on the server (注文を入力, 返品, 一部キャンセル, ギフト, 一括処理) or in
// the browser (the order page's changes), all meet a refusal of the API the same way: its messages
// above the form, the ones it names a field for under that field.

/** What the API said when it refused a form: its messages, and each field's. */
export interface Refusal {
  errors: string[];
  fields: Record<string, string[]>;
}

/** The refusal in an API answer's body; `fallback` the message when it says none (a failure of the network or the server). */
export function refusalOf(body: unknown, fallback: string): Refusal {
  const answer = body as { errors?: unknown; fields?: Record<string, string[]> } | undefined;
  return { errors: errorsOf(answer, fallback), fields: answer?.fields ?? {} };
}

/**
 * A change posted from the order page to /admin/api/orders/{id}/{what}: busy while it goes, the
 * refusal kept for the form, the outcome in the snackbar, and the page's data read again after a success.
 */
export function useOrderPost(orderId: string, what: string, done: string) {
  const ta = useAdminText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  async function post(body: Record<string, unknown>): Promise<boolean> {
    setBusy(true);
    const result = await callAdminApi<AnswerOrRefusal<typeof adminOrderAnswer>>(`/orders/${encodeURIComponent(orderId)}/${what}`, {
      method: "POST",
      body,
    }).catch(() => undefined);
    setBusy(false);
    if (!result?.ok) {
      const refused = refusalOf(result?.body, ta("adminOrder.failed"));
      setRefusal(refused);
      snackbar.show("danger", refused.errors);
      return false;
    }
    setRefusal(null);
    snackbar.show("success", done);
    await revalidator.revalidate();
    return true;
  }
  return { busy, refusal, post };
}
