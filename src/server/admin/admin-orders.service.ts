import type { OrderStatus } from "../../domain/checkout.ts";
import type { Locale } from "../../domain/locale.ts";
import { staffMoves } from "../../domain/order-status.ts";
import type { AdminOrderDetail, AdminOrdersPage } from "../../domain/order-view.ts";
import { adminOrderDetailOf, adminOrderSummaryOf } from "../../domain/order-view.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { returnStock } from "../catalog/catalog.stock.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { OrderListFilters, OrderRow, OrdersService } from "../orders/orders.service.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { PaymentGatewayError } from "../payments/payment-gateway.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { OrderStatusMailKind } from "./order-status.mails.ts";
import { orderStatusMail } from "./order-status.mails.ts";

/** The back office lists this many orders a page. */
export const ADMIN_ORDERS_PER_PAGE = 20;

export interface AdminOrderFilters extends OrderListFilters {
  page: number;
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
    const { views, totalCount } = await this.deps.orders.list(filters, filters.page, ADMIN_ORDERS_PER_PAGE);
    return {
      data: views.map(adminOrderSummaryOf),
      meta: { pagination: { current_page: filters.page, total_page: Math.max(1, Math.ceil(totalCount / ADMIN_ORDERS_PER_PAGE)), total_count: totalCount } },
    };
  }

  async detail(publicId: string, locale: Locale): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    return adminOrderDetailOf(await this.deps.orders.viewOf(order), locale, staffMoves(order.status, order.paymentMethod));
  }

  /** await_payment (bank) → deposited: the transfer arrived. */
  async deposit(publicId: string, locale: Locale): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "deposited");
    const moved = await this.moveWithMail(order, "deposited", {});
    return this.detail(moved.publicId, locale);
  }

  /** await_payment (cod) or deposited → sent, with the carrier's slip number. */
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
    const refunded = order.paymentMethod === "credit" && order.status === "deposited" && order.paymentIntentId !== null;
    if (refunded) await this.refund(order);
    const moved = await this.moveWithMail(order, "cancelled", {}, { refunded, paidByTransfer: order.paymentMethod === "bank" && order.status === "deposited" });
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
    mailOptions: { refunded?: boolean; paidByTransfer?: boolean } = {},
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
