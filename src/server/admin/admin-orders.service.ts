import type { OrderStatus } from "../../domain/checkout.ts";
import type { Locale } from "../../domain/locale.ts";
import { staffMoves } from "../../domain/order-status.ts";
import { hasLeft } from "../../domain/payments-and-shipments.ts";
import type { AdminOrderDetail, AdminOrdersPage, OrderView } from "../../domain/order-view.ts";
import { adminOrderDetailOf, adminOrderSummaryOf } from "../../domain/order-view.ts";
import { DomainError } from "../../domain/errors.ts";
import type { OrderActor, OrderMoves } from "../orders/order-moves.ts";
import type { AdjustmentInput, OrderAdjustments } from "../orders/order-adjustments.ts";
import type { DeliveryWish, GiftChangeInput, GiftChangeOptions } from "../../domain/order-changes.ts";
import type { DeliveryOptions, OrderChanges } from "../orders/order-changes.ts";
import type { OrderPartialCancellations } from "../orders/order-partial-cancel.ts";
import type { LineCancellation } from "../../domain/partial-cancellation.ts";
import type { OrderListFilters, OrderRow, OrdersService } from "../orders/orders.service.ts";
import type { OrderPaymentLinks, PaymentLinkToSend } from "../orders/order-payment-links.ts";
import { pagination } from "../db/paging.ts";

/** The back office lists this many orders a page. */
export const ADMIN_ORDERS_PER_PAGE = 20;

export interface AdminOrderFilters extends OrderListFilters {
  page: number;
}

/**
 * The trader's view of orders: the list with filters, one order with everything the shopper gave,
 * and the moves of the back office (money received, shipped, cancelled). Every move is checked
 * against staffMoves (src/domain/order-status.ts) and done by OrderMoves from the status the page
 * showed, so two staff members clicking at once move an order once, with its side effects once.
 */
export class AdminOrdersService {
  constructor(
    private readonly deps: {
      orders: OrdersService;
      moves: OrderMoves;
      adjustments: OrderAdjustments;
      changes: OrderChanges;
      partialCancellations: OrderPartialCancellations;
      /** Mails a card order awaiting payment its payment link (decision 082). */
      paymentLinks: OrderPaymentLinks;
      /** A new signed payment link for an order (its page's address and deadline). */
      paymentLinkFor: (publicId: string) => PaymentLinkToSend;
      /** Staff members' sign-in addresses by id: who entered an order by phone (decision 081). */
      staffNames?: (ids: readonly number[]) => Promise<Map<number, string>>;
    },
  ) {}

  private async staffNamesOf(views: readonly OrderView[]): Promise<Map<number, string>> {
    const ids = views.flatMap((view) => (view.entry ? [view.entry.staffId] : []));
    return ids.length > 0 && this.deps.staffNames ? this.deps.staffNames(ids) : new Map();
  }

  async list(filters: AdminOrderFilters): Promise<AdminOrdersPage> {
    const { views, totalCount } = await this.deps.orders.list(filters, filters.page, ADMIN_ORDERS_PER_PAGE);
    const names = await this.staffNamesOf(views);
    return {
      data: views.map((view) => adminOrderSummaryOf(view, names)),
      meta: { pagination: pagination(filters.page, totalCount, ADMIN_ORDERS_PER_PAGE) },
    };
  }

  async detail(publicId: string, locale: Locale): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    const view = await this.deps.orders.viewOf(order);
    return adminOrderDetailOf(
      view,
      locale,
      staffMoves(order.status, order.paymentMethod),
      await this.deps.moves.historyOf(order.id),
      await this.deps.orders.paymentsAndShipmentsOf(order.id),
      await this.staffNamesOf([view]),
    );
  }

  /** await_payment (bank) → deposited: the transfer arrived. */
  async deposit(publicId: string, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "deposited");
    return this.moved(await this.deps.moves.move({ order, to: "deposited", from: [order.status], actor }), locale);
  }

  /** await_payment (cod) or deposited → sent, with the carrier and its slip number. */
  async ship(publicId: string, shipment: { slipNumber: string; carrier: string }, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "sent");
    return this.moved(
      await this.deps.moves.move({ order, to: "sent", from: [order.status], actor, set: { slipNumber: shipment.slipNumber, carrier: shipment.carrier } }),
      locale,
    );
  }

  /**
   * One parcel (its number, 1 for the first) ships on its own with its carrier and slip (decision
   * 091): the order stays where its payments are until its last parcel leaves, then it is sent.
   * 404 for a parcel the order does not have; 409 when the order may not ship, or the parcel is not
   * ready (gone already, or waiting for its payment); a pre-order's bottles not arrived, 409 too.
   */
  async shipParcel(
    publicId: string,
    number: number,
    shipment: { slipNumber: string; carrier: string },
    locale: Locale,
    actor: OrderActor,
  ): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    const { shipments } = await this.deps.orders.paymentsAndShipmentsOf(order.id);
    if (!shipments.some((each) => each.position === number - 1)) throw new DomainError("not-found");
    if (!staffMoves(order.status, order.paymentMethod).includes("sent")) throw new DomainError("conflict", "orderMoveNotAllowed");
    const moved = await this.deps.moves.move({
      order,
      to: "sent",
      from: [order.status],
      actor,
      parcel: number - 1,
      set: { slipNumber: shipment.slipNumber, carrier: shipment.carrier },
    });
    return this.moved(moved, locale);
  }

  /** A shipped 後払い order's invoice paid (「入金を確認」, decision 080): the payment turns paid, the order stays sent. */
  async confirmDeferredPayment(publicId: string, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    return this.moved(await this.deps.moves.paidLater({ order, actor }), locale);
  }

  /**
   * A card order awaiting its payment gets its payment link by mail (decision 082); the answer
   * carries the link too, for staff to read out or paste. 409 for any other order.
   */
  async sendPaymentLink(publicId: string, actor: OrderActor): Promise<{ url: string; expires_at: string }> {
    const order = await this.mustFind(publicId);
    const link = this.deps.paymentLinkFor(order.publicId);
    await this.deps.paymentLinks.send(order, link, actor);
    return { url: link.url, expires_at: link.expiresAt.toISOString() };
  }

  /** A sent order's slip number and carrier corrected, the shopper mailed only when `notify` (decision 067). */
  async correctSlip(
    publicId: string,
    correction: { slipNumber: string; carrier: string; notify: boolean },
    locale: Locale,
    actor: OrderActor,
  ): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    if (order.status !== "sent") throw new DomainError("conflict", "orderMoveNotAllowed");
    return this.moved(await this.deps.moves.correctSlip({ order, ...correction, actor }), locale);
  }

  /**
   * One parcel's slip number and carrier corrected (its number, 1 for the first; decision 097),
   * whether or not the order's other parcels have left: 404 for a parcel the order does not have,
   * 409 for one not shipped yet (it ships with its slip instead).
   */
  async correctParcelSlip(
    publicId: string,
    number: number,
    correction: { slipNumber: string; carrier: string; notify: boolean },
    locale: Locale,
    actor: OrderActor,
  ): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    const { shipments } = await this.deps.orders.paymentsAndShipmentsOf(order.id);
    const shipment = shipments.find((each) => each.position === number - 1);
    if (!shipment) throw new DomainError("not-found");
    if (!hasLeft(shipment.state)) throw new DomainError("conflict", "parcelNotShipped");
    const corrected = await this.deps.moves.correctSlip({ order, ...correction, actor, parcel: number - 1 });
    if (!corrected) throw new DomainError("conflict", "parcelNotShipped");
    return this.detail(corrected.publicId, locale);
  }

  /** → cancelled: the order moves put the bottles back and refund a paid card order (OrderMoves). */
  async cancel(publicId: string, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.allowedMove(publicId, "cancelled");
    return this.moved(await this.deps.moves.move({ order, to: "cancelled", from: [order.status], actor }), locale);
  }

  /** A discount or correction line on a bank order not yet paid or a cod order not yet shipped (decision 070). */
  async adjust(publicId: string, input: AdjustmentInput, locale: Locale): Promise<AdminOrderDetail> {
    const order = await this.deps.adjustments.add(publicId, input);
    return this.detail(order.publicId, locale);
  }

  /** A line lowered or removed before shipping (decision 078). */
  async cancelLine(publicId: string, change: LineCancellation, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.deps.partialCancellations.cancelLine(publicId, change, actor, locale);
    return this.detail(order.publicId, locale);
  }

  /** The wish, whether it may change and the dates checkout offers now (decision 074). */
  async deliveryOptions(publicId: string, locale: Locale): Promise<DeliveryOptions> {
    return this.deps.changes.deliveryOptions(await this.mustFind(publicId), locale);
  }

  /** A new delivery wish before shipping (decision 074), checked by the checkout's calendar; the shopper is mailed. */
  async changeDelivery(publicId: string, wish: DeliveryWish, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    return this.detail((await this.deps.changes.changeDelivery(order, wish, actor, locale)).publicId, locale);
  }

  /** A new recipient before shipping (decision 074): a changed shipping fee only while the amount may change; the shopper is mailed. */
  async changeRecipient(publicId: string, input: unknown, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    return this.detail((await this.deps.changes.changeRecipient(order, input, actor, locale)).publicId, locale);
  }

  /** The gift options, whether they may change and what may be chosen (decision 074). */
  async giftOptions(publicId: string, locale: Locale): Promise<GiftChangeOptions> {
    return this.deps.changes.giftOptions(await this.mustFind(publicId), locale);
  }

  /** New gift options before shipping (decision 074): a wrapping fee added or taken off only while the amount may change; the shopper is mailed. */
  async changeGift(publicId: string, input: GiftChangeInput, locale: Locale, actor: OrderActor): Promise<AdminOrderDetail> {
    const order = await this.mustFind(publicId);
    return this.detail((await this.deps.changes.changeGift(order, input, actor, locale)).publicId, locale);
  }

  private async moved(order: OrderRow | undefined, locale: Locale): Promise<AdminOrderDetail> {
    // Someone else moved the order between our read and our update.
    if (!order) throw new DomainError("conflict", "orderMoveNotAllowed");
    return this.detail(order.publicId, locale);
  }

  private async mustFind(publicId: string): Promise<OrderRow> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order) throw new DomainError("not-found");
    return order;
  }

  private async allowedMove(publicId: string, to: OrderStatus): Promise<OrderRow> {
    const order = await this.mustFind(publicId);
    if (!staffMoves(order.status, order.paymentMethod).includes(to)) throw new DomainError("conflict", "orderMoveNotAllowed");
    return order;
  }
}
