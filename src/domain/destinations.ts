import type { CheckoutLine, CheckoutTerms } from "./checkout-totals.ts";
import type { GiftOptions, GiftSettings } from "./gift.ts";
import { taxOn } from "./money.ts";
import { itemsSubtotal } from "./order-totals.ts";
import type { ShippingQuote } from "./shipping-table.ts";
import { shippingQuote } from "./shipping-table.ts";

/**
 * Several destinations in one order (issue #33 item 1, decision 087): each destination (お届け先) is a
 * parcel of its own, with its bottles, its gift options and its shipping fee by prefecture, boxes and
 * cool. The free-shipping line applies per destination (「1配送先あたり」), as Japanese shops do: a
 * destination whose goods with tax reach the line ships free, the others pay their own fee.
 */

/** The most destinations one order takes (Shopserve's 100 for お歳暮). */
export const MAX_DESTINATIONS = 100;

/** One destination as the charges need it: its bottles, where it goes, its gift options. */
export interface DestinationCharging {
  lines: readonly CheckoutLine[];
  /** 1–47, or null abroad / not chosen (the shop's own zone). */
  prefecture: number | null;
  gift: GiftOptions | null;
}

/** The destination's shipping: its boxes, cool, fee; free when its own goods with tax reach the line. */
export function destinationQuote(destination: DestinationCharging, terms: Pick<CheckoutTerms, "shipping" | "taxRatePercent">): ShippingQuote {
  const items = itemsSubtotal(destination.lines);
  return shippingQuote(destination.lines, destination.prefecture, terms.shipping, items + taxOn(items, terms.taxRatePercent));
}

/** Each destination's quote, in order; the order's shipping charge is their sum. */
export function destinationQuotes(destinations: readonly DestinationCharging[], terms: Pick<CheckoutTerms, "shipping" | "taxRatePercent">): ShippingQuote[] {
  return destinations.map((destination) => destinationQuote(destination, terms));
}

/** The wrapping charge of several destinations: the trader's fee once per destination wrapped. */
export function destinationsWrappingFee(destinations: readonly DestinationCharging[], settings: GiftSettings): number {
  return destinations.filter((destination) => destination.gift?.wrapping).length * settings.wrappingFee;
}
