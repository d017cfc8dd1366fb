import type { parseAddress } from "../../../domain/address-schema.ts";

type ParseAddress = typeof parseAddress;

let loading: Promise<ParseAddress> | undefined;

/**
 * The address rules the server also applies (domain/address-schema.ts, zod: ~26 kB gzipped),
 * fetched after the page has hydrated rather than with its first JavaScript. Forms start the
 * fetch when they mount and wait for it when they check. Resolves to null when it cannot be
 * fetched: the form then sends as it is and the server's 422 names the fields.
 */
export function addressRules(): Promise<ParseAddress | null> {
  loading ??= import("../../../domain/address-schema.ts").then((module) => module.parseAddress);
  return loading.catch((failure: unknown) => {
    loading = undefined;
    console.warn("address rules not loaded", failure);
    return null;
  });
}

/** Checks an address form's payload with the shared rules (or lets it through when they could not be loaded). */
export async function checkAddress(payload: unknown): Promise<ReturnType<ParseAddress> | { ok: true }> {
  const parse = await addressRules();
  return parse ? parse(payload) : { ok: true };
}
