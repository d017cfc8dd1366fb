import { asc, eq } from "drizzle-orm";
import { staffEmailsOf } from "../admin/staff-directory.ts";
import type { OrderStatus } from "../../domain/checkout.ts";
import type { OrderActorKind, OrderHistoryEntry } from "../../domain/order-status.ts";
import { canTransition, holdsStock } from "../../domain/order-status.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { DomainError } from "../../domain/errors.ts";
import { returnPreorderAllocation, returnStock, shipPreorderStock } from "../catalog/catalog.stock.ts";
import type { Database } from "../db/client.ts";
import { orderHistoryTable, ordersTable } from "../db/schema/orders.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import type { MailRecord, MailService } from "../mail/mail.service.ts";
import type { TransactionRecordKind } from "../records/transaction-records.ts";
import { japanDay, recordTransaction } from "../records/transaction-records.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { CancelPayment, PaymentOnCancel } from "./order-cancel-payment.ts";
import type { DeferredPaymentService } from "../payments/deferred-payment.ts";
import { orderMail } from "./order.mails.ts";
import { orderStatusMail, parcelShippedMail } from "./order-status.mails.ts";
import type { OrderRow, OrdersService } from "./orders.service.ts";
import type { ShipmentWithLines } from "./payments-and-shipments.ts";
import { hasLeft } from "../../domain/payments-and-shipments.ts";
import { correctShipmentSlip, firstShipmentSlip, moveOrderStates, settleShippedPayment, shipmentsOfOrders } from "./payments-and-shipments.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";

/** Who asks for a move, as the order's history keeps it. */
export interface OrderActor {
  kind: OrderActorKind;
  /** The staff member's or member's id, the gateway event's id; none for a guest, the sweep, the shop. */
  id?: string | undefined;
  note?: string | undefined;
}

export const SWEEP_ACTOR: OrderActor = { kind: "sweep" };

export function staffActor(staffId: number): OrderActor {
  return { kind: "staff", id: String(staffId) };
}

/** The shopper of an order: its member, or a guest (checkout and the 3-D Secure return are only ever the order's own shopper). */
export function shopperActor(userId: number | null, note?: string): OrderActor {
  return userId === null ? { kind: "guest", note } : { kind: "member", id: String(userId), note };
}

export function gatewayActor(eventId: string, note?: string): OrderActor {
  return { kind: "gateway", id: eventId, note };
}

export interface OrderMoveRequest {
  order: OrderRow;
  to: OrderStatus;
  actor: OrderActor;
  /** Only from these statuses (the table's otherwise), e.g. the status the back office showed. */
  from?: OrderStatus[];
  /** Columns the move writes besides its status (the carrier's slip, the payment). */
  set?: Partial<Pick<OrderRow, "paymentIntentId" | "slipNumber" | "carrier" | "paymentInstructions" | "reservedUntil">>;
  /**
   * A ship of one parcel (its position) rather than of every parcel not yet gone (decision 091):
   * while others stay, the order keeps its status and the move is a history row of its own.
   */
  parcel?: number;
  /** More writes of the caller that must commit or roll back with the move (a cart emptied). */
  alsoInTransaction?: (tx: Database, moved: OrderRow) => Promise<void>;
}

/** What a move did inside its transaction, and what is told outside after it committed. */
interface MoveEffects {
  mailed: boolean;
  backInStock: number[];
}

/**
 * Every change of an order's status goes through here (decision 027: order moves in one place, after
 * Vendure's OrderProcess): the transition table of src/domain/order-status.ts guards it, the move
 * acts on the order's payment and shipments and writes the status derived from them (decision 076), the order's
 * row is locked so concurrent moves (two staff clicks, the webhook and the shopper's re-post, the
 * sweep) queue and only the first one moves, and the side effects of each move are registered once
 * below — the history row, the stock returned when a stock-holding order is cancelled, the
 * shopper's mail — in the move's transaction (the mail outbox is a table), while what talks to the
 * outside runs around it: the payment's refund before (the gateway cannot join our transaction,
 * and a cancelled order with the money kept is worse than a refused click), the outbox kick and the
 * catalogue's availability after commit.
 */
/** The services every change of an order works with: the order itself, the stock and its ledger, the outbox and the shop's profile its mail is signed with. */
export interface OrderChangeServices {
  orders: OrdersService;
  catalog: CatalogService;
  mail: MailService;
  shopProfiles: ShopProfileService;
}

export class OrderMoves {
  constructor(
    private readonly db: Database,
    private readonly deps: OrderChangeServices & {
      paymentOnCancel: PaymentOnCancel;
      /** The 後払い service told of each deferred order's shipment (decision 080). */
      deferredPayments?: Pick<DeferredPaymentService, "code" | "registerShipment"> | undefined;
      /**
       * Told of each cancellation in its transaction: a coupon's use is given back (decision 086), a
       * lottery win passed on (decision 092); the products whose pages changed, if any, are told to the catalogue after it.
       */
      onCancelled?: ((tx: Database, orderId: number) => Promise<void | number[]>) | undefined;
      /** Told of every member's order created or moved, in its transaction: the member's rank is worked out again (decision 090). */
      onMemberOrderChanged?: ((tx: Database, order: OrderRow) => Promise<void>) | undefined;
      /**
       * Told of every move in its transaction (points, decision 089): the status reached and whether
       * the order is now paid (money received, or a shipment that collects it, or a 後払い invoice paid).
       */
      onMoved?: ((tx: Database, move: { orderId: number; status: OrderStatus; paid: boolean; now: Date }) => Promise<void>) | undefined;
      /** The order's points for its mail (decision 089): used and to be earned; null: none. */
      pointsOf?: ((tx: Database, orderId: number) => Promise<{ used: number; toEarn: number; grantOn: "paid" | "shipped" } | null>) | undefined;
    },
    private readonly settings: { publicUrl: string; receiptUrl?: (publicId: string) => string },
  ) {}

  /**
   * The order's creation, in the checkout's transaction: its first history row and, for an order
   * that is binding at once (not a card waiting for its payment), the order mail. Call `afterCommit`
   * once the transaction committed.
   */
  async created(tx: Database, order: OrderRow, actor: OrderActor, shop: ShopProfile): Promise<{ afterCommit: () => Promise<void> }> {
    await this.record(tx, order.id, null, order.status, actor);
    if (order.userId !== null) await this.deps.onMemberOrderChanged?.(tx, order);
    const mail = order.status === "pending" ? null : await this.placedMail(tx, order, shop);
    if (mail) await this.deps.mail.enqueue(tx, order.email, mail, mailRecord("order_mail", order, shop));
    return { afterCommit: async () => this.afterCommit({ mailed: mail !== null, backInStock: [] }) };
  }

  /**
   * Moves the order if the table (and `from`) allow it from the status it is in now; answers the
   * moved row, or undefined when the move is not allowed (another request moved it first).
   */
  async move(request: OrderMoveRequest): Promise<OrderRow | undefined> {
    const { order, to } = request;
    // A parcel gone on its own (decision 091): the order is not called off as a whole, and nothing
    // is refunded at the gateway for it (the move below would refuse it after the refund).
    if (to === "cancelled" && ((await shipmentsOfOrders(this.db, [order.id])).get(order.id) ?? []).some((shipment) => hasLeft(shipment.state)))
      return undefined;
    // Outside the transaction, before it: the refund or release, and the shop profile (PGlite has
    // one connection, a query beside an open transaction would wait forever).
    const payment: CancelPayment = to === "cancelled" ? await this.deps.paymentOnCancel(order) : { refunded: false, paidByTransfer: false };
    const shop = await this.deps.shopProfiles.profile();
    const result = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(ordersTable).where(eq(ordersTable.id, order.id)).for("update");
      if (!current || !canTransition(current.status, to) || (request.from && !request.from.includes(current.status))) return undefined;
      const from = current.status;
      // The payment and the shipment move first; the status written is the one derived from them.
      const states = await moveOrderStates(tx, current, to, request.actor.kind, request.set, request.parcel);
      if (states === undefined) return undefined;
      const { status, leaving } = states;
      // One parcel of several left and others stay (decision 091): the order keeps its status.
      const partial = status !== to;
      // The order's slip columns carry its first parcel's (decision 076), whichever parcel left now.
      const first = to === "sent" ? await firstShipmentSlip(tx, order.id) : undefined;
      const columns = first ? { ...request.set, carrier: first.carrier, slipNumber: first.slipNumber } : request.set;
      const [moved] = await tx
        .update(ordersTable)
        .set({ ...(partial ? {} : enteringColumns(from, to, current)), ...columns, status, updatedAt: new Date() })
        .where(eq(ordersTable.id, order.id))
        .returning();
      const parcelNote =
        request.parcel === undefined
          ? undefined
          : `${request.parcel + 1}個口目を発送: 送り状番号 ${request.set?.slipNumber ?? "-"}${request.set?.carrier ? ` (${request.set.carrier})` : ""}`;
      await this.record(tx, order.id, from, status, parcelNote ? { ...request.actor, note: request.actor.note ?? parcelNote } : request.actor);
      const effects = partial ? await this.parcelEffects(tx, moved!, leaving, shop, false) : await this.effectsOf(tx, from, moved!, shop, payment, leaving);
      if (from === "await_payment" && to === "deposited" && request.actor.kind === "staff") await recordTransferConfirmation(tx, moved!, request.actor);
      await request.alsoInTransaction?.(tx, moved!);
      return { moved: moved!, effects };
    });
    if (!result) return undefined;
    await this.afterCommit(result.effects);
    // 後払い (decision 080): once the parcel has left, the service is told so it sends the invoice.
    // After commit, as a refund is before it: the service cannot join our transaction.
    const deferred = this.deps.deferredPayments;
    if (deferred && result.moved.status === "sent" && result.moved.paymentMethod === deferred.code) {
      try {
        await deferred.registerShipment(result.moved.publicId, result.moved.carrier, result.moved.slipNumber);
      } catch {
        // The parcel has left and the move stands: the failure is kept on the order's history for
        // staff to register it at the service by hand, not answered as an error of the ship.
        await this.db.transaction((tx) =>
          this.record(tx, result.moved.id, "sent", "sent", {
            kind: "system",
            note: "後払いの出荷登録に失敗しました。後払い決済会社の管理画面で登録してください。",
          }),
        );
      }
    }
    return result.moved;
  }

  /**
   * A shipped order's slip number or carrier corrected by staff (decision 067), or one parcel's
   * (`parcel`, its position; decision 097): the order keeps its status; in one transaction the
   * parcel's columns change (and the order's, which are its first parcel's), a history row says
   * old → new and names the parcel, and only when `notify` the shopper is mailed the corrected
   * tracking. Answers the row, or undefined when the order is no longer sent (no parcel named) or
   * the parcel has not left.
   */
  async correctSlip(request: {
    order: OrderRow;
    slipNumber: string;
    carrier: string;
    notify: boolean;
    actor: OrderActor;
    parcel?: number;
  }): Promise<OrderRow | undefined> {
    const { order, parcel } = request;
    const shop = await this.deps.shopProfiles.profile();
    const result = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(ordersTable).where(eq(ordersTable.id, order.id)).for("update");
      if (!current || (parcel === undefined && current.status !== "sent")) return undefined;
      const old = await correctShipmentSlip(tx, order.id, request.slipNumber, request.carrier, parcel);
      if (parcel !== undefined && !old) return undefined;
      // The order's columns carry its first parcel's (decision 076).
      const first = old === undefined || old.first;
      const [corrected] = first
        ? await tx
            .update(ordersTable)
            .set({ slipNumber: request.slipNumber, carrier: request.carrier, updatedAt: new Date() })
            .where(eq(ordersTable.id, order.id))
            .returning()
        : await tx.update(ordersTable).set({ updatedAt: new Date() }).where(eq(ordersTable.id, order.id)).returning();
      const was = parcel === undefined ? { slipNumber: current.slipNumber, carrier: current.carrier } : old!;
      // The carrier's code is named only when it changed: "送り状番号を訂正: 1234 → 5678 (yamato → sagawa)".
      const carrierChange = was.carrier === request.carrier ? "" : ` (${was.carrier ?? "-"} → ${request.carrier})`;
      const what = parcel === undefined ? "送り状番号を訂正" : `${parcel + 1}個口目の送り状番号を訂正`;
      const note = `${what}: ${was.slipNumber ?? "-"} → ${request.slipNumber}${carrierChange}`;
      await this.record(tx, order.id, current.status, current.status, { ...request.actor, note });
      if (request.notify) {
        const mail =
          parcel !== undefined && old && old.count > 1
            ? await this.correctedParcelMail(tx, corrected!, shop, old.shipment.position, old.count, old.shipment.recipient, request)
            : orderStatusMail(shop, this.settings.publicUrl, "sent", corrected!, { corrected: true });
        await this.deps.mail.enqueue(tx, corrected!.email, mail, mailRecord("status_mail", corrected!, shop));
      }
      return corrected!;
    });
    if (result && request.notify) this.deps.mail.kick();
    return result;
  }

  /** The corrected 発送のお知らせ of one parcel of several (decision 097): its destination and bottles, the corrected slip. */
  private async correctedParcelMail(
    tx: Database,
    order: OrderRow,
    shop: ShopProfile,
    position: number,
    count: number,
    recipient: OrderRow["recipient"],
    slip: { slipNumber: string; carrier: string },
  ): Promise<MailContent> {
    const items = await this.deps.orders.itemsOf(order.id, tx);
    const shipment = ((await shipmentsOfOrders(tx, [order.id])).get(order.id) ?? []).find((each) => each.position === position);
    const bottles = (shipment?.lines ?? []).flatMap((line) => {
      const item = items.find((each) => each.id === line.orderItemId);
      return item ? [{ name: order.locale === "en" ? item.nameEn : item.nameJa, quantity: line.quantity }] : [];
    });
    return parcelShippedMail(shop, this.settings.publicUrl, order, {
      position,
      count,
      recipient,
      carrier: slip.carrier,
      slipNumber: slip.slipNumber,
      bottles,
      last: false,
      corrected: true,
    });
  }

  /**
   * A 後払い order's payment reported paid (its service's notice, or staff's 「入金を確認」): the
   * payment turns paid while the order stays sent (decision 080). In one transaction: the payment,
   * a history row (sent → sent, saying so), the shopper's payment-received mail. Answers the order,
   * or undefined when there is no shipped, still unpaid deferred payment (already paid, not shipped,
   * another method): a resent notice changes nothing.
   */
  async paidLater(request: { order: OrderRow; actor: OrderActor }): Promise<OrderRow | undefined> {
    const { order } = request;
    const shop = await this.deps.shopProfiles.profile();
    const result = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(ordersTable).where(eq(ordersTable.id, order.id)).for("update");
      if (!current || current.status !== "sent" || storedPaymentMethod(current.paymentMethod).settlesOnShipping !== false) return undefined;
      if (!(await settleShippedPayment(tx, current.id))) return undefined;
      await this.record(tx, current.id, "sent", "sent", { ...request.actor, note: request.actor.note ?? "後払いの入金を確認" });
      await this.deps.onMoved?.(tx, { orderId: current.id, status: "sent", paid: true, now: new Date() });
      const mail = orderStatusMail(shop, this.settings.publicUrl, "deposited", current, { paidLater: true });
      await this.deps.mail.enqueue(tx, current.email, mail, mailRecord("status_mail", current, shop));
      return current;
    });
    if (result) this.deps.mail.kick();
    return result;
  }

  /** The order's history, oldest first, for the back office's order page; a staff member's move names them (their address). */
  async historyOf(orderId: number): Promise<OrderHistoryEntry[]> {
    const rows = await this.db
      .select()
      .from(orderHistoryTable)
      .where(eq(orderHistoryTable.orderId, orderId))
      .orderBy(asc(orderHistoryTable.at), asc(orderHistoryTable.id));
    const staffIds = rows.filter((row) => row.actorKind === "staff" && row.actorId && /^\d{1,9}$/.test(row.actorId)).map((row) => Number(row.actorId));
    const staff = await staffEmailsOf(this.db, staffIds);
    return rows.map((row) => ({
      at: row.at.toISOString(),
      from: row.fromStatus,
      to: row.toStatus,
      actor_kind: row.actorKind,
      actor_id: row.actorId,
      actor_name: row.actorKind === "staff" && row.actorId ? (staff.get(Number(row.actorId)) ?? null) : null,
      note: row.note,
    }));
  }

  private async record(tx: Database, orderId: number, from: OrderStatus | null, to: OrderStatus, actor: OrderActor): Promise<void> {
    await tx
      .insert(orderHistoryTable)
      .values({ orderId, fromStatus: from, toStatus: to, actorKind: actor.kind, actorId: actor.id ?? null, note: actor.note ?? null });
  }

  /**
   * The side effects of each move, in its transaction. Leaving a stock-holding status for cancelled
   * puts the bottles back; the shopper hears of every move of an order that was binding: paid by
   * card (the order mail, as bank and cod orders get it when placed), money received, shipped,
   * cancelled. A card order given up before it was paid was never an order for the shopper: no mail.
   */
  private async effectsOf(
    tx: Database,
    from: OrderStatus,
    moved: OrderRow,
    shop: ShopProfile,
    payment: CancelPayment,
    leaving: readonly ShipmentWithLines[],
  ): Promise<MoveEffects> {
    const backInStock: number[] = [];
    if (moved.status === "cancelled" && holdsStock(from)) {
      for (const item of await this.deps.orders.itemsOf(moved.id, tx)) {
        if (item.productId === null) continue;
        // A pre-order not yet shipped took bottles of the allocation, not of the stock (decision 088).
        const back =
          item.preorderShipsOn !== null && from !== "sent"
            ? await returnPreorderAllocation(tx, item.productId, item.amount)
            : await returnStock(tx, { productId: item.productId, amount: item.amount, orderId: moved.id, unitPrice: item.unitPrice });
        if (back) backInStock.push(item.productId);
      }
    }
    await this.takePreorderedStock(tx, moved.id, leaving);
    if (moved.status === "cancelled") {
      const changed = await this.deps.onCancelled?.(tx, moved.id);
      if (Array.isArray(changed)) backInStock.push(...changed);
    }
    if (moved.userId !== null) await this.deps.onMemberOrderChanged?.(tx, moved);
    const paid =
      moved.status === "deposited" ||
      (moved.status === "sent" && (from === "deposited" || storedPaymentMethod(moved.paymentMethod).settlesOnShipping !== false));
    await this.deps.onMoved?.(tx, { orderId: moved.id, status: moved.status, paid, now: new Date() });
    let mail: MailContent | null = null;
    let kind: TransactionRecordKind = "status_mail";
    // Paid by card, or a payment elsewhere issued (a voucher): the order is binding now, the order mail says so.
    if (from === "pending" && (moved.status === "deposited" || moved.status === "await_payment")) {
      mail = await this.placedMail(tx, moved, shop);
      kind = "order_mail";
    } else if (moved.status === "sent" && (await this.shipsParcelByParcel(tx, moved.id, leaving))) {
      // The last parcels of an order whose others left before (decision 091): a mail per parcel, its own slip.
      const parcels = await this.parcelEffects(tx, moved, leaving, shop, true);
      return { mailed: parcels.mailed, backInStock };
    } else if (from !== "pending") {
      mail = orderStatusMail(shop, this.settings.publicUrl, moved.status as "deposited" | "sent" | "cancelled", moved, payment);
      if (moved.status === "cancelled" && payment.refunded) kind = "refund_notice";
    }
    // Every order mail states the order's total: each is kept as a transaction record (decision 062).
    if (mail) await this.deps.mail.enqueue(tx, moved.email, mail, mailRecord(kind, moved, shop));
    return { mailed: mail !== null, backInStock };
  }

  /** Pre-ordered bottles leave the stock, and the ledger books their sale, when their parcel ships (decision 088, per parcel since 091). */
  private async takePreorderedStock(tx: Database, orderId: number, leaving: readonly ShipmentWithLines[]): Promise<void> {
    if (leaving.length === 0) return;
    const items = await this.deps.orders.itemsOf(orderId, tx);
    for (const line of leaving.flatMap((shipment) => shipment.lines)) {
      const item = items.find((each) => each.id === line.orderItemId);
      if (!item || item.productId === null || item.preorderShipsOn === null) continue;
      // Off the stock and off what is owed to pre-orders together (decision 092).
      if (!(await shipPreorderStock(tx, { productId: item.productId, amount: line.quantity, orderId, unitPrice: item.unitPrice }))) {
        throw new DomainError("conflict", "preorderStockShort");
      }
    }
  }

  /** Whether this ship is parcel by parcel: the order has several parcels and some left before (or stay). */
  private async shipsParcelByParcel(tx: Database, orderId: number, leaving: readonly ShipmentWithLines[]): Promise<boolean> {
    const all = (await shipmentsOfOrders(tx, [orderId])).get(orderId) ?? [];
    return all.length > 1 && leaving.length < all.length;
  }

  /**
   * Parcels that left alone (decision 091): their pre-ordered bottles leave the stock (unless the
   * order's own effects did it), and the shopper gets a 発送のお知らせ for each, naming its
   * destination, bottles, carrier and slip. `last`: the order is sent with them.
   */
  private async parcelEffects(tx: Database, moved: OrderRow, leaving: readonly ShipmentWithLines[], shop: ShopProfile, last: boolean): Promise<MoveEffects> {
    if (!last) await this.takePreorderedStock(tx, moved.id, leaving);
    const all = (await shipmentsOfOrders(tx, [moved.id])).get(moved.id) ?? [];
    const items = await this.deps.orders.itemsOf(moved.id, tx);
    for (const shipment of leaving) {
      const bottles = shipment.lines.flatMap((line) => {
        const item = items.find((each) => each.id === line.orderItemId);
        return item ? [{ name: moved.locale === "en" ? item.nameEn : item.nameJa, quantity: line.quantity }] : [];
      });
      const mail = parcelShippedMail(shop, this.settings.publicUrl, moved, {
        position: shipment.position,
        count: all.length,
        recipient: shipment.recipient,
        carrier: shipment.carrier,
        slipNumber: shipment.slipNumber,
        bottles,
        last,
      });
      await this.deps.mail.enqueue(tx, moved.email, mail, mailRecord("status_mail", moved, shop));
    }
    return { mailed: leaving.length > 0, backInStock: [] };
  }

  private async placedMail(tx: Database, order: OrderRow, shop: ShopProfile): Promise<MailContent> {
    const timeBands = Object.fromEntries(Object.entries(shop.deliveryTimeBands).map(([code, label]) => [code, label[order.locale]]));
    // A guest has no My Page: the mail carries a signed link to the order's receipt page.
    const receiptUrl = order.userId === null ? this.settings.receiptUrl?.(order.publicId) : undefined;
    const points = (await this.deps.pointsOf?.(tx, order.id)) ?? null;
    return orderMail(shop, this.settings.publicUrl, { order: await this.deps.orders.viewOf(order, tx), timeBands, receiptUrl, points });
  }

  private async afterCommit(effects: MoveEffects): Promise<void> {
    if (effects.mailed) this.deps.mail.kick();
    // Only a product back from sold out looks different in the cached catalogue.
    await this.deps.catalog.availabilityChanged(effects.backInStock);
  }
}

/** How an order's mail is filed among the transaction records: the order's day, total and buyer. */
export function mailRecord(kind: TransactionRecordKind, order: OrderRow, shop: ShopProfile): MailRecord {
  return {
    kind,
    transactionDate: japanDay(order.createdAt),
    amount: order.price,
    counterparty: order.name,
    orderRef: order.publicId,
    sender: { name: shop.shopName.ja, address: shop.email },
  };
}

/**
 * Staff marking an order paid (a bank transfer seen in the account, cash on delivery collected) is
 * a payment record entered by hand: kept as what was entered, by whom and when (decision 062).
 */
async function recordTransferConfirmation(tx: Database, order: OrderRow, actor: OrderActor): Promise<void> {
  const at = new Date();
  const entry = {
    record: "payment confirmed by staff",
    order: order.publicId,
    payment_method: order.paymentMethod,
    amount_jpy: order.price,
    buyer: order.name,
    confirmed_by_staff_id: actor.id ?? null,
    note: actor.note ?? null,
    confirmed_at: at.toISOString(),
  };
  await recordTransaction(tx, {
    kind: "transfer_confirmation",
    sourceKey: `payment-confirmation:${order.publicId}`,
    transactionDate: japanDay(at),
    amount: order.price,
    counterparty: order.name,
    orderRef: order.publicId,
    contentType: "application/json",
    fileName: `payment-confirmation-${order.publicId}.json`,
    content: Buffer.from(`${JSON.stringify(entry, null, 2)}\n`, "utf8"),
  });
}

/**
 * Columns a move sets by itself (a move's own `set` comes after): leaving pending or await_payment
 * ends any reservation (a voucher's deadline; a move into await_payment sets its own), and an order
 * paid by the gateway or waiting for a payment made elsewhere becomes binding when it leaves pending.
 */
function enteringColumns(from: OrderStatus, to: OrderStatus, current: OrderRow): Partial<Pick<OrderRow, "reservedUntil" | "confirmedAt">> {
  const leavesReservation = from === "pending" || (from === "await_payment" && current.reservedUntil !== null);
  const binding = from === "pending" && (to === "deposited" || to === "await_payment") ? { confirmedAt: current.confirmedAt ?? new Date() } : {};
  return leavesReservation ? { reservedUntil: null, ...binding } : binding;
}
