import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import { and, count, desc, eq, gte, ilike, lt, ne, or, type SQL } from "drizzle-orm";
import type { OrderPaymentMethod, OrderStatus } from "../../domain/checkout.ts";
import type { Locale } from "../../domain/locale.ts";
import { staffMoves } from "../../domain/order-status.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { returnStock } from "../catalog/catalog.stock.ts";
import type { Database } from "../db/client.ts";
import { ordersTable } from "../db/schema/orders.ts";
import { AppError } from "../http/errors.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { OrderItemRow, OrderRow, OrdersService } from "../orders/orders.service.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { PaymentGatewayError } from "../payments/payment-gateway.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { OrderStatusMailKind } from "./order-status.mails.ts";
import { orderStatusMail } from "./order-status.mails.ts";

/** The back office lists this many orders a page. */
export const ADMIN_ORDERS_PER_PAGE = 20;

export interface AdminOrderFilters {
  status?: OrderStatus | undefined;
  paymentMethod?: OrderPaymentMethod | undefined;
  /** Japan dates, yyyy-mm-dd, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  page: number;
}

export interface AdminOrderSummary {
  id: string;
  created_at: string;
  status: OrderStatus;
  payment_method: OrderPaymentMethod;
  name: string;
  email: string;
  price: number;
}

export interface AdminOrdersPage {
  data: AdminOrderSummary[];
  meta: { pagination: { current_page: number; total_page: number; total_count: number } };
}

export interface AdminOrderDetail extends AdminOrderSummary {
  phone: string;
  country: string;
  zip: string;
  prefecture: number | null;
  address: string;
  building_name: string;
  desired_delivery_date: string | null;
  desired_delivery_timezone: string | null;
  memo: string;
  items: { product_id: number | null; name: string; unit_price: number; amount: number; line_total: number }[];
  items_total: number;
  shipping_fee: number;
  payment_method_fee: number;
  tax_total: number;
  slip_number: string | null;
  locale: Locale;
  next: OrderStatus[];
}

/** The first instant of a Japan date (Japan keeps no daylight saving time, so always +09:00). */
export function japanMidnight(date: string, plusDays = 0): Date {
  const start = new Date(`${date}T00:00:00+09:00`);
  return new Date(start.getTime() + plusDays * 86_400_000);
}

/** `%` and `_` in a search are letters, not wildcards. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The list's filters as SQL; the CSV exports use the same, so they hold what the list shows. */
export function orderListWhere(filters: Omit<AdminOrderFilters, "page">): SQL | undefined {
  const conditions: SQL[] = [];
  // A card order still waiting for 3-D Secure is not an order yet; it is shown only when asked for.
  conditions.push(filters.status ? eq(ordersTable.status, filters.status) : ne(ordersTable.status, "pending"));
  if (filters.paymentMethod) conditions.push(eq(ordersTable.paymentMethod, filters.paymentMethod));
  if (filters.from) conditions.push(gte(ordersTable.createdAt, japanMidnight(filters.from)));
  if (filters.to) conditions.push(lt(ordersTable.createdAt, japanMidnight(filters.to, 1)));
  const q = filters.q?.trim();
  if (q) {
    const pattern = containing(q);
    conditions.push(or(ilike(ordersTable.name, pattern), ilike(ordersTable.email, pattern), ilike(ordersTable.publicId, pattern))!);
  }
  return and(...conditions);
}

/**
 * The trader's view of orders: the list with filters, one order with everything the shopper gave,
 * and the moves of the back office (money received, shipped, cancelled). Every move is checked
 * against staffMoves (src/domain/order-status.ts) and done as a guarded update, so two staff
 * members clicking at once move an order once; the shopper's mail is written in the same
 * transaction as the move.
 */
export class AdminOrdersService {
  constructor(
    private readonly db: Database,
    private readonly deps: { orders: OrdersService; gateway: PaymentGateway; catalog: CatalogService; mail: MailService; shopProfiles: ShopProfileService },
    private readonly settings: { publicUrl: string },
  ) {}

  async list(filters: AdminOrderFilters): Promise<AdminOrdersPage> {
    const where = orderListWhere(filters);
    const [total] = await this.db.select({ n: count() }).from(ordersTable).where(where);
    const totalCount = Number(total?.n ?? 0);
    const rows = await this.db
      .select()
      .from(ordersTable)
      .where(where)
      .orderBy(desc(ordersTable.createdAt), desc(ordersTable.id))
      .limit(ADMIN_ORDERS_PER_PAGE)
      .offset((filters.page - 1) * ADMIN_ORDERS_PER_PAGE);
    return {
      data: rows.map(summaryOf),
      meta: { pagination: { current_page: filters.page, total_page: Math.max(1, Math.ceil(totalCount / ADMIN_ORDERS_PER_PAGE)), total_count: totalCount } },
    };
  }

  async detail(publicId: string, locale: Locale): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    return detailOf(order, await this.deps.orders.itemsOf(order.id), locale);
  }

  /** await_payment → deposited where the method allows it (bank): the transfer arrived. */
  async deposit(publicId: string, locale: Locale): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "deposited");
    const moved = await this.moveWithMail(order, "deposited", {});
    return this.detail(moved.publicId, locale);
  }

  /** await_payment (where the method allows it: cod) or deposited → sent, with the carrier's slip number. */
  async ship(publicId: string, slipNumber: string, locale: Locale): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "sent");
    const moved = await this.moveWithMail(order, "sent", { slipNumber });
    return this.detail(moved.publicId, locale);
  }

  /**
   * → cancelled: the bottles go back on the shelf and a paid card order is refunded. The refund is
   * asked first (the gateway cannot take part in our transaction, and an order marked cancelled with
   * the money kept would be worse than a refused click); its idempotency key is the order's, so a
   * retried cancel never refunds twice.
   */
  async cancel(publicId: string, locale: Locale): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "cancelled");
    const paid = order.status === "deposited";
    const refunds = storedPaymentMethod(order.paymentMethod).paidCancellation === "refund";
    const refunded = paid && refunds && order.paymentIntentId !== null;
    if (refunded) await this.refund(order);
    // The mail tells what happens to the money only when something does: refunded, or returned by hand.
    const moved = await this.moveWithMail(order, "cancelled", {}, { paid: refunds ? refunded : paid });
    await this.deps.catalog.changed();
    return this.detail(moved.publicId, locale);
  }

  private async refund(order: OrderRow): Promise<void> {
    try {
      const refund = await this.deps.gateway.refund(order.paymentIntentId!, undefined, { idempotencyKey: `kura-cancel-refund-${order.publicId}` });
      if (refund.status === "failed" || refund.status === "canceled") throw new AppError("unavailable", "refundFailed");
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw new AppError("unavailable", "refundFailed");
      throw error;
    }
  }

  private async mustFind(publicId: string): Promise<OrderRow> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order) throw new AppError("not-found");
    return order;
  }

  private async allowedMove(publicId: string, to: OrderStatus): Promise<OrderRow> {
    const order = await this.mustFind(publicId);
    if (!staffMoves(order.status, order.paymentMethod).includes(to)) throw new AppError("conflict", "orderMoveNotAllowed");
    return order;
  }

  /** The guarded move from the status the order was read in, its stock (on cancel) and the shopper's mail, in one transaction. */
  private async moveWithMail(
    order: OrderRow,
    to: OrderStatusMailKind,
    set: { slipNumber?: string },
    mailOptions: { paid?: boolean } = {},
  ): Promise<OrderRow> {
    // Read before the transaction: PGlite has one connection, a query beside an open transaction would wait forever.
    const shop = await this.deps.shopProfiles.profile();
    const moved = await this.db.transaction(async (tx) => {
      const row = await this.deps.orders.move(tx, order.id, to, { from: [order.status], set: { ...set, ...(to === "cancelled" ? { reservedUntil: null } : {}) } });
      if (!row) return undefined;
      if (to === "cancelled") {
        for (const item of await this.deps.orders.itemsOf(order.id, tx)) {
          if (item.productId !== null) await returnStock(tx, item.productId, item.amount);
        }
      }
      await this.deps.mail.enqueue(tx, row.email, orderStatusMail(shop, this.settings.publicUrl, to, row, mailOptions));
      return row;
    });
    // Someone else moved the order between our read and our update.
    if (!moved) throw new AppError("conflict", "orderMoveNotAllowed");
    this.deps.mail.kick();
    return moved;
  }
}

function summaryOf(order: OrderRow): AdminOrderSummary {
  return {
    id: order.publicId,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    payment_method: order.paymentMethod,
    name: order.name,
    email: order.email,
    price: order.price,
  };
}

function detailOf(order: OrderRow, items: OrderItemRow[], locale: Locale): AdminOrderDetail {
  return {
    ...summaryOf(order),
    phone: order.phone,
    country: order.country,
    zip: order.zip,
    prefecture: order.prefecture,
    address: order.address,
    building_name: order.buildingName,
    desired_delivery_date: order.desiredDeliveryDate,
    desired_delivery_timezone: order.desiredDeliveryTimezone,
    memo: order.memo,
    items: items.map((item) => ({
      product_id: item.productId,
      name: locale === "ja" ? item.nameJa : item.nameEn,
      unit_price: item.unitPrice,
      amount: item.amount,
      line_total: item.unitPrice * item.amount,
    })),
    items_total: order.itemsTotal,
    shipping_fee: order.shippingFee,
    payment_method_fee: order.paymentMethodFee,
    tax_total: order.taxTotal,
    price: order.price,
    slip_number: order.slipNumber,
    locale: order.locale,
    next: staffMoves(order.status, order.paymentMethod),
  };
}
