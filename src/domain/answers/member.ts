import type { AddressResource, PostcodeEntry } from "../address.ts";
import type { AddressBookEntry } from "../address-book.ts";
import type { SavedCard } from "../card.ts";
import type { MagazineSubscriptionResource } from "../magazine.ts";
import { z } from "../zod.ts";
import { dataAndNoticeOf, dataOf, postalAddressShape, type SameShape } from "./common.ts";
import { recipientAnswerSchema } from "./orders.ts";

/** The member's own records (address, address book, card, mail magazine), the inquiry and the reference lists. */

export const addressSchema = z.object({ ...postalAddressShape, country_name: z.string() });
export const addressMatches: SameShape<z.output<typeof addressSchema>, AddressResource> = true;
/** GET /api/address (null before one is saved) and PUT /api/address. */
export const savedAddressAnswer = dataOf(addressSchema.nullable());
export const addressSavedAnswer = dataOf(addressSchema);

/** An entry is a recipient as orders name one, with its id and the country's name. */
export const addressBookEntrySchema = z.object({ id: z.number(), ...recipientAnswerSchema.shape, country_name: z.string() });
export const addressBookEntryMatches: SameShape<z.output<typeof addressBookEntrySchema>, AddressBookEntry> = true;
/** GET /api/address-book. */
export const addressBookAnswer = dataOf(z.array(addressBookEntrySchema));
/** POST (201) and PUT /api/address-book/{id}. */
export const addressBookEntryAnswer = dataOf(addressBookEntrySchema);

export const savedCardSchema = z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() });
export const savedCardMatches: SameShape<z.output<typeof savedCardSchema>, SavedCard> = true;
/** GET /api/cards and DELETE /api/cards (card: null). */
export const cardAnswer = z.object({ card: savedCardSchema.nullable() });
/** PUT /api/cards: the card saved and the notice. */
export const cardSavedAnswer = z.object({ card: savedCardSchema, message: z.string() });
/** GET /api/cards/edit: the gateway's setup secret. */
export const cardSetupAnswer = z.object({ client_secret: z.string() });

export const magazineSubscriptionSchema = z.object({ email: z.string(), status: z.enum(["none", "pending", "subscribed", "unsubscribed"]) });
export const magazineSubscriptionMatches: SameShape<z.output<typeof magazineSubscriptionSchema>, MagazineSubscriptionResource> = true;
/** GET /api/magazine/subscription. */
export const magazineSubscriptionAnswer = dataOf(magazineSubscriptionSchema);
/** PUT /api/magazine/subscription: the subscription and the notice. */
export const magazineSubscriptionSavedAnswer = dataAndNoticeOf(magazineSubscriptionSchema);
/** POST /api/magazine/unsubscribe (a mail link's token). */
export const magazineUnsubscribedAnswer = dataAndNoticeOf(z.object({ status: z.literal("unsubscribed") }));

/** 201 of POST /api/inquiries: the inquiry as received and the notice. */
export const inquiryReceivedAnswer = dataAndNoticeOf(
  z.object({ id: z.string(), name: z.string(), email: z.string(), subject: z.string(), message: z.string() }),
);

/** GET /api/countries?q=. */
export const countriesAnswer = dataOf(z.array(z.object({ id: z.string(), name: z.string() })));
const postcodeEntrySchema = z.object({ prefecture: z.number(), city: z.string(), town: z.string() });
export const postcodeEntryMatches: SameShape<z.output<typeof postcodeEntrySchema>, PostcodeEntry> = true;
/** GET /api/postcodes/{zip3}: code → entry. */
export const postcodesAnswer = dataOf(z.record(z.string(), postcodeEntrySchema));
