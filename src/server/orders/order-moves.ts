import { asc, eq } from "drizzle-orm";
import type { OrderStatus } from "../../domain/checkout.ts";
import type { OrderActorKind, OrderHistoryEntry } from "../../domain/order-status.ts";
import { canTransition, holdsStock } from "../../domain/order-status.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { returnStock } from "../catalog/catalog.stock.ts";
import type { Database } from "../db/client.ts";
import { orderHistoryTable, ordersTable } from "../db/schema/orders.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { CancelPayment, PaymentOnCancel } from "./order-cancel-payment.ts";
import { orderMail } from "./order.mails.ts";
import { orderStatusMail } from "./order-status.mails.ts";
import type { OrderRow, OrdersService } from "./orders.service.ts";

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
  /** More writes of the caller that must commit or roll back with the move (a cart emptied). */
  alsoInTransaction?: (tx: Database, moved: OrderRow) => Promise<void>;
}

/** What a move did inside its transaction, and what is told outside after it committed. */
interface MoveEffects {
  mailed: boolean;
  backInStock: number[];
}

/**
 * Every change of an order's status goes through here (DESIGN.md "Order moves in one place", after
 * Vendure's OrderProcess): the transition table of src/domain/order-status.ts guards it, the order's
 * row is locked so concurrent moves (two staff clicks, the webhook and the shopper's re-post, the
 * sweep) queue and only the first one moves, and the side effects of each move are registered once
 * below — the history row, the stock returned when a stock-holding order is cancelled, the
 * shopper's mail — in the move's transaction (the mail outbox is a table), while what talks to the
 * outside runs around it: the payment's refund before (the gateway cannot join our transaction,
 * and a cancelled order with the money kept is worse than a refused click), the outbox kick and the
 * catalogue's availability after commit.
 */
export class OrderMoves {
  constructor(
    private readonly db: Database,
    private readonly deps: {
      orders: OrdersService;
      catalog: CatalogService;
      mail: MailService;
      shopProfiles: ShopProfileService;
      paymentOnCancel: PaymentOnCancel;
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
    const mail = order.status === "pending" ? null : await this.placedMail(tx, order, shop);
    if (mail) await this.deps.mail.enqueue(tx, order.email, mail);
    return { afterCommit: async () => this.afterCommit({ mailed: mail !== null, backInStock: [] }) };
  }

  /**
   * Moves the order if the table (and `from`) allow it from the status it is in now; answers the
   * moved row, or undefined when the move is not allowed (another request moved it first).
   */
  async move(request: OrderMoveRequest): Promise<OrderRow | undefined> {
    const { order, to } = request;
    // Outside the transaction, before it: the refund or release, and the shop profile (PGlite has
    // one connection, a query beside an open transaction would wait forever).
    const payment: CancelPayment = to === "cancelled" ? await this.deps.paymentOnCancel(order) : { refunded: false, paidByTransfer: false };
    const shop = await this.deps.shopProfiles.profile();
    const result = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(ordersTable).where(eq(ordersTable.id, order.id)).for("update");
      if (!current || !canTransition(current.status, to) || (request.from && !request.from.includes(current.status))) return undefined;
      const from = current.status;
      const [moved] = await tx
        .update(ordersTable)
        .set({ ...enteringColumns(from, to, current), ...request.set, status: to, updatedAt: new Date() })
        .where(eq(ordersTable.id, order.id))
        .returning();
      await this.record(tx, order.id, from, to, request.actor);
      const effects = await this.effectsOf(tx, from, moved!, shop, payment);
      await request.alsoInTransaction?.(tx, moved!);
      return { moved: moved!, effects };
    });
    if (!result) return undefined;
    await this.afterCommit(result.effects);
    return result.moved;
  }

  /** The order's history, oldest first, for the back office's order page. */
  async historyOf(orderId: number): Promise<OrderHistoryEntry[]> {
    const rows = await this.db.select().from(orderHistoryTable).where(eq(orderHistoryTable.orderId, orderId)).orderBy(asc(orderHistoryTable.at), asc(orderHistoryTable.id));
    return rows.map((row) => ({
      at: row.at.toISOString(),
      from: row.fromStatus,
      to: row.toStatus,
      actor_kind: row.actorKind,
      actor_id: row.actorId,
      note: row.note,
    }));
  }

  private async record(tx: Database, orderId: number, from: OrderStatus | null, to: OrderStatus, actor: OrderActor): Promise<void> {
    await tx.insert(orderHistoryTable).values({ orderId, fromStatus: from, toStatus: to, actorKind: actor.kind, actorId: actor.id ?? null, note: actor.note ?? null });
  }

  /**
   * The side effects of each move, in its transaction. Leaving a stock-holding status for cancelled
   * puts the bottles back; the shopper hears of every move of an order that was binding: paid by
   * card (the order mail, as bank and cod orders get it when placed), money received, shipped,
   * cancelled. A card order given up before it was paid was never an order for the shopper: no mail.
   */
  private async effectsOf(tx: Database, from: OrderStatus, moved: OrderRow, shop: ShopProfile, payment: CancelPayment): Promise<MoveEffects> {
    const backInStock: number[] = [];
    if (moved.status === "cancelled" && holdsStock(from)) {
      for (const item of await this.deps.orders.itemsOf(moved.id, tx)) {
        if (item.productId !== null && (await returnStock(tx, item.productId, item.amount))) backInStock.push(item.productId);
      }
    }
    let mail: MailContent | null = null;
    // Paid by card, or a payment elsewhere issued (a voucher): the order is binding now, the order mail says so.
    if (from === "pending" && (moved.status === "deposited" || moved.status === "await_payment")) mail = await this.placedMail(tx, moved, shop);
    else if (from !== "pending") mail = orderStatusMail(shop, this.settings.publicUrl, moved.status as "deposited" | "sent" | "cancelled", moved, payment);
    if (mail) await this.deps.mail.enqueue(tx, moved.email, mail);
    return { mailed: mail !== null, backInStock };
  }

  private async placedMail(tx: Database, order: OrderRow, shop: ShopProfile): Promise<MailContent> {
    const timeBands = Object.fromEntries(Object.entries(shop.deliveryTimeBands).map(([code, label]) => [code, label[order.locale]]));
    // A guest has no My Page: the mail carries a signed link to the order's receipt page.
    const receiptUrl = order.userId === null ? this.settings.receiptUrl?.(order.publicId) : undefined;
    return orderMail(shop, this.settings.publicUrl, { order: await this.deps.orders.viewOf(order, tx), timeBands, receiptUrl });
  }

  private async afterCommit(effects: MoveEffects): Promise<void> {
    if (effects.mailed) this.deps.mail.kick();
    // Only a product back from sold out looks different in the cached catalogue.
    await this.deps.catalog.availabilityChanged(effects.backInStock);
  }
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
