import type * as AddressSchema from "../../../domain/address-schema.ts";
import type { FieldProblem } from "../../../domain/field-messages.ts";

type AddressRules = typeof AddressSchema;
type ParseAddress = AddressRules["parseAddress"];

let loading: Promise<AddressRules> | undefined;

/**
 * The address rules the server also applies (domain/address-schema.ts, zod: ~26 kB gzipped),
 * fetched after the page has hydrated rather than with its first JavaScript. Forms start the
 * fetch when they mount and wait for it when they check. Resolves to null when it cannot be
 * fetched: the form then sends as it is and the server's 422 names the fields.
 */
export function addressRules(): Promise<AddressRules | null> {
  loading ??= import("../../../domain/address-schema.ts");
  return loading.catch((failure: unknown) => {
    loading = undefined;
    console.warn("address rules not loaded", failure);
    return null;
  });
}

/** Checks an address form's payload with the shared rules (or lets it through when they could not be loaded). */
export async function checkAddress(payload: unknown): Promise<ReturnType<ParseAddress> | { ok: true }> {
  const rules = await addressRules();
  return rules ? rules.parseAddress(payload) : { ok: true };
}

/**
 * A form's problems by the schema its route declares (decision 075): `which` picks it from the
 * rules (the saved address's, an address book entry's). None when the rules could not be loaded.
 */
export async function addressFormProblems(which: "savedAddressProblems" | "addressBookEntryProblems", payload: unknown): Promise<Record<string, FieldProblem>> {
  const rules = await addressRules();
  return rules ? rules[which](payload) : {};
}
