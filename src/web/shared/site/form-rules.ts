import type { FieldProblem } from "../../../domain/field-messages.ts";
import { fieldMessages } from "../../../domain/field-messages.ts";
import type { Locale } from "../../../domain/locale.ts";

/**
 * A form's schema module from src/domain (zod, ~26 kB gzipped), fetched after the page has hydrated
 * rather than with its first JavaScript, as the address rules are: the form starts the fetch when it
 * mounts and waits for it when it checks. Resolves to null when it cannot be fetched: the form then
 * sends as it is and the route's 422, from the same schema, names the fields (decision 075).
 */
export function lazyFormRules<M>(what: string, load: () => Promise<M>): () => Promise<M | null> {
  let loading: Promise<M> | undefined;
  return () => {
    loading ??= load();
    return loading.catch((failure: unknown) => {
      loading = undefined;
      console.warn(`${what} rules not loaded`, failure);
      return null;
    });
  };
}

/** A schema's problems as the messages under the fields, worded as the route's 422 words them, with the page's labels. */
export function problemMessages(problems: Record<string, FieldProblem>, labels: Record<string, string>, locale: Locale): Record<string, string[]> {
  return fieldMessages(problems, (field) => labels[field] ?? field, locale);
}
