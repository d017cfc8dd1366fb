import { japanDateOf } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { OrderView } from "../../domain/order-view.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { DomainError } from "../../domain/errors.ts";
import type { OrderListFilters, OrdersService } from "../orders/orders.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { B2CloudCheck, B2RowNote } from "../../domain/back-office.ts";
import { parcelViews } from "../../domain/order-view.ts";
import { b2Csv, hasB2BillingCodes, shipsWithB2 } from "./b2-cloud.csv.ts";
import { ordersCsv } from "./order-export.csv.ts";

/** One export holds at most this many orders: years of a small shop, and a bounded answer. */
export const EXPORT_MAX_ORDERS = 5000;

export interface CsvFile {
  filename: string;
  contentType: string;
  body: string | Buffer;
}

function stamp(now: Date): string {
  const { year, month, day } = japanDateOf(now);
  return `${year}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}

function isoDay(now: Date): string {
  const { year, month, day } = japanDateOf(now);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The orders list as files: a plain CSV, and the carrier's upload for Yamato B2 Cloud. */
export class OrderExportService {
  constructor(private readonly deps: { orders: OrdersService; catalog: CatalogService; shopProfiles: ShopProfileService }) {}

  async plainCsv(filters: OrderListFilters, locale: Locale, now = new Date()): Promise<CsvFile> {
    const orders = await this.orders(filters);
    return { filename: `orders-${stamp(now)}.csv`, contentType: "text/csv; charset=utf-8", body: ordersCsv(orders, locale) };
  }

  /**
   * Parcels to hand to the carrier: the list's orders without cancelled ones (never shipped) and
   * without addresses abroad (B2 is for Japan); with no status asked for, only those with a parcel
   * ready to ship (paid, or cash on delivery). Oldest first, the order they were taken in. Refused until the
   * settings hold the billing codes B2 needs, so no file is made that B2 would not import.
   */
  async b2CloudCsv(filters: OrderListFilters, now = new Date()): Promise<CsvFile> {
    const { body } = await this.b2Cloud(filters, now);
    return { filename: `b2-cloud-${stamp(now)}.csv`, contentType: "text/csv; charset=Shift_JIS", body };
  }

  /** What the B2 file of these filters would hold: how many rows, and the rows whose text was replaced or cut. */
  async b2CloudCheck(filters: OrderListFilters, now = new Date()): Promise<B2CloudCheck> {
    const shop = await this.deps.shopProfiles.profile();
    if (!hasB2BillingCodes(shop)) return { ready: false, count: 0, notes: [] };
    const { notes, count } = await this.b2Cloud(filters, now);
    return { ready: true, count, notes };
  }

  private async b2Cloud(filters: OrderListFilters, now: Date): Promise<{ body: Buffer; notes: B2RowNote[]; count: number }> {
    const shop = await this.deps.shopProfiles.profile();
    if (!hasB2BillingCodes(shop)) throw new DomainError("invalid", "b2BillingCodesMissing");
    const listed = await this.orders(filters);
    // With no status asked for, the parcels ready to ship (decision 076: a shipment's state — paid, or paid on delivery or later).
    const ready = filters.status === undefined ? await this.deps.orders.withShipmentReady(listed.map((order) => order.publicId)) : null;
    const orders = listed
      .filter((order) => order.status !== "cancelled" && order.status !== "pending" && (ready === null || ready.has(order.publicId)))
      .reverse();
    const productIds = [...new Set(orders.flatMap((order) => order.items.map((item) => item.productId).filter((id): id is number => id !== null)))];
    const products = await this.deps.catalog.purchasable(productIds, "ja");
    // A row per parcel: several destinations (decision 087) are a row each, with its recipient, wish, gift and cool.
    const withCool = orders
      .flatMap((order) => parcelViews(order))
      .filter((parcel) => shipsWithB2(parcel.view))
      .map(({ view, destination }) => ({
        order: view,
        cool: view.items.some((item) => item.productId !== null && products.get(item.productId)?.shippingType === "cool"),
        ...(destination ? { position: destination.position } : {}),
      }));
    return { ...b2Csv(withCool, shop, isoDay(now)), count: withCool.length };
  }

  private async orders(filters: OrderListFilters): Promise<OrderView[]> {
    const orders = await this.deps.orders.listAll(filters, EXPORT_MAX_ORDERS + 1);
    // Better a clear refusal than a file that silently misses orders.
    if (orders.length > EXPORT_MAX_ORDERS) throw new DomainError("invalid", "exportTooLarge");
    return orders;
  }
}
