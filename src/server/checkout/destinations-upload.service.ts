import { destinationsCsvColumnOf, DESTINATIONS_CSV_COLUMNS, parseDestinationsCsv } from "../../domain/destinations-csv.ts";
import type { CheckoutShipmentInput } from "../../domain/destinations-csv.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { AddressService } from "../address/address.service.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { checkoutShipmentSchema } from "../../domain/checkout.ts";
import { z } from "../../domain/zod.ts";
import { deliveryDatesFor } from "./delivery-calendar.ts";
import { checkoutText } from "./checkout.texts.ts";
import { destinationsFieldErrors } from "./checkout.validation.ts";

/** One problem of an uploaded list: the file's line, its column's header name, the message in the request's language. */
export interface UploadProblem {
  line: number;
  column: string;
  message: string;
}

export type DestinationsUploadAnswer =
  { ok: true; shipments: CheckoutShipmentInput[]; lines: number[][]; items: { id: number; amount: number }[] } | { ok: false; errors: UploadProblem[] };

/**
 * The gift sender's uploaded list of destinations (decision 087): read and checked by the domain's
 * parser, then as checkout will check it — the products exist and are buyable in these numbers, each
 * recipient's address (its postcode and prefecture), its wish against its prefecture's calendar, its
 * time band and gift options — every problem answered by line and column before anything is ordered.
 * Writes nothing: the page keeps the destinations and posts them with the order.
 */
export class DestinationsUploadService {
  constructor(private readonly deps: { catalog: CatalogService; addresses: AddressService; shopProfiles: ShopProfileService }) {}

  async read(bytes: Uint8Array, locale: Locale): Promise<DestinationsUploadAnswer> {
    const parsed = parseDestinationsCsv(bytes);
    const errors: UploadProblem[] = parsed.ok ? [] : parsed.errors.map((error) => ({ line: error.line, column: error.column, message: error.message[locale] }));
    // The rows that passed the file's own checks are checked further, so every problem is told at once.
    const read = parsed.ok ? parsed : parsed.partial;
    if (!read) return { ok: false, errors };
    const shop = await this.deps.shopProfiles.profile();

    // A time band as its code (14-16) or its label as the checkout page shows it (14-16時, 午前中).
    const bandKey = (text: string) =>
      text
        .normalize("NFKC")
        .replace(/[\s~〜～-]/gu, "")
        .toLowerCase();
    const bands = new Map<string, string>();
    for (const [code, label] of Object.entries(shop.deliveryTimeBands)) for (const text of [code, label.ja, label.en]) bands.set(bandKey(text), code);
    const shipments = read.shipments.map((shipment) => ({
      ...shipment,
      desired_delivery_timezone: shipment.desired_delivery_timezone
        ? (bands.get(bandKey(shipment.desired_delivery_timezone)) ?? shipment.desired_delivery_timezone)
        : "",
    }));

    // The products: on sale, and enough of them for the whole list.
    const products = await this.deps.catalog.purchasable(
      read.items.map((item) => item.id),
      locale,
    );
    const firstLineOf = (id: number) => {
      const at = shipments.findIndex((shipment) => shipment.items.some((item) => item.id === id));
      return read.lines[at]?.[0] ?? 0;
    };
    for (const item of read.items) {
      const product = products.get(item.id);
      if (!product || !product.published || product.available <= 0)
        errors.push({ line: firstLineOf(item.id), column: DESTINATIONS_CSV_COLUMNS.product.ja, message: checkoutText("itemUnavailable", locale) });
      else if (item.amount > product.available)
        errors.push({
          line: firstLineOf(item.id),
          column: DESTINATIONS_CSV_COLUMNS.amount.ja,
          message: `${product.product.name}: ${checkoutText("itemStockShort", locale, { count: product.available })}`,
        });
    }

    // Each destination as checkout checks it, its messages put back on its first line.
    const withPrefecture = await Promise.all(
      shipments.map(async (shipment) => ({
        ...shipment,
        recipient: (await this.deps.addresses.withPrefecture(shipment.recipient)) as typeof shipment.recipient,
      })),
    );
    const facts = await this.deps.addresses.facts(withPrefecture.map((shipment) => shipment.recipient));
    const checked = z.array(checkoutShipmentSchema).parse(withPrefecture);
    const fields = destinationsFieldErrors(checked, {
      locale,
      todayInJapan: japanDateOf(new Date()),
      deliveryDates: (prefecture) => deliveryDatesFor(shop, new Date(), prefecture),
      timeBandCodes: Object.keys(shop.deliveryTimeBands),
      signedIn: false,
      hasSavedCard: false,
      validateAddress: (address) => this.deps.addresses.validate(address, locale, facts),
      giftSettings: shop.gift,
    });
    for (const [field, messages] of Object.entries(fields)) {
      const index = Number(/^shipments\.(\d+)/.exec(field)?.[1] ?? 0);
      for (const message of messages) errors.push({ line: read.lines[index]?.[0] ?? 0, column: destinationsCsvColumnOf(field), message });
    }
    if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
    return { ok: true, shipments: withPrefecture, lines: read.lines, items: read.items };
  }
}
