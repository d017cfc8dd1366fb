import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { adminLiquorTypesAnswer, adminSeriesListAnswer } from "../../../domain/answers/admin-catalog.ts";
import type { AdminLiquorType, AdminSeries } from "../../../domain/admin-catalog.ts";
import { callAdminApi, loadAdmin } from "./admin-api.ts";
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
