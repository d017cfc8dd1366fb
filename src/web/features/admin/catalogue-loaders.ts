import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { adminLiquorTypesAnswer, adminSeriesListAnswer } from "../../../domain/answers/admin-catalog.ts";
import type { AdminLiquorType, AdminSeries } from "../../../domain/admin-catalog.ts";
import { useNavigate, useRevalidator } from "react-router";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { callAdminApi, loadAdmin } from "./admin-api.ts";
import { useAdminText } from "./admin-i18n.ts";
import type { SaveOutcome } from "./product-form.tsx";

/** What the product form chooses from: the series tree and the liquor types. */
export async function loadChoices(request: Request): Promise<{ series: AdminSeries[]; liquorTypes: AdminLiquorType[] }> {
  const [series, liquorTypes] = await Promise.all([
    loadAdmin<ApiAnswer<typeof adminSeriesListAnswer>>(request, "/series"),
    loadAdmin<ApiAnswer<typeof adminLiquorTypesAnswer>>(request, "/liquor_types"),
  ]);
  return { series: series.data, liquorTypes: liquorTypes.data };
}

/** Sends a form and turns the answer into what the form shows: fine, or the server's messages. */
export async function saveForm<T>(path: string, method: "POST" | "PATCH", body: unknown, failed: string): Promise<SaveOutcome & { data?: T }> {
  try {
    const result = await callAdminApi<{ data?: T; errors?: string[]; fields?: Record<string, string[]> }>(path, { method, body });
    if (result.ok) return { ok: true, ...(result.body?.data === undefined ? {} : { data: result.body.data }) };
    return { ok: false, errors: result.body?.errors ?? [failed], fields: result.body?.fields ?? {} };
  } catch {
    return { ok: false, errors: [failed] };
  }
}

/**
 * The save of a new product's or exhibit's form: POSTed to the collection, then the trader is
 * taken to the new item's page, where pictures are added.
 */
export function useCreateItem(collection: "/products" | "/exhibits"): (body: unknown) => Promise<SaveOutcome> {
  const ta = useAdminText();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  return async (body) => {
    const outcome = await saveForm<{ id: number }>(collection, "POST", body, ta("admin.requestFailed"));
    if (outcome.ok && outcome.data) {
      snackbar.show("success", ta("adminProduct.created"));
      void navigate(`/admin${collection}/${outcome.data.id}`);
    }
    return outcome;
  };
}

/** The save of an item's own form: PATCHed to its path, then the page is read again. */
export function useUpdateItem(path: string): (body: unknown) => Promise<SaveOutcome> {
  const ta = useAdminText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  return async (body) => {
    const outcome = await saveForm(path, "PATCH", body, ta("admin.requestFailed"));
    if (outcome.ok) {
      snackbar.show("success", ta("adminProduct.saved"));
      await revalidator.revalidate();
    }
    return outcome;
  };
}
