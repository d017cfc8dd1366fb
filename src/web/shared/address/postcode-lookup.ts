import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { postcodesAnswer } from "../../../domain/answers/member.ts";
import type { PostcodeEntry } from "../../../domain/address.ts";
import { postcodeAddress } from "../../../domain/address.ts";
import type { Locale } from "../../../domain/locale.ts";
import { callApi } from "../site/api.ts";

type PostcodeTable = Record<string, PostcodeEntry>;

// One request per 3-digit prefix for the page's lifetime; the browser's HTTP cache keeps it longer.
const tables = new Map<string, Promise<PostcodeTable>>();

function tableFor(locale: Locale, zip3: string): Promise<PostcodeTable> {
  let table = tables.get(zip3);
  if (!table) {
    table = callApi<ApiAnswer<typeof postcodesAnswer>>(locale, `/postcodes/${zip3}`).then((result) => {
      if (!result.ok || !result.body) throw new Error(`postcode lookup answered ${result.status}`);
      return result.body.data;
    });
    // A failed lookup is forgotten, so typing the zip again retries.
    table.catch(() => tables.delete(zip3));
    tables.set(zip3, table);
  }
  return table;
}

/** Where a 7-digit postcode is, from the shop's own postcode data. */
export async function lookupPostcode(locale: Locale, zip: string): Promise<PostcodeEntry | undefined> {
  return (await tableFor(locale, zip.slice(0, 3)))[zip];
}

/** The city and town a postcode fills into the address field, or "" when unknown. */
export async function postcodeFill(locale: Locale, zip: string): Promise<string> {
  if (!/^\d{7}$/.test(zip)) return "";
  const entry = await lookupPostcode(locale, zip).catch(() => undefined);
  return entry ? postcodeAddress(entry) : "";
}
