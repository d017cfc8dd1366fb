import { redirect } from "react-router";
import type { Route } from "./+types/age-gate";
import { AGE_CONFIRMED_COOKIE, AGE_CONFIRMED_MAX_AGE_SECONDS, AGE_GATE_ANSWER_PARAM, judgeAgeGateAnswer } from "../../domain/age-gate.ts";
import type { AgeGateRefusal } from "../../domain/age-gate.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { safeRedirectPath } from "../../domain/paths.ts";
import { pageContext } from "../load-context.ts";
import { readForm } from "../shared/site/form-action.ts";

/**
 * POST /age-gate: the age gate's 入場する before (or without) its JavaScript (decisions 056, 059).
 * A route action like the shop's other forms, with no page of its own: it checks the posted token
 * against this session's (the CSRF hook reads only the header, the page actions check their form's
 * token), judges the date by the gate's own rule, sets the cookie pages are rendered by for an
 * adult and sends the visitor back to the page they were on (`to`, a path of this shop only).
 * Anyone else goes back with `?age_gate=` naming the refusal, which the gate shows in the
 * visitor's language; a stale or missing token is `expired` (the page comes back with a fresh one),
 * and sets nothing. A GET (a typed address) only goes to the top page.
 */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const posted = await readForm(request);
  const back = safeRedirectPath(posted?.values.to);
  if (!posted || !sameToken(posted.csrfToken, page.csrfToken)) return redirect(withAnswer(back, "expired"), 303);
  const verdict = judgeAgeGateAnswer(posted.values, japanDateOf(new Date()));
  if (verdict !== "adult") return redirect(withAnswer(back, verdict), 303);
  const secure = page.publicUrl.startsWith("https://") ? "; Secure" : "";
  const cookie = `${AGE_CONFIRMED_COOKIE}=1; Max-Age=${AGE_CONFIRMED_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  return redirect(withAnswer(back, null), { status: 303, headers: { "set-cookie": cookie } });
}

/** The page to go back to, with the gate's answer set (or an earlier one removed). */
function withAnswer(path: string, answer: AgeGateRefusal | null): string {
  const url = new URL(path, "http://kura.invalid");
  if (answer) url.searchParams.set(AGE_GATE_ANSWER_PARAM, answer);
  else url.searchParams.delete(AGE_GATE_ANSWER_PARAM);
  // Checked again: the URL parser folds dot segments ("/.//host" becomes "//host").
  return safeRedirectPath(url.pathname + url.search + url.hash);
}

/** The posted token is this session's, compared in time independent of where they differ. */
function sameToken(sent: string, expected: string): boolean {
  if (sent.length === 0 || sent.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < sent.length; i += 1) difference |= sent.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}
