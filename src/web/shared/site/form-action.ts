import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import type { ApiAnswer } from "../../load-context.ts";
import { pageContext } from "../../load-context.ts";
import { translate } from "../../i18n/i18n.tsx";

/**
 * Forms that work before (or without) JavaScript (decision 052). Every form posts to its own page
 * (`method="post"`, no `action`), carrying the page's CSRF token in a hidden field; the route's
 * action hands the form to the API route the page's script calls (PageContext.api) and answers:
 * a 303 to the next page when the API accepted it, or the same page again with the API's messages
 * under the fields and what was typed. With JavaScript, the form's onSubmit calls the API itself
 * and the action is never reached.
 */

/** The hidden field the page's CSRF token is posted in (shared/site/csrf-field.tsx). */
export const CSRF_FIELD = "_csrf";

/**
 * The hidden field of a form whose API call takes a request key (decision 049): the key the page
 * was drawn with, sent as the Idempotency-Key header, so the same form posted twice (a resend, a
 * double tap on a slow phone) is booked once and answered the first answer.
 */
export const REQUEST_KEY_FIELD = "_request_key";

/** More than any form of the shop posts (the inquiry's 5,000 characters, percent-encoded, are ~45 kB). */
const MAX_FORM_BYTES = 256 * 1024;

/** One API call: its route as the browser calls it (`/api/…`, `/admin/api/…`) and its JSON body. */
export interface ApiRequest {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** The API route takes a request key: the form's hidden one goes with the call. */
  keyed?: boolean;
}

/** What the page shows after a refused post: the API's messages (all, and per field) and what was typed, passwords aside. */
export interface FormRefusal {
  ok: false;
  errors: string[];
  fields: Record<string, string[]>;
  values: Record<string, string>;
}

/** The API accepted the form: go on to this page (a 303), or show the page again with `shown`. */
export type FormAccepted<T> = { redirectTo: string } | { shown: T };

export type FormActionData<T> = FormRefusal | { ok: true; shown: T };

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Field names whose value never goes back into a page. */
const SECRET_FIELD = /password|card|cvc/i;

/**
 * The action of a form: reads the posted fields, calls `call(values)` as the visitor with the
 * posted token, and answers with `accepted(answer, values)` or the refusal. The Set-Cookie
 * headers of the API's answer (a sign-in's new session) go out with the action's answer.
 */
export async function formAction<T = never>(
  { request, context }: ActionArgs,
  call: (values: Record<string, string>) => ApiRequest | Promise<ApiRequest>,
  accepted: (answer: ApiAnswer, values: Record<string, string>) => FormAccepted<T>,
) {
  const page = context.get(pageContext);
  const posted = await readForm(request);
  if (!posted) return refusal(400, [translate(page.locale, "auth.requestFailed")], {}, {}, []);
  const { values, csrfToken, requestKey } = posted;
  const { method, path, body, keyed } = await call(values);
  const answer = await page.api(method, path, body, { csrfToken, ...(keyed && requestKey ? { requestKey } : {}) });
  if (answer.status >= 200 && answer.status < 300) {
    const outcome = accepted(answer, values);
    if ("redirectTo" in outcome) return redirect(outcome.redirectTo, { status: 303, headers: cookieHeaders(answer.setCookies) });
    return data<FormActionData<T>>({ ok: true, shown: outcome.shown }, { headers: cookieHeaders(answer.setCookies) });
  }
  const answered = (answer.body ?? {}) as { errors?: unknown; fields?: unknown };
  const errors = Array.isArray(answered.errors) && answered.errors.length > 0 ? answered.errors.map(String) : [translate(page.locale, "auth.requestFailed")];
  const fields = isFieldMessages(answered.fields) ? answered.fields : {};
  return refusal(answer.status >= 400 ? answer.status : 400, errors, fields, values, answer.setCookies);
}

function refusal(status: number, errors: string[], fields: Record<string, string[]>, values: Record<string, string>, setCookies: string[]) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (!SECRET_FIELD.test(name)) kept[name] = value;
  const refused: FormRefusal = { ok: false, errors, fields, values: kept };
  return data<FormActionData<never>>(refused, { status, headers: cookieHeaders(setCookies) });
}

/**
 * The form a page's action was posted, or the status to refuse the post with: 413 for a body without
 * a length (browsers always send the length of a form; a chunked body is no form of the shop's) or
 * larger than `maxBytes`, 400 for a body that is no form.
 */
export async function postedForm(request: Request, maxBytes: number): Promise<FormData | 413 | 400> {
  const length = Number(request.headers.get("content-length"));
  if (!Number.isSafeInteger(length) || length <= 0 || length > maxBytes) return 413;
  try {
    return await request.formData();
  } catch {
    return 400;
  }
}

/** A posted form's text fields apart from its CSRF token and request key (blank when not posted); files are left out. */
export function formFields(form: FormData): { values: Record<string, string>; csrfToken: string; requestKey: string } {
  const values: Record<string, string> = {};
  let csrfToken = "";
  let requestKey = "";
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (name === CSRF_FIELD) csrfToken = value;
    else if (name === REQUEST_KEY_FIELD) requestKey = value;
    else values[name] = value;
  }
  return { values, csrfToken, requestKey };
}

/** The posted text fields and the token, or null for a post no form of the shop sends (too large, not a form). */
export async function readForm(request: Request): Promise<{ values: Record<string, string>; csrfToken: string; requestKey: string } | null> {
  const form = await postedForm(request, MAX_FORM_BYTES);
  return typeof form === "number" ? null : formFields(form);
}

function isFieldMessages(value: unknown): value is Record<string, string[]> {
  return (
    value !== null &&
    typeof value === "object" &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((each) => typeof each === "string"))
  );
}

export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return headers;
}

/** The refusal a page shows, if its last post was refused (for `useFieldErrors` and the form's values). */
export function refusalOf<T>(actionData: FormActionData<T> | undefined): FormRefusal | undefined {
  return actionData && !actionData.ok ? actionData : undefined;
}
