import { redirect } from "react-router";
import type { Route } from "./+types/favorites";
import { parseResourceId } from "../../domain/catalog-api.ts";
import { safeRedirectPath } from "../../domain/paths.ts";
import { readForm } from "../shared/site/form-action.ts";
import { pageContext } from "../load-context.ts";

/**
 * POST /favorites: the heart of the product page and of each grid card without JavaScript
 * (decision 083). The same PUT/DELETE /api/favorites/{id} the script sends, then back to the page
 * it was posted from saying what happened; a guest goes to sign in and comes back to that page.
 */
export function loader() {
  return redirect("/mypage/favorites");
}

function withOutcome(path: string, outcome: string): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set("favorite", outcome);
  return url.pathname + url.search;
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const posted = await readForm(request);
  const back = safeRedirectPath(posted?.values.back, "/shop");
  const id = parseResourceId(posted?.values.product_id ?? "");
  if (!posted || id === undefined) return redirect(withOutcome(back, "failed"), 303);
  const removing = posted.values.intent === "remove";
  const answer = await page.api(removing ? "DELETE" : "PUT", `/api/favorites/${id}`, undefined, { csrfToken: posted.csrfToken });
  if (answer.status === 401) return redirect(`/login?redirect=${encodeURIComponent(back)}`, 303);
  const outcome = answer.status === 200 ? (removing ? "removed" : "added") : "failed";
  return redirect(withOutcome(back, outcome), 303);
}
