import { asc, desc, inArray } from "drizzle-orm";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { Database } from "../db/client.ts";
import { orderItemsTable, ordersTable } from "../db/schema/orders.ts";
import { AppError } from "../http/errors.ts";
import type { OrderItemRow, OrderRow } from "../orders/orders.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { AdminOrderFilters } from "./admin-orders.service.ts";
import { orderListWhere } from "./admin-orders.service.ts";
import { b2Csv, shipsWithB2 } from "./b2-cloud.csv.ts";
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
  constructor(
    private readonly db: Database,
    private readonly deps: { catalog: CatalogService; shopProfiles: ShopProfileService },
  ) {}

  async plainCsv(filters: Omit<AdminOrderFilters, "page">, locale: Locale, now = new Date()): Promise<CsvFile> {
    const orders = await this.ordersWithItems(filters);
    return { filename: `orders-${stamp(now)}.csv`, contentType: "text/csv; charset=utf-8", body: ordersCsv(orders, locale) };
  }

  /**
   * Parcels to hand to the carrier: the list's orders without cancelled ones (never shipped) and
   * without addresses abroad (B2 is for Japan); oldest first, the order they were taken in.
   */
  async b2CloudCsv(filters: Omit<AdminOrderFilters, "page">, now = new Date()): Promise<CsvFile> {
    const orders = (await this.ordersWithItems(filters))
      .filter(({ order }) => order.status !== "cancelled" && order.status !== "pending" && shipsWithB2(order))
      .reverse();
    const productIds = [...new Set(orders.flatMap(({ items }) => items.map((item) => item.productId).filter((id): id is number => id !== null)))];
    const products = await this.deps.catalog.purchasable(productIds, "ja");
    const withCool = orders.map((each) => ({ ...each, cool: each.items.some((item) => item.productId !== null && products.get(item.productId)?.shippingType === "cool") }));
    const shop = await this.deps.shopProfiles.profile();
    return { filename: `b2-cloud-${stamp(now)}.csv`, contentType: "text/csv; charset=Shift_JIS", body: b2Csv(withCool, shop, isoDay(now)) };
  }

  private async ordersWithItems(filters: Omit<AdminOrderFilters, "page">): Promise<{ order: OrderRow; items: OrderItemRow[] }[]> {
    const orders = await this.db
      .select()
      .from(ordersTable)
      .where(orderListWhere(filters))
      .orderBy(desc(ordersTable.createdAt), desc(ordersTable.id))
      .limit(EXPORT_MAX_ORDERS + 1);
    // Better a clear refusal than a file that silently misses orders.
    if (orders.length > EXPORT_MAX_ORDERS) throw new AppError("invalid", "exportTooLarge");
    if (orders.length === 0) return [];
    const items = await this.db
      .select()
      .from(orderItemsTable)
      .where(inArray(orderItemsTable.orderId, orders.map((order) => order.id)))
      .orderBy(asc(orderItemsTable.orderId), asc(orderItemsTable.position));
    const byOrder = new Map<number, OrderItemRow[]>();
    for (const item of items) (byOrder.get(item.orderId) ?? byOrder.set(item.orderId, []).get(item.orderId)!).push(item);
    return orders.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
  }
}
