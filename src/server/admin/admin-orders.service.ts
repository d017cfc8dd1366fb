import { and, count, desc, eq, gte, ilike, lt, ne, or, type SQL } from "drizzle-orm";
import type { OrderPaymentMethod, OrderStatus } from "../../domain/checkout.ts";
import type { Locale } from "../../domain/locale.ts";
import type { OrderHistoryEntry } from "../../domain/order-status.ts";
import { staffMoves } from "../../domain/order-status.ts";
import type { Database } from "../db/client.ts";
import { ordersTable } from "../db/schema/orders.ts";
import { AppError } from "../http/errors.ts";
import type { OrderActor, OrderMoves } from "../orders/order-moves.ts";
import type { OrderItemRow, OrderRow, OrdersService } from "../orders/orders.service.ts";

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
  /** Every move of the order, oldest first (its creation included). */
  history: OrderHistoryEntry[];
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
 * against staffMoves (src/domain/order-status.ts) and done by OrderMoves from the status the page
 * showed, so two staff members clicking at once move an order once, with its side effects once.
 */
export class AdminOrdersService {
  constructor(
    private readonly db: Database,
    private readonly deps: { orders: OrdersService; moves: OrderMoves },
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
    return { ...detailOf(order, await this.deps.orders.itemsOf(order.id), locale), history: await this.deps.moves.historyOf(order.id) };
  }

  /** await_payment (bank) → deposited: the transfer arrived. */
  async deposit(publicId: string, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "deposited");
    return this.moved(await this.deps.moves.move({ order, to: "deposited", from: [order.status], actor }), locale);
  }

  /** await_payment (cod) or deposited → sent, with the carrier's slip number. */
  async ship(publicId: string, slipNumber: string, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "sent");
    return this.moved(await this.deps.moves.move({ order, to: "sent", from: [order.status], actor, set: { slipNumber } }), locale);
  }

  /** → cancelled: the order moves put the bottles back and refund a paid card order (OrderMoves). */
  async cancel(publicId: string, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "cancelled");
    return this.moved(await this.deps.moves.move({ order, to: "cancelled", from: [order.status], actor }), locale);
  }

  private async moved(order: OrderRow | undefined, locale: Locale): Promise<AdminOrderDetail> {
    // Someone else moved the order between our read and our update.
    if (!order) throw new AppError("conflict", "orderMoveNotAllowed");
    return this.detail(order.publicId, locale);
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

function detailOf(order: OrderRow, items: OrderItemRow[], locale: Locale): Omit<AdminOrderDetail, "history"> {
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
