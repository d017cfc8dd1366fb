import { CSRF_FIELD } from "./form-action.ts";
import { useSite } from "./site-context.tsx";

/**
 * The page's CSRF token as a hidden field, so a form posted without JavaScript carries it to its
 * action, which hands it to the API's own check (decision 052). A page kept for other visitors
 * gets the visitor's token written in, as in the page's meta tag.
 */
export function CsrfField() {
  const { csrfToken } = useSite();
  return <input type="hidden" name={CSRF_FIELD} value={csrfToken} />;
}
