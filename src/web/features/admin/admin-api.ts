import { redirect } from "react-router";
import { safeRedirectPath } from "../../../domain/paths.ts";
import { csrfToken } from "../../shared/site/api.ts";
import { requestKeyHeader } from "../../shared/site/request-key.ts";

/** Where a visitor without a staff session is sent, with the page they wanted kept for after sign-in. */
export const ADMIN_LOGIN_PATH = "/admin/login";

export interface AdminApiResult<T> {
  ok: boolean;
  status: number;
  body: T | undefined;
}

/** The language the page is shown in, so the server's messages match it. */
function pageLanguage(): string {
  return document.documentElement.lang || "ja";
}

/** Answers of the load balancer or proxy when the process it asked was gone: worth sending again. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/**
 * Calls /admin/api (JSON) with the staff session cookie; state-changing calls carry the page's
 * CSRF token like every other API call, and an Idempotency-Key: one per call, that is one per
 * click (docs/decisions/049). A write whose answer was lost (the network failed, or the load
 * balancer answered 502–504 because the process died) is sent once more under the same key, so the
 * server answers the first result if it was booked and books it now if it was not.
 */
export async function callAdminApi<T>(
  path: string,
  options: { method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"; body?: unknown; signal?: AbortSignal } = {},
): Promise<AdminApiResult<T>> {
  const method = options.method ?? "GET";
  const write = method !== "GET";
  const headers = {
    accept: "application/json",
    "accept-language": pageLanguage(),
    ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    ...(write ? { "x-csrf-token": csrfToken(), ...requestKeyHeader() } : {}),
  };
  const send = () =>
    fetch(`/admin/api${path}`, {
      method,
      credentials: "same-origin",
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  let response: Response;
  try {
    response = await send();
    if (write && GATEWAY_FAILURES.has(response.status)) response = await send();
  } catch (error) {
    if (!write || options.signal?.aborted) throw error;
    response = await send();
  }
  const isJson = response.headers.get("content-type")?.includes("application/json");
  const body = isJson ? ((await response.json()) as T) : undefined;
  return { ok: response.ok, status: response.status, body };
}

/** The sign-in page, remembering where the visitor was going. */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(back === "/admin" ? ADMIN_LOGIN_PATH : `${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(back)}`);
}

/**
 * A page's read in a client loader: the answer's body, or a redirect to sign-in when the staff
 * session is missing or over (401), a 404 as a route error; anything else is thrown as an error.
 */
export async function loadAdmin<T>(request: Request, path: string): Promise<T> {
  const result = await callAdminApi<T>(path, { signal: request.signal });
  if (result.status === 401) throw loginRedirect(request);
  if (result.status === 404) throw new Response("Not Found", { status: 404 });
  if (!result.ok || result.body === undefined) throw new Error(`GET /admin/api${path} answered ${result.status}`);
  return result.body;
}

/**
 * A back-office page's client loader, hydrating, whose sign-in redirect is returned, not thrown:
 * React Router 8.4 awaits a style preload after a hydrating loader has already rejected, so a thrown
 * redirect was reported as an uncaught "Response" page error although the router then followed it
 * (an anonymous visit to /admin, issue 28). Returned, the router follows it without a rejection.
 */
export function adminLoader<Args extends { request: Request }, T>(load: (args: Args) => Promise<T>) {
  const loader = async (args: Args): Promise<T | Response> => {
    try {
      return await load(args);
    } catch (error) {
      if (error instanceof Response && error.status >= 300 && error.status < 400) return error;
      throw error;
    }
  };
  return Object.assign(loader, { hydrate: true as const });
}

/** A return path after sign-in: only back-office pages, never another site (resolved as the shop's return paths are). */
export function backOfficeRedirect(candidate: string | null): string {
  const path = safeRedirectPath(candidate, "/admin");
  if (!/^\/admin(?:[/?#]|$)/.test(path) || path.startsWith("/admin/login")) return "/admin";
  return path;
}

/** What a right password of an account with (or due for) a second factor answers instead of a session (decision 063). */
export type SecondStep = "code" | "enrol";

/** The page of the second step, keeping the page asked for: the code, or enrolment first. */
export function secondStepPath(step: SecondStep, redirect: string | null): string {
  const page = step === "code" ? "/admin/login/code" : "/admin/two-factor";
  return redirect ? `${page}?redirect=${encodeURIComponent(backOfficeRedirect(redirect))}` : page;
}

/** The errors an answer carries, or the given fallback. */
export function errorsOf(body: { errors?: unknown } | undefined, fallback: string): string[] {
  const errors = body?.errors;
  if (Array.isArray(errors) && errors.length > 0) return errors.map(String);
  return [fallback];
}
