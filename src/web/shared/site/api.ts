import type { Locale } from "../../../domain/locale.ts";

/** The page's CSRF token: read from <meta name="csrf-token"> and sent as X-CSRF-Token. */
export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
}

/**
 * Signing in or out rotates the session and with it the CSRF token: the new token from
 * the answer replaces the page's, or every later call would be refused.
 */
export function setCsrfToken(token: string): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (meta) meta.content = token;
}

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  body: T | undefined;
}

/** Calls the JSON API in the page's locale, with the CSRF header on every state-changing call. */
export async function callApi<T>(
  locale: Locale,
  path: string,
  options: {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** The call outlives the page (a change saved just before the shopper navigates away); small bodies only. */
    keepalive?: boolean;
  } = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? "GET";
  const response = await fetch(`/${locale}/api${path}`, {
    method,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(method === "GET" ? {} : { "x-csrf-token": csrfToken() }),
      ...options.headers,
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
    keepalive: options.keepalive ?? false,
  });
  const isJson = response.headers.get("content-type")?.includes("application/json");
  const body = isJson ? ((await response.json()) as T) : undefined;
  return { ok: response.ok, status: response.status, body };
}
