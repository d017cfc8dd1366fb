import type { RecipientInput } from "./recipient.ts";

/**
 * One entry of a member's address book (GET /api/address-book): someone they send to, with the
 * country's name in the request's locale. The contract's saved address (GET /api/address) stays the
 * member's own, default one and is not listed here.
 */
export interface AddressBookEntry extends RecipientInput {
  id: number;
  country_name: string;
}

/** A member keeps at most this many (a family's and friends' addresses, not a mailing list). */
export const ADDRESS_BOOK_MAX_ENTRIES = 50;
