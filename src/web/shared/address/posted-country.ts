import { DEFAULT_COUNTRY } from "../../../domain/address.ts";
import type { PageContext } from "../../load-context.ts";

interface CountriesAnswer {
  data?: { id: string; name: string }[];
}

const folded = (text: string) => text.normalize("NFKC").trim().toLowerCase();

/**
 * The country of an address form posted without JavaScript (decision 059). The country field is a
 * search box that only the page's script can open: without it the shopper types a name. The form
 * posts the code it was drawn with (`country`) and the name as it reads now (`country_name`); when
 * the name is no longer the drawn country's, it is looked up with GET /api/countries (the search the
 * box itself uses) — a name that names exactly one country, or one result only, gives its code.
 * Anything else is sent as typed, and the API answers its own message under the field.
 */
export async function postedCountry(page: Pick<PageContext, "api">, values: Record<string, string>): Promise<string> {
  const code = (values.country ?? "").trim() || DEFAULT_COUNTRY;
  const typed = (values.country_name ?? "").trim();
  if (typed === "") return code;
  const answer = await page.api("GET", `/api/countries?q=${encodeURIComponent(typed.slice(0, 100))}`);
  const found = answer.status === 200 ? ((answer.body as CountriesAnswer | undefined)?.data ?? []) : [];
  if (found.some((country) => country.id === code && folded(country.name) === folded(typed))) return code;
  const named = found.filter((country) => folded(country.name) === folded(typed));
  if (named.length === 1) return named[0]!.id;
  if (found.length === 1) return found[0]!.id;
  return typed;
}
