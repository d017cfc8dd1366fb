import { callAdminApi, loginRedirect } from "./admin-api.ts";

/**
 * A read of an owner's screen: the answer's body, or null when the signed-in staff member is not
 * the owner (403), so the screen can say so instead of failing. 401 sends the visitor to sign in.
 */
export async function loadOwnerOnly<T>(request: Request, path: string): Promise<T | null> {
  const result = await callAdminApi<T>(path, { signal: request.signal });
  if (result.status === 401) throw loginRedirect(request);
  if (result.status === 403) return null;
  if (!result.ok || result.body === undefined) throw new Error(`GET /admin/api${path} answered ${result.status}`);
  return result.body;
}
