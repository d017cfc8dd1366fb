import { eq } from "drizzle-orm";
import { DomainError } from "../../domain/errors.ts";
import { formatDateTime } from "../../domain/format.ts";
import { payableByLink } from "../../domain/payment-link.ts";
import type { Database } from "../db/client.ts";
import { orderHistoryTable, ordersTable } from "../db/schema/orders.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { OrderActor } from "./order-moves.ts";
import { mailRecord } from "./order-moves.ts";
import type { OrderRow, OrdersService } from "./orders.service.ts";
import { paymentLinkMail } from "./payment-link.mails.ts";

/** The link a mail carries: where it leads and until when it works (signed by the checkout module). */
export interface PaymentLinkToSend {
  url: string;
  expiresAt: Date;
}

/**
 * Staff send a card order awaiting its payment its payment link (decision 082): in one transaction
 * the order's row is locked and checked, a history row says the link was sent and until when, and
 * the mail goes to the outbox (filed as a transaction record, as every mail stating an order's
 * total). The order's status does not change: paying through the link is the move.
 */
export class OrderPaymentLinks {
  constructor(
    private readonly db: Database,
    private readonly deps: { orders: OrdersService; mail: MailService; shopProfiles: ShopProfileService },
    private readonly settings: { publicUrl: string },
  ) {}

  async send(order: OrderRow, link: PaymentLinkToSend, actor: OrderActor): Promise<OrderRow> {
    // Outside the transaction (PGlite has one connection).
    const shop = await this.deps.shopProfiles.profile();
    const sent = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(ordersTable).where(eq(ordersTable.id, order.id)).for("update");
      if (!current || !payableByLink(current)) throw new DomainError("conflict", "paymentLinkNotAllowed");
      await tx.insert(orderHistoryTable).values({
        orderId: current.id,
        fromStatus: current.status,
        toStatus: current.status,
        actorKind: actor.kind,
        actorId: actor.id ?? null,
        note: `カード決済のリンクを送信(有効期限 ${formatDateTime(link.expiresAt, "ja")})`,
      });
      const view = await this.deps.orders.viewOf(current, tx);
      await this.deps.mail.enqueue(tx, current.email, paymentLinkMail(shop, this.settings.publicUrl, view, link), mailRecord("status_mail", current, shop));
      return current;
    });
    this.deps.mail.kick();
    return sent;
  }
}
