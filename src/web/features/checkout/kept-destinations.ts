import type { AddressBookEntry } from "../../../domain/address-book.ts";
import { MAX_DESTINATIONS } from "../../../domain/destinations.ts";
import { isObject, sameShape } from "./kept-checkout-form.ts";
import { KEPT_DESTINATIONS_KEY } from "./kept-checkout-key.ts";
import type { DestinationForm } from "./destinations-form.ts";

// The several-destinations blocks (decision 087) kept in this tab's sessionStorage beside the
// one-destination form (kept-checkout-form.ts, decision 053), so a reload or a return from a
// gateway's page finds them as they were typed: whether the mode is on, each block's recipient,
// bottles, wish and gift. Dropped with the form (forgetCheckoutForm) and ignored for another account.

export interface KeptDestinations {
  several: boolean;
  destinations: DestinationForm[];
}

interface Stored {
  account: number | null;
  several: boolean;
  destinations: unknown;
}

export function keepDestinations(kept: KeptDestinations, account: number | null): void {
  try {
    // The blocks' keys are the page's own (React's): a new page gives new ones.
    const destinations = kept.destinations.map(({ key: _key, ...destination }) => destination);
    sessionStorage.setItem(KEPT_DESTINATIONS_KEY, JSON.stringify({ account, several: kept.several, destinations } satisfies Stored));
  } catch {
    // Storage full or blocked: the blocks work as before, without the copy.
  }
}

/**
 * The kept blocks, each laid over a new one (`fresh()`, with its own key) field by field, or null
 * when nothing is kept for this account or the copy is not a list of blocks.
 */
export function keptDestinations(account: number | null, fresh: () => DestinationForm): KeptDestinations | null {
  let kept: unknown;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEPT_DESTINATIONS_KEY) ?? "null");
  } catch {
    return null;
  }
  if (!isObject(kept) || kept.account !== account || typeof kept.several !== "boolean" || !Array.isArray(kept.destinations)) return null;
  const stored = kept.destinations.filter(isObject).slice(0, MAX_DESTINATIONS);
  if (stored.length === 0) return null;
  return { several: kept.several, destinations: stored.map((each) => destinationOf(each, fresh())) };
}

function destinationOf(stored: Record<string, unknown>, initial: DestinationForm): DestinationForm {
  const { key, ...shape } = initial;
  const destination: DestinationForm = { key, ...sameShape(shape, stored), quantities: quantitiesOf(stored.quantities) };
  // Optional parts a new block does not have: the recipient's フリガナ and a chosen address-book entry.
  const delivery = isObject(stored.delivery) ? stored.delivery : {};
  const other = isObject(delivery.other) ? delivery.other : {};
  if (typeof other.kana === "string") destination.delivery.other.kana = other.kana;
  const choice = destination.delivery.choice;
  if (choice.startsWith("book:")) {
    if (isObject(delivery.entry)) destination.delivery.entry = delivery.entry as unknown as AddressBookEntry;
    else destination.delivery.choice = initial.delivery.choice;
  } else if (choice !== "buyer" && choice !== "other") destination.delivery.choice = initial.delivery.choice;
  return destination;
}

/** Cart item id → bottles, whole numbers from 0 only. */
function quantitiesOf(stored: unknown): Record<string, number> {
  if (!isObject(stored)) return {};
  return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, number] => Number.isSafeInteger(entry[1]) && (entry[1] as number) >= 0));
}
