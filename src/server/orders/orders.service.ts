import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { OrderPaymentMethod, OrderResource, OrdersPage } from "../../domain/checkout.ts";
import { prefectureName } from "../../domain/address.ts";
import type { Locale } from "../../domain/locale.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { Database } from "../db/client.ts";
import { orderItemsTable, ordersTable } from "../db/schema/orders.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";

export type OrderRow = typeof ordersTable.$inferSelect;
export type OrderItemRow = typeof orderItemsTable.$inferSelect;
export type NewOrder = Omit<typeof ordersTable.$inferInsert, "id" | "publicId" | "createdAt" | "updatedAt">;
export type NewOrderItem = Omit<typeof orderItemsTable.$inferInsert, "id" | "orderId" | "position">;

/** GET /api/orders answers this many orders a page. */
export const ORDERS_PER_PAGE = 10;

// Crockford's base32: no I, L, O or U, so a code read out on the phone is not mistaken.
const PUBLIC_ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const PUBLIC_ID_LENGTH = 12;

/** A random order code: 12 characters of base32, 60 bits, not guessable and not counting orders. */
export function newOrderPublicId(): string {
  const bytes = crypto.randomBytes(PUBLIC_ID_LENGTH);
  let id = "";
  for (const byte of bytes) id += PUBLIC_ID_ALPHABET[byte & 31];
  return id;
}

export const ORDER_PUBLIC_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/**
 * Orders as the shop keeps them. Writes take the caller's transaction (`executor`), because an order
 * is written together with its stock, its mail and its idempotency record. Its status changes only
 * through OrderMoves (order-moves.ts), never here.
 */
export class OrdersService {
  constructor(
    private readonly db: Database,
    private readonly deps: { catalog: CatalogService; shopProfiles: ShopProfileService },
  ) {}

  async create(executor: Database, order: NewOrder, items: NewOrderItem[]): Promise<OrderRow> {
    const [row] = await executor
      .insert(ordersTable)
      .values({ ...order, publicId: newOrderPublicId() })
      .returning();
    await executor.insert(orderItemsTable).values(items.map((item, position) => ({ ...item, orderId: row!.id, position })));
    return row!;
  }

  async byId(id: number, executor: Database = this.db): Promise<OrderRow | undefined> {
    const [row] = await executor.select().from(ordersTable).where(eq(ordersTable.id, id));
    return row;
  }

  async byPublicId(publicId: string, executor: Database = this.db): Promise<OrderRow | undefined> {
    if (!ORDER_PUBLIC_ID_PATTERN.test(publicId)) return undefined;
    const [row] = await executor.select().from(ordersTable).where(eq(ordersTable.publicId, publicId));
    return row;
  }

  async itemsOf(orderId: number, executor: Database = this.db): Promise<OrderItemRow[]> {
    return executor.select().from(orderItemsTable).where(eq(orderItemsTable.orderId, orderId)).orderBy(asc(orderItemsTable.position));
  }

  /** Card orders still waiting for their payment after their reservation ran out. */
  async pendingPast(now: Date, limit = 100): Promise<OrderRow[]> {
    const rows = await this.db
      .select()
      .from(ordersTable)
      .where(and(eq(ordersTable.status, "pending"), isNotNull(ordersTable.reservedUntil)))
      .orderBy(asc(ordersTable.reservedUntil))
      .limit(limit);
    return rows.filter((row) => row.reservedUntil! < now);
  }

  /**
   * Claims the right to charge a pending card order that has no payment yet, so concurrent posts of
   * one checkout never charge it side by side; a claim older than `staleAfterMs` (its request died)
   * may be taken over. False when another request holds it or the payment exists.
   */
  async claimCharge(orderId: number, now: Date = new Date(), staleAfterMs = 120_000): Promise<boolean> {
    const stale = new Date(now.getTime() - staleAfterMs);
    const claimed = await this.db
      .update(ordersTable)
      .set({ chargeStartedAt: now })
      .where(
        and(
          eq(ordersTable.id, orderId),
          eq(ordersTable.status, "pending"),
          isNull(ordersTable.paymentIntentId),
          or(isNull(ordersTable.chargeStartedAt), lt(ordersTable.chargeStartedAt, stale)),
        ),
      )
      .returning({ id: ordersTable.id });
    return claimed.length === 1;
  }

  /** Records the gateway's payment on the order once; false when it already holds another one. */
  async attachPaymentIntent(orderId: number, paymentIntentId: string): Promise<boolean> {
    const updated = await this.db
      .update(ordersTable)
      .set({ paymentIntentId, updatedAt: new Date() })
      .where(and(eq(ordersTable.id, orderId), isNull(ordersTable.paymentIntentId)))
      .returning({ id: ordersTable.id });
    if (updated.length === 1) return true;
    const order = await this.byId(orderId);
    return order?.paymentIntentId === paymentIntentId;
  }

  /**
   * GET /api/orders: the member's orders, newest first. Only confirmed orders are listed (bank and
   * cod at once, card once paid): a card order still pending, or abandoned before it was paid, was
   * never an order for the shopper. One the trader cancelled after confirming stays, as cancelled.
   */
  async history(userId: number, page: number, locale: Locale): Promise<OrdersPage> {
    const mine = and(eq(ordersTable.userId, userId), isNotNull(ordersTable.confirmedAt));
    const [total] = await this.db.select({ n: count() }).from(ordersTable).where(mine);
    const totalPage = Math.max(1, Math.ceil(Number(total?.n ?? 0) / ORDERS_PER_PAGE));
    const orders = await this.db
      .select()
      .from(ordersTable)
      .where(mine)
      .orderBy(desc(ordersTable.createdAt), desc(ordersTable.id))
      .limit(ORDERS_PER_PAGE)
      .offset((page - 1) * ORDERS_PER_PAGE);
    const items = orders.length
      ? await this.db
          .select()
          .from(orderItemsTable)
          .where(
            inArray(
              orderItemsTable.orderId,
              orders.map((order) => order.id),
            ),
          )
          .orderBy(asc(orderItemsTable.orderId), asc(orderItemsTable.position))
      : [];
    const productIds = [...new Set(items.flatMap((item) => (item.productId === null ? [] : [item.productId])))];
    const products = await this.deps.catalog.purchasable(productIds, locale);
    const { deliveryTimeBands } = await this.deps.shopProfiles.profile();
    return {
      data: orders.map((order) =>
        orderResource(
          order,
          items.filter((item) => item.orderId === order.id),
          locale,
          (productId) => (productId === null ? [] : (products.get(productId)?.product.images ?? [])),
          (code) => deliveryTimeBands[code]?.[locale] ?? null,
        ),
      ),
      meta: { pagination: { current_page: page, total_page: totalPage } },
    };
  }
}

function orderResource(
  order: OrderRow,
  items: OrderItemRow[],
  locale: Locale,
  imagesOf: (productId: number | null) => string[],
  bandLabel: (code: string) => string | null,
): OrderResource {
  return {
    id: order.publicId,
    attributes: {
      created_at: order.createdAt.toISOString(),
      status: order.status,
      payment_method: order.paymentMethod as OrderPaymentMethod,
      price: order.price,
      shipping_fee: order.shippingFee,
      payment_method_fee: order.paymentMethodFee,
      tax_total: order.taxTotal,
      slip_number: order.slipNumber,
      desired_delivery_date: order.desiredDeliveryDate,
      desired_delivery_timezone: order.desiredDeliveryTimezone,
      desired_delivery_timezone_label: order.desiredDeliveryTimezone ? bandLabel(order.desiredDeliveryTimezone) : null,
      memo: order.memo,
      address: { country: order.country, zip: order.zip, address: addressLine(order), building_name: order.buildingName },
      order_items: items.map((item) => ({
        id: item.id,
        product_id: item.productId,
        tax: item.taxRatePercent,
        unit_price: item.unitPrice,
        amount: item.amount,
        product: { name: locale === "ja" ? item.nameJa : item.nameEn, images: imagesOf(item.productId) },
      })),
    },
  };
}

/**
 * The address as one line: the prefecture (kept apart by the form) in front of the rest, in Japanese
 * whatever the page's language, as the carrier's slip is written.
 */
export function addressLine(order: Pick<OrderRow, "prefecture" | "address">): string {
  const prefecture = order.prefecture === null ? undefined : prefectureName(order.prefecture, "ja");
  return prefecture && !order.address.startsWith(prefecture) ? `${prefecture}${order.address}` : order.address;
}
