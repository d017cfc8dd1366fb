import type { ReactNode } from "react";
import { redirect } from "react-router";
import type { ApiAnswer, PageContext } from "../../../load-context.ts";
import { CSRF_FIELD, REQUEST_KEY_FIELD } from "../../../shared/site/form-action.ts";
import { ADMIN_LOGIN_PATH } from "../admin-api.ts";
import { AdminHeader } from "../admin-header.tsx";
import { AdminNav } from "../admin-nav.tsx";
import type { SessionAnswer } from "../admin-resources.ts";
import styles from "../admin.module.css";

/*
 * What the back office's server-rendered screens share (lotteries, ranks, payment terms, a coupon's
 * form: decisions 077, 084, 090, 095). They are drawn outside the browser-side frame
 * (admin-layout), so each draws its own frame, checks the staff session in its loader and sends a
 * 401 back to sign in, and redraws the API's refusal under the form.
 */

/** Sign in first, then back to `back` (the page's own path). */
export function toStaffLogin(back: string): Response {
  return redirect(`${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(back)}`);
}

/** The signed-in staff member, or the sign-in redirect (thrown) when there is no staff session. */
export async function staffOrLogin(page: PageContext, back: string): Promise<SessionAnswer["staff"]> {
  const session = await page.api("GET", "/admin/api/session");
  if (session.status !== 200) throw toStaffLogin(back);
  return (session.body as SessionAnswer).staff;
}

/** A list read for the page: its rows, none when the API refused, the sign-in redirect (thrown) on a 401. */
export async function listOrLogin<Row>(page: PageContext, path: string, back: string): Promise<Row[]> {
  const answer = await page.api("GET", path);
  if (answer.status === 401) throw toStaffLogin(back);
  return answer.status === 200 ? (answer.body as { data: Row[] }).data : [];
}

/** What a posted form passes on to the API: its CSRF token and request key (a fresh key when it had none). */
export function apiOptionsOf(form: FormData): { csrfToken: string; requestKey: string } {
  return { csrfToken: String(form.get(CSRF_FIELD) ?? ""), requestKey: String(form.get(REQUEST_KEY_FIELD) ?? "") || crypto.randomUUID() };
}

/** The named fields as posted, blank when absent: what the API is sent and the page redraws after a refusal. */
export function postedValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

/** What the API said when it refused a post: its messages, all and per field; null when it said none. */
export function refusalOf(answer: ApiAnswer): { errors: string[]; fields: Record<string, string[]> } | null {
  const refused = answer.body as { errors?: string[]; fields?: Record<string, string[]> } | undefined;
  return refused?.errors ? { errors: refused.errors, fields: refused.fields ?? {} } : null;
}

/**
 * The frame of a server-rendered screen: the back office's header and `main`; with the staff
 * member (a page that checked the session), the side navigation too.
 */
export function ServerAdminFrame(props: { staff?: SessionAnswer["staff"]; testId: string; children: ReactNode }) {
  const main = (
    <main id="main" className={styles.main} data-testid={props.testId}>
      {props.children}
    </main>
  );
  return (
    <div className={styles.shell}>
      <AdminHeader email={props.staff?.email} />
      {props.staff ? (
        <div className={styles.body}>
          <AdminNav owner={props.staff.role === "owner"} />
          {main}
        </div>
      ) : (
        main
      )}
    </div>
  );
}
