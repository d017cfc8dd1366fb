import { asc, eq } from "drizzle-orm";
import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderChangeRefusal } from "../../domain/order-changes.ts";
import { CHARGE_KINDS } from "../../domain/order-charges.ts";
import { amountMayChange } from "../../domain/order-status.ts";
import { hasLeft } from "../../domain/payments-and-shipments.ts";
import type { CancellableLine, LineCancellation, PartialCancellationProblem, PartialCancellationResult } from "../../domain/partial-cancellation.ts";
import { PARTIAL_CANCEL_NOTE, partialCancellation } from "../../domain/partial-cancellation.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { returnPreorderAllocation, returnStock } from "../catalog/catalog.stock.ts";
import type { Database } from "../db/client.ts";
import type { OrderPaymentRow } from "../db/schema/orders.ts";
import { orderHistoryTable, orderItemsTable, orderPaymentsTable, orderShipmentLinesTable, orderShipmentsTable, ordersTable } from "../db/schema/orders.ts";
import type { MessageKey } from "../i18n/messages.ts";
import { message } from "../i18n/messages.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { PaymentGatewayError } from "../payments/payment-gateway.ts";
import type { ParcelLinesOf } from "./order-changes.ts";
import { rewriteCharges } from "./order-charge-rows.ts";
import type { OrderActor, OrderChangeServices } from "./order-moves.ts";
import { mailRecord } from "./order-moves.ts";
import type { PartialCancelMoney } from "./order-partial-cancel.mails.ts";
import { partialCancelMail } from "./order-partial-cancel.mails.ts";
import type { OrderRow } from "./orders.service.ts";
import { repricePayment } from "./payments-and-shipments.ts";

const PROBLEM_MESSAGES: Record<PartialCancellationProblem, MessageKey> = {
  "unknown-line": "partialCancelUnknownLine",
  "not-lower": "partialCancelNotLower",
  "all-lines": "partialCancelAllLines",
  "below-zero": "partialCancelBelowZero",
  "total-rises": "partialCancelTotalRises",
};

/** What the order's state lets a cancellation do with the money: refund at the gateway, refund by hand, or ask a new amount. */
type MoneyRule = "gateway-refund" | "refund-by-hand" | "new-amount";

interface Plan {
  order: OrderRow;
  payment: OrderPaymentRow;
  result: PartialCancellationResult;
  rule: MoneyRule;
  line: CancellableLine;
}

/**
 * Partial cancellation before shipping (issue 32 item 5, decision 078): staff lower a line or remove
 * it. The order is priced again as at checkout (domain/partial-cancellation.ts); a paid card or PayPay
 * payment is refunded the difference at the gateway before the transaction (the gateway cannot join
 * it — as the full cancel's refund, decision 027), with an idempotency key named after the payment's
 * refunded amount so far: every request made on the same state asks the gateway under the same key, so
 * a resend or a concurrent double click refunds once, and a request on a stale state is refused inside
 * the transaction. Then one transaction: the order row locked and checked again, the lines, charges,
 * totals, payment and parcel rewritten, the bottles back in stock and the liquor ledger, a history row
 * naming the staff member, the shopper's mail in the outbox (filed as a transaction record).
 */
export class OrderPartialCancellations {
  constructor(
    private readonly db: Database,
    private readonly deps: OrderChangeServices & {
      gateway: PaymentGateway;
      parcelLinesOf: ParcelLinesOf;
      /** Told of a member's order whose lines changed, in its transaction: their rank is worked out again (decision 090). */
      onMemberOrderChanged?: ((tx: Database, order: OrderRow) => Promise<void>) | undefined;
      /** Told in the cancellation's transaction (points, decision 089): the order's goods before tax, before and after. */
      onPartlyCancelled?: ((tx: Database, orderId: number, goods: { before: number; after: number }) => Promise<void>) | undefined;
    },
    private readonly settings: { publicUrl: string },
  ) {}

  async cancelLine(publicId: string, change: LineCancellation, actor: OrderActor, locale: Locale): Promise<OrderRow> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order) throw new DomainError("not-found");
    // Outside any transaction (PGlite has one connection): the profile and what each bottle takes in a box.
    const shop = await this.deps.shopProfiles.profile();
    const items = await this.deps.orders.itemsOf(order.id);
    const weights = await this.deps.parcelLinesOf(
      items.flatMap((item) => (item.productId === null ? [] : [item.productId])),
      locale,
    );
    const lineOf = (item: (typeof items)[number]): CancellableLine => {
      const weight = item.productId === null ? undefined : weights.get(item.productId);
      return {
        id: item.id,
        unitPrice: item.unitPrice,
        amount: item.amount,
        taxRatePercent: item.taxRatePercent,
        shippingType: weight?.shippingType ?? "normal",
        volumeMl: weight?.volumeMl ?? null,
      };
    };
    const plan = async (tx: Database, lock: boolean, expected?: string): Promise<Plan & { state: string }> => {
      const query = tx.select().from(ordersTable).where(eq(ordersTable.id, order.id));
      const [current] = lock ? await query.for("update") : await query;
      if (!current) throw new DomainError("not-found");
      // A parcel gone on its own (decision 091) counts as shipped, whichever parcel it was.
      const gone = (await tx.select({ state: orderShipmentsTable.state }).from(orderShipmentsTable).where(eq(orderShipmentsTable.orderId, current.id))).some(
        (shipment) => hasLeft(shipment.state),
      );
      const refusal = gone ? "shipped" : orderChangeRefusal(current);
      if (refusal !== null)
        throw new DomainError(
          "conflict",
          refusal === "shipped" ? "partialCancelShipped" : refusal === "cancelled" ? "partialCancelCancelled" : "partialCancelPending",
        );
      const payments = await tx.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, current.id)).orderBy(asc(orderPaymentsTable.id));
      const payment = payments.at(-1);
      if (!payment) throw new DomainError("conflict", "partialCancelPending");
      const rows = await this.deps.orders.itemsOf(current.id, tx);
      // What the refund was worked out from: another cancellation (or a payment move) landing in between makes this request stale, not a second refund.
      const state = JSON.stringify([current.price, payment.state, payment.refundedAmount, rows.map((row) => [row.id, row.amount])]);
      if (expected !== undefined && state !== expected) throw new DomainError("conflict", "partialCancelStale");
      const paid = payment.state === "paid" || payment.state === "partly_refunded";
      const method = storedPaymentMethod(current.paymentMethod);
      let rule: MoneyRule;
      if (paid) rule = method.paidCancellation === "refund" && payment.paymentIntentId !== null ? "gateway-refund" : "refund-by-hand";
      else if (amountMayChange(current.status, current.paymentMethod)) rule = "new-amount";
      else throw new DomainError("conflict", "partialCancelVoucher");
      const view = await this.deps.orders.viewOf(current, tx);
      const result = partialCancellation({ items: rows.map(lineOf), charges: view.charges, total: current.price, paid }, change, {
        taxRatePercent: current.taxRatePercent,
        shipping: shop.terms.shipping,
        prefecture: current.recipient ? current.recipient.prefecture : current.prefecture,
        methodFee: (amount) => method.fee(amount, shop.terms),
        feeLabel: method.feeLabel ?? CHARGE_KINDS.payment_fee.label,
      });
      if (typeof result === "string") {
        const text = message(PROBLEM_MESSAGES[result], locale);
        if (result === "not-lower") throw new DomainError("invalid", undefined, { quantity: [text] }, [text]);
        throw new DomainError(
          result === "unknown-line" ? "not-found" : result === "all-lines" || result === "below-zero" ? "invalid" : "conflict",
          PROBLEM_MESSAGES[result],
        );
      }
      // An unpaid order whose total rises (the free-shipping line crossed back) is held to its method's limits, as at checkout.
      const refusalByMethod = method.refusal({ total: result.totals.total, terms: shop.terms, locale: current.locale });
      if (!paid && refusalByMethod !== null && result.difference < 0)
        throw new DomainError("invalid", "adjustmentRefusedByMethod", undefined, [refusalByMethod]);
      return { order: current, payment, result, rule, line: rows.map(lineOf).find((each) => each.id === change.itemId)!, state };
    };

    // Read first, in a transaction of its own: a keyed request takes its key here, so a resend waits for this answer.
    const first = await this.db.transaction((tx) => plan(tx, false));
    if (first.rule === "gateway-refund" && first.result.difference > 0) await this.refund(first);

    const done = await this.db.transaction(async (tx) => this.write(tx, await plan(tx, true, first.state), shop, actor));
    this.deps.mail.kick();
    await this.deps.catalog.availabilityChanged(done.backInStock);
    return done.order;
  }

  /** The difference back to the card or PayPay; the key is the payment's state, so one state refunds once. */
  private async refund({ order, payment, result }: Plan): Promise<void> {
    try {
      const refund = await this.deps.gateway.refund(payment.paymentIntentId!, result.difference, {
        idempotencyKey: `kura-partial-refund-${order.publicId}-${payment.refundedAmount}`,
      });
      if (refund.status === "failed" || refund.status === "canceled") throw new DomainError("unavailable", "partialCancelRefundFailed");
    } catch (error) {
      // The same key with another amount: a different cancellation on the same state was refunded first.
      if (error instanceof PaymentGatewayError && error.kind === "idempotency_conflict") throw new DomainError("conflict", "partialCancelStale");
      if (error instanceof PaymentGatewayError) throw new DomainError("unavailable", "partialCancelRefundFailed");
      throw error;
    }
  }

  private async write(tx: Database, plan: Plan, shop: ShopProfile, actor: OrderActor): Promise<{ order: OrderRow; backInStock: number[] }> {
    const { order, payment, result, rule, line } = plan;
    const [item] = await tx.select().from(orderItemsTable).where(eq(orderItemsTable.id, line.id));
    const kept = result.items.find((each) => each.id === line.id)?.amount ?? 0;
    // The line's shipment rows go with it (cascade) or shrink with it: the parcel carries what is left.
    if (kept === 0) await tx.delete(orderItemsTable).where(eq(orderItemsTable.id, line.id));
    else {
      await tx.update(orderItemsTable).set({ amount: kept }).where(eq(orderItemsTable.id, line.id));
      await tx.update(orderShipmentLinesTable).set({ quantity: kept }).where(eq(orderShipmentLinesTable.orderItemId, line.id));
    }
    await rewriteCharges(tx, order.id, result.charges, ["shipping", "payment_fee"]);

    const [updated] = await tx
      .update(ordersTable)
      .set({ price: result.totals.total, taxTotal: result.totals.tax, updatedAt: new Date() })
      .where(eq(ordersTable.id, order.id))
      .returning();
    const shipping = result.charges.filter((charge) => charge.kind === "shipping").reduce((sum, charge) => sum + charge.amount, 0);
    await tx
      .update(orderShipmentsTable)
      .set({ fee: Math.max(0, shipping), updatedAt: new Date() })
      .where(eq(orderShipmentsTable.orderId, order.id));

    let money: PartialCancelMoney;
    if (rule === "new-amount") {
      await repricePayment(tx, updated!);
      money = { kind: "new-amount-to-pay" };
    } else if (result.difference > 0) {
      // Paid: the payment keeps what was paid; what goes back is its refunded amount (by the gateway, or owed by the shop's transfer).
      await tx
        .update(orderPaymentsTable)
        .set({ refundedAmount: payment.refundedAmount + result.difference, state: "partly_refunded", updatedAt: new Date() })
        .where(eq(orderPaymentsTable.id, payment.id));
      money = { kind: rule, amount: result.difference };
    } else money = { kind: "none" };

    // The bottles back on the shelf and in the liquor ledger (a cancellation move), as the full cancel does.
    const backInStock: number[] = [];
    // An unshipped pre-order's bottles never left the stock: they go back to the allocation and are owed no more (decisions 088, 092).
    const back =
      item && item.productId !== null
        ? item.preorderShipsOn !== null && order.status !== "sent"
          ? await returnPreorderAllocation(tx, item.productId, result.cancelledBottles)
          : await returnStock(tx, { productId: item.productId, amount: result.cancelledBottles, orderId: order.id, unitPrice: item.unitPrice })
        : false;
    if (back && item?.productId) backInStock.push(item.productId);

    const goodsAfter = result.items.reduce((sum, each) => sum + each.unitPrice * each.amount, 0);
    await this.deps.onPartlyCancelled?.(tx, order.id, { before: goodsAfter + line.unitPrice * (line.amount - kept), after: goodsAfter });

    const refundNote =
      money.kind === "gateway-refund" ? ` 返金 ${money.amount}円` : money.kind === "refund-by-hand" ? ` ご返金額(振込等で返金) ${money.amount}円` : "";
    const note = `${PARTIAL_CANCEL_NOTE}: ${item?.nameJa ?? ""} ${line.amount}本 → ${kept}本、合計 ${order.price}円 → ${updated!.price}円${refundNote}`;
    await tx
      .insert(orderHistoryTable)
      .values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, actorKind: actor.kind, actorId: actor.id ?? null, note });
    const view = await this.deps.orders.viewOf(updated!, tx);
    const mail = partialCancelMail(
      shop,
      this.settings.publicUrl,
      view,
      { name: { ja: item?.nameJa ?? "", en: item?.nameEn ?? "" }, before: line.amount, after: kept },
      money,
    );
    await this.deps.mail.enqueue(tx, updated!.email, mail, mailRecord(money.kind === "gateway-refund" ? "refund_notice" : "status_mail", updated!, shop));
    if (updated!.userId !== null) await this.deps.onMemberOrderChanged?.(tx, updated!);
    return { order: updated!, backInStock };
  }
}
