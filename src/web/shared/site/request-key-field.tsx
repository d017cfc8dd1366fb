import { REQUEST_KEY_FIELD } from "./form-action.ts";

/**
 * The request key a form posted without JavaScript carries (decision 059): made by the page's
 * loader, so the server's page and the hydrated one hold the same key, and the form's action sends
 * it as the Idempotency-Key header (decision 049). With JavaScript the form's own call makes a key
 * per submission instead.
 */
export function RequestKeyField({ value }: { value: string }) {
  return <input type="hidden" name={REQUEST_KEY_FIELD} value={value} />;
}
