import type { AddressBookEntry } from "../../../domain/address-book.ts";
import type { CartItem } from "../../../domain/cart.ts";
import type { CheckoutPayload } from "../../../domain/checkout.ts";
import type { DestinationCharging } from "../../../domain/destinations.ts";
import { MAX_DESTINATIONS } from "../../../domain/destinations.ts";
import type { NoshiPlacement } from "../../../domain/gift.ts";
import { NOSHI_PLACEMENTS } from "../../../domain/gift.ts";
import type { I18n } from "../../i18n/i18n.tsx";
import { recipientFormValue } from "../../shared/address/recipient-fields.tsx";
import { checkoutLinesOf } from "./checkout-figures.ts";
import { addressOfFields } from "./checkout-fields.ts";
import type { DeliveryWish, GiftFormValue } from "./checkout-order.ts";
import { emptyGiftForm, giftOptionsOfForm, giftPayloadOf } from "./checkout-order.ts";
import type { DeliveryFormValue } from "./delivery-choice.tsx";
import { recipientOf } from "./delivery-choice.tsx";
import "../../i18n/destinations-pages-texts.ts";

/**
 * The several-destinations blocks (decision 087) as data: what the page's blocks hold, the order's
 * `shipments` and charges they make, the checks made before sending, and — for the form posted
 * before or without JavaScript (decision 096) — the blocks read back from their fields' names.
 */
export interface DestinationForm {
  key: string;
  delivery: DeliveryFormValue;
  /** Cart item id → bottles for this destination. */
  quantities: Record<string, number>;
  wish: DeliveryWish;
  gift: GiftFormValue;
}

let nextKey = 0;
export const newDestinationKey = () => `d${(nextKey += 1)}`;

export function emptyDestination(defaultCountryName: string, omotegaki: readonly string[]): DestinationForm {
  return {
    key: newDestinationKey(),
    delivery: { choice: "other", other: recipientFormValue(null, defaultCountryName) },
    quantities: {},
    wish: { date: "", timezone: "" },
    gift: emptyGiftForm(omotegaki),
  };
}

/** Where a destination goes: its prefecture (null: the orderer's). */
export function prefectureOfDestination(destination: DestinationForm, buyerPrefecture: number | null): number | null {
  const recipient = recipientOf(destination.delivery);
  return recipient ? recipient.prefecture : buyerPrefecture;
}

export function itemsOfDestination(destination: DestinationForm, items: readonly CartItem[]): CartItem[] {
  return items.map((item) => ({ ...item, amount: destination.quantities[item.id] ?? 0 })).filter((item) => item.amount > 0);
}

/** Each destination as the charges need it (the same domain rule the server charges with). */
export function destinationsCharging(
  destinations: readonly DestinationForm[],
  items: readonly CartItem[],
  buyerPrefecture: number | null,
): DestinationCharging[] {
  return destinations.map((destination) => ({
    lines: checkoutLinesOf(itemsOfDestination(destination, items)),
    prefecture: prefectureOfDestination(destination, buyerPrefecture),
    gift: giftOptionsOfForm(destination.gift),
  }));
}

/** The order's `shipments`. */
export function shipmentsPayload(destinations: readonly DestinationForm[], items: readonly CartItem[]): NonNullable<CheckoutPayload["shipments"]> {
  return destinations.map((destination) => {
    const gift = giftPayloadOf(destination.gift);
    return {
      recipient: recipientOf(destination.delivery) ?? null,
      items: itemsOfDestination(destination, items).map((item) => ({ id: Number(item.id), amount: item.amount })),
      desired_delivery_date: destination.wish.date,
      desired_delivery_timezone: destination.wish.timezone,
      ...(gift ? { gift } : {}),
    };
  });
}

/** What must hold before the order is sent: every bottle of the cart assigned, no destination empty. Messages, or none. */
export function destinationsProblems(destinations: readonly DestinationForm[], items: readonly CartItem[], t: I18n["t"]): string[] {
  const problems: string[] = [];
  for (const item of items) {
    const assigned = destinations.reduce((sum, destination) => sum + (destination.quantities[item.id] ?? 0), 0);
    if (assigned !== item.amount) problems.push(t("destinations.unassigned", { name: item.name, ordered: item.amount, assigned }));
  }
  destinations.forEach((destination, index) => {
    if (itemsOfDestination(destination, items).length === 0) problems.push(t("destinations.emptyDestination", { n: index + 1 }));
  });
  return problems;
}

/** The blocks with no bottle assigned anywhere yet: the first takes all of the cart's; otherwise as they are. */
export function withAllBottlesFirst(destinations: readonly DestinationForm[], items: readonly CartItem[]): DestinationForm[] {
  const assigned = destinations.some((destination) => Object.values(destination.quantities).some((amount) => amount > 0));
  const [first, ...others] = destinations;
  if (assigned || !first) return [...destinations];
  return [{ ...first, quantities: Object.fromEntries(items.map((item) => [item.id, item.amount])) }, ...others];
}

// The blocks' field names, the same with and without JavaScript (one form, decision 096).
/** The switch: "1" when the order goes to several destinations. */
export const SEVERAL_FIELD = "several";
/** The submit buttons that change the blocks without placing the order: "add", or "remove:<index>". */
export const DESTINATIONS_ACTION_FIELD = "destinations_action";
/** A block's field: dest0_name, dest0_zip, dest0_qty_12, dest0_noshi… */
export const destinationField = (index: number, name: string) => `dest${index}_${name}`;

/** A block's choice as posted: "buyer", "other", or an address-book entry the shopper has ("book:{id}"). */
function deliveryOfFields(values: Record<string, string>, index: number, book: readonly AddressBookEntry[], defaultCountryName: string): DeliveryFormValue {
  const field = (name: string) => values[destinationField(index, name)] ?? "";
  const posted = field("choice");
  const entry = posted.startsWith("book:") ? book.find((each) => `book:${each.id}` === posted) : undefined;
  // An entry that is not the shopper's (or no longer there): the typed fields, which the API checks.
  const choice = posted === "buyer" || entry ? posted : "other";
  const kana = values[destinationField(index, "kana")];
  return {
    choice,
    other: {
      name: field("name"),
      ...(kana === undefined ? {} : { kana }),
      phone: field("phone"),
      address: addressOfFields(values, destinationField(index, ""), defaultCountryName),
    },
    ...(entry ? { entry } : {}),
  };
}

function giftOfFields(values: Record<string, string>, index: number, omotegaki: readonly string[]): GiftFormValue {
  const has = (name: string) => destinationField(index, name) in values;
  const field = (name: string, fallback: string) => values[destinationField(index, name)] ?? fallback;
  const empty = emptyGiftForm(omotegaki);
  const placement = field("placement", empty.placement) as NoshiPlacement;
  const message = field("message", "");
  return {
    wrapping: has("wrapping"),
    noshi: has("noshi"),
    omotegaki: field("omotegaki", empty.omotegaki),
    placement: NOSHI_PLACEMENTS.includes(placement) ? placement : empty.placement,
    name: field("noshi_name", ""),
    messageCard: message.trim() !== "",
    message,
    hidePrices: has("hide_prices"),
  };
}

/**
 * The blocks as posted (dest0_…, dest1_… up to the first index not posted, at most 100), the bottles
 * read for the cart's items only; none posted: an empty list. Keys are the blocks' places (`p0`, `p1`…).
 */
export function destinationsOfFields(
  values: Record<string, string>,
  items: readonly CartItem[],
  options: { defaultCountryName: string; omotegaki: readonly string[]; book?: readonly AddressBookEntry[] },
): DestinationForm[] {
  const destinations: DestinationForm[] = [];
  for (let index = 0; index < MAX_DESTINATIONS && destinationField(index, "choice") in values; index += 1) {
    const quantities: Record<string, number> = {};
    for (const item of items) {
      const amount = (values[destinationField(index, `qty_${item.id}`)] ?? "").trim();
      if (/^\d{1,4}$/.test(amount)) quantities[item.id] = Number(amount);
    }
    const wish: DeliveryWish = { date: values[destinationField(index, "date")] ?? "", timezone: values[destinationField(index, "timezone")] ?? "" };
    destinations.push({
      key: `p${index}`,
      delivery: deliveryOfFields(values, index, options.book ?? [], options.defaultCountryName),
      quantities,
      wish,
      gift: giftOfFields(values, index, options.omotegaki),
    });
  }
  return destinations;
}

/**
 * What a block button posted without JavaScript does to the blocks: "add" appends an empty one (up to
 * 100), "remove:<index>" removes that one (never the last); anything else changes nothing. Keys are
 * the places again, so the page drawn from them has the same keys on the server and in the browser.
 */
export function destinationsAfterAction(action: string, destinations: readonly DestinationForm[], fresh: () => DestinationForm): DestinationForm[] {
  let next = [...destinations];
  if (action === "add" && next.length < MAX_DESTINATIONS) next.push(fresh());
  const removed = /^remove:(\d{1,3})$/.exec(action);
  if (removed && next.length > 1) next = next.filter((_, index) => index !== Number(removed[1]));
  return next.map((destination, index) => ({ ...destination, key: `p${index}` }));
}

/** The messages of the order's answer about the destinations (shipments, shipments.3.recipient.zip…), and the others. */
export function splitShipmentFields(fields: Record<string, string[]>): { shipments: Record<string, string[]>; others: Record<string, string[]> } {
  const shipments: Record<string, string[]> = {};
  const others: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fields)) {
    if (key === "shipments" || key.startsWith("shipments.")) shipments[key] = messages;
    else others[key] = messages;
  }
  return { shipments, others };
}

/** The destinations' messages as a list to show at the page's top: 「お届け先 4: 郵便番号を…」 (the general ones as they are). */
export function destinationsFieldMessages(errors: Record<string, string[]>, t: I18n["t"]): string[] {
  return Object.entries(errors).flatMap(([key, messages]) => {
    const place = /^shipments\.(\d+)\./.exec(key);
    return place ? messages.map((message) => t("destinations.fieldError", { n: Number(place[1]) + 1, message })) : messages;
  });
}

/** Whether a posted field is a block's recipient choice (dest0_choice…). */
export function isDestinationChoiceField(name: string): boolean {
  return /^dest\d{1,3}_choice$/.test(name);
}
