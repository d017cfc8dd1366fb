import { createHash } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { DomainError, validationFailed } from "../../domain/errors.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { CalendarDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { EarlierReturns, ReturnAmounts, ReturnInput, ReturnRate, ReturnResource } from "../../domain/order-returns.ts";
import { RETURN_REASON_LABELS, RETURN_REMEDY_LABELS, returnAmounts } from "../../domain/order-returns.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import { japanToday } from "../catalog/catalog.stock.ts";
import { moveStock } from "../catalog/stock-ledger.service.ts";
import type { Database } from "../db/client.ts";
import type { OrderReturnRow } from "../db/schema/orders.ts";
import { orderHistoryTable, orderPaymentsTable, orderReturnLinesTable, orderReturnsTable, orderShipmentsTable, ordersTable } from "../db/schema/orders.ts";
import { newA4Document, pdfBytes } from "../documents/pdf-document.ts";
import { drawReturnInvoice } from "../documents/return-invoice.pdf.ts";
import { FieldErrors } from "../i18n/validation.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { PaymentGatewayError } from "../payments/payment-gateway.ts";
import type { TransactionRecords } from "../records/transaction-records.ts";
import { recordTransaction } from "../records/transaction-records.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { OrderChangeServices } from "./order-moves.ts";
import { mailRecord } from "./order-moves.ts";
import { orderReturnMail } from "./order-return.mails.ts";
import type { OrderRow } from "./orders.service.ts";

/** The return invoice's number: the order's number as the customer knows it, and the return's. */
export function returnInvoiceNumber(publicId: string, number: number): string {
  return `${orderNumberForShopper(publicId)}-R${number}`;
}

function fileNameOf(publicId: string, number: number): string {
  return `return-invoice-${publicId}-${number}.pdf`;
}

function calendarOf(day: string): CalendarDate {
  const [year, month, date] = day.split("-").map(Number);
  return { year: year!, month: month!, day: date! };
}

/**
 * Returns after shipping (issue 32 item 6, decision 079). Staff record which bottles of a shipped
 * order came back, why, whether broken, and refund or replacement. The card or PayPay refund goes to
 * the gateway first, outside the transaction (as a cancel's refund does), keyed by the request's
 * Idempotency-Key, so a retried request refunds once; then one transaction locks the order, checks
 * again, writes the return and its lines, the payment's refunded amount, the liquor ledger (返品受入,
 * and 破損 for broken bottles; a replacement's bottles out again as a sale), the history line, the
 * return invoice PDF as a transaction record, and the customer's mail in the outbox.
 */
export class OrderReturns {
  constructor(
    private readonly db: Database,
    private readonly deps: OrderChangeServices & {
      gateway: PaymentGateway;
      records: TransactionRecords;
      /** Told of a member's order with bottles returned, in the return's transaction: their rank is worked out again (decision 090). */
      onMemberOrderChanged?: ((tx: Database, order: OrderRow) => Promise<void>) | undefined;
      /** Told of a refund-return in its transaction (points, decision 089): the goods returned and ordered, before tax. */
      onReturned?: ((tx: Database, orderId: number, goods: { returned: number; ordered: number }, reason: string) => Promise<void>) | undefined;
    },
    private readonly settings: { publicUrl: string; invoiceUrl: (order: OrderRow, number: number) => string },
  ) {}

  async record(
    publicId: string,
    input: ReturnInput,
    by: { staffId: number; requestKey: string },
    locale: Locale,
    now: Date = new Date(),
  ): Promise<ReturnResource> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order) throw new DomainError("not-found");
    // Outside the transaction: PGlite has one connection.
    const shop = await this.deps.shopProfiles.profile();
    const plan = await this.plan(this.db, order, input, locale);
    const refundRoute = input.remedy === "replacement" || plan.amounts.total === 0 ? "none" : plan.route;
    let gatewayRefundId: string | null = null;
    if (refundRoute === "gateway")
      gatewayRefundId = await this.refundAtGateway(plan.payment.paymentIntentId!, plan.amounts.total, order.publicId, by.requestKey);

    const returnedOn = japanToday(now);
    const result = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(ordersTable).where(eq(ordersTable.id, order.id)).for("update");
      if (!current) throw new DomainError("not-found");
      // Checked again under the order's lock: a return recorded meanwhile changes what may come back.
      const again = await this.plan(tx, current, input, locale);
      if (again.amounts.total !== plan.amounts.total || again.number !== plan.number) throw new DomainError("conflict");
      const [row] = await tx
        .insert(orderReturnsTable)
        .values({
          orderId: order.id,
          number: plan.number,
          reason: input.reason,
          note: input.note,
          broken: input.broken,
          remedy: input.remedy,
          refundShipping: input.remedy === "refund" && plan.amounts.shippingRefunded,
          refundAmount: refundRoute === "none" ? 0 : plan.amounts.total,
          refundRoute,
          refundState: refundRoute === "gateway" ? "done" : refundRoute === "transfer" ? "due" : "none",
          gatewayRefundId,
          amounts: input.remedy === "refund" ? plan.amounts.rates : [],
          returnedOn,
          staffId: by.staffId,
          requestKey: by.requestKey,
        })
        .returning();
      await tx.insert(orderReturnLinesTable).values([...input.lines].map(([orderItemId, quantity]) => ({ returnId: row!.id, orderItemId, quantity })));

      if (refundRoute !== "none") {
        const refunded = plan.payment.refundedAmount + plan.amounts.total;
        await tx
          .update(orderPaymentsTable)
          .set({ refundedAmount: refunded, state: refunded >= plan.payment.amount ? "refunded" : "partly_refunded", updatedAt: now })
          .where(eq(orderPaymentsTable.id, plan.payment.id));
      }
      const changed = await this.bookBottles(tx, order, input, plan, by.staffId, returnedOn);
      if (input.remedy === "refund") {
        const returnedGoods = plan.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
        await this.deps.onReturned?.(tx, order.id, { returned: returnedGoods, ordered: plan.orderedGoods }, returnInvoiceNumber(order.publicId, plan.number));
      }
      if (plan.everythingBack && input.remedy === "refund") {
        await tx.update(orderShipmentsTable).set({ state: "returned", updatedAt: now }).where(eq(orderShipmentsTable.orderId, order.id));
      }
      const invoiceNumber = input.remedy === "refund" ? returnInvoiceNumber(order.publicId, plan.number) : null;
      const note = `返品を記録: No.${plan.number} ${RETURN_REASON_LABELS[input.reason].ja}${input.broken ? "(割れあり)" : ""}、${RETURN_REMEDY_LABELS[input.remedy].ja}${refundRoute === "none" ? "" : ` ${yenText(plan.amounts.total)}`}`;
      await tx
        .insert(orderHistoryTable)
        .values({ orderId: order.id, fromStatus: current.status, toStatus: current.status, actorKind: "staff", actorId: String(by.staffId), note });

      let invoiceUrl: string | null = null;
      if (invoiceNumber) {
        const bytes = await this.invoicePdf(order, plan, input, { number: invoiceNumber, returnedOn, now, shop });
        // Filed as the receipts are (decision 062): its bytes, once, under the day of the return.
        await recordTransaction(tx, {
          kind: "return_invoice",
          sourceKey: `return-invoice:${order.publicId}:${plan.number}`,
          transactionDate: returnedOn,
          amount: plan.amounts.total,
          counterparty: order.name,
          orderRef: order.publicId,
          contentType: "application/pdf",
          fileName: fileNameOf(order.publicId, plan.number),
          content: bytes,
        });
        invoiceUrl = this.settings.invoiceUrl(order, plan.number);
      }
      const mail = orderReturnMail(shop, this.settings.publicUrl, {
        publicId: order.publicId,
        locale: order.locale,
        name: order.name,
        remedy: input.remedy,
        refundRoute,
        methodLabel: storedPaymentMethod(order.paymentMethod).label[order.locale],
        total: plan.amounts.total,
        returnedOn: calendarOf(returnedOn),
        lines: plan.lines.map((line) => ({ name: line.name[order.locale], quantity: line.quantity })),
        invoice: invoiceNumber && invoiceUrl ? { number: invoiceNumber, url: invoiceUrl } : null,
      });
      await this.deps.mail.enqueue(tx, order.email, mail, {
        ...mailRecord(refundRoute === "none" ? "status_mail" : "refund_notice", order, shop),
        amount: refundRoute === "none" ? order.price : plan.amounts.total,
      });
      if (order.userId !== null) await this.deps.onMemberOrderChanged?.(tx, order);
      return { row: row!, changed };
    });
    this.deps.mail.kick();
    await this.deps.catalog.availabilityChanged(result.changed);
    return (await this.list(order.publicId, locale)).find((each) => each.number === result.row.number)!;
  }

  /**
   * A bank refund the trader owed is marked transferred (refund_state due → done), with a history line
   * under the staff member; 409 when it is not one owed (a gateway refund, a replacement, already done).
   */
  async markRefunded(publicId: string, number: number, staffId: number, locale: Locale): Promise<ReturnResource> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order) throw new DomainError("not-found");
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(orderReturnsTable)
        .where(and(eq(orderReturnsTable.orderId, order.id), eq(orderReturnsTable.number, number)))
        .for("update");
      if (!row) throw new DomainError("not-found");
      // Guarded: only a refund still owed moves, so two clicks mark it once.
      if (row.refundState !== "due") throw new DomainError("conflict", "returnRefundNotDue");
      await tx.update(orderReturnsTable).set({ refundState: "done" }).where(eq(orderReturnsTable.id, row.id));
      const note = `返金の振込を記録: No.${number} ${yenText(row.refundAmount)}`;
      await tx
        .insert(orderHistoryTable)
        .values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, actorKind: "staff", actorId: String(staffId), note });
    });
    return (await this.list(order.publicId, locale)).find((each) => each.number === number)!;
  }

  /** An order's returns, oldest first; 404 for an unknown order (or another member's). */
  async list(publicId: string, locale: Locale, member?: number): Promise<ReturnResource[]> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order || (member !== undefined && order.userId !== member)) throw new DomainError("not-found");
    const rows = await this.db.select().from(orderReturnsTable).where(eq(orderReturnsTable.orderId, order.id)).orderBy(asc(orderReturnsTable.number));
    if (rows.length === 0) return [];
    const lines = await this.db
      .select()
      .from(orderReturnLinesTable)
      .where(
        inArray(
          orderReturnLinesTable.returnId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(orderReturnLinesTable.id));
    const items = new Map((await this.deps.orders.itemsOf(order.id)).map((item) => [item.id, item]));
    return rows.map((row) =>
      resourceOf(
        row,
        order.publicId,
        lines.filter((line) => line.returnId === row.id),
        items,
        locale,
      ),
    );
  }

  /** The return invoice as it was issued (the kept transaction record's bytes); staff, or the order's member. */
  async invoice(publicId: string, number: number, member?: number): Promise<{ bytes: Buffer; fileName: string }> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order || (member !== undefined && order.userId !== member)) throw new DomainError("not-found");
    const fileName = fileNameOf(order.publicId, number);
    const kept = (await this.deps.records.ofOrder(order.publicId)).find((record) => record.kind === "return_invoice" && record.fileName === fileName);
    const record = kept ? await this.deps.records.byId(kept.id) : undefined;
    if (!record) throw new DomainError("not-found");
    return { bytes: record.content, fileName };
  }

  /** What the return would do now: refused (422, 409) when the order or the bottles do not allow it. */
  private async plan(executor: Database, order: OrderRow, input: ReturnInput, locale: Locale) {
    if (order.status !== "sent") throw new DomainError("conflict", "returnNotShipped");
    const view = await this.deps.orders.viewOf(order, executor);
    const { payments, shipments } = await this.deps.orders.paymentsAndShipmentsOf(order.id, executor);
    const shipped = new Map<number, number>();
    for (const shipment of shipments) {
      if (shipment.state !== "shipped" && shipment.state !== "delivered" && shipment.state !== "returned") continue;
      for (const line of shipment.lines) shipped.set(line.orderItemId, (shipped.get(line.orderItemId) ?? 0) + line.quantity);
    }
    const earlierRows = await executor.select().from(orderReturnsTable).where(eq(orderReturnsTable.orderId, order.id));
    const earlierLines =
      earlierRows.length === 0
        ? []
        : await executor
            .select()
            .from(orderReturnLinesTable)
            .where(
              inArray(
                orderReturnLinesTable.returnId,
                earlierRows.map((row) => row.id),
              ),
            );
    const back = new Map<number, number>();
    for (const line of earlierLines) back.set(line.orderItemId, (back.get(line.orderItemId) ?? 0) + line.quantity);

    const errors = new FieldErrors(locale);
    const lines: { itemId: number; productId: number | null; name: { ja: string; en: string }; quantity: number; unitPrice: number; reduced: boolean }[] = [];
    for (const [itemId, quantity] of input.lines) {
      const item = view.items.find((each) => each.id === itemId);
      if (!item) {
        errors.addText("lines", locale === "ja" ? "この注文にない商品が含まれています" : "A line is not part of this order");
        continue;
      }
      const left = (shipped.get(itemId) ?? 0) - (back.get(itemId) ?? 0);
      if (quantity > left) {
        errors.addText(
          "lines",
          locale === "ja"
            ? `${item.name.ja}の返品数は${left}本以下にしてください(発送${shipped.get(itemId) ?? 0}本、返品済み${back.get(itemId) ?? 0}本)`
            : `${item.name.en}: at most ${left} bottles can be returned (${shipped.get(itemId) ?? 0} shipped, ${back.get(itemId) ?? 0} already returned)`,
        );
        continue;
      }
      lines.push({ itemId, productId: item.productId, name: item.name, quantity, unitPrice: item.unitPrice, reduced: item.reduced });
    }
    if (!errors.empty) throw validationFailed(errors);

    // Only refund-returns gave money back; a replacement's bottles leave their price with the order.
    const refundRows = earlierRows.filter((row) => row.remedy === "refund");
    const earlier: EarlierReturns = {
      perRate: mergeRates(refundRows.flatMap((row) => row.amounts)),
      shippingRefunded: refundRows.some((row) => row.refundShipping),
    };
    const amounts: ReturnAmounts = returnAmounts(view, input.lines, earlier, input.refundShipping);
    const payment = payments.filter((each) => each.state === "paid" || each.state === "partly_refunded").at(-1);
    const method = storedPaymentMethod(order.paymentMethod);
    if (input.remedy === "refund") {
      if (!payment) throw new DomainError("conflict", "returnNothingPaid");
      if (payment.refundedAmount + amounts.total > payment.amount) throw new DomainError("conflict", "returnMoreThanPaid");
    }
    const route: "gateway" | "transfer" = method.paidCancellation === "refund" && payment?.paymentIntentId ? "gateway" : "transfer";
    const everythingBack = [...shipped.entries()].every(([itemId, quantity]) => (back.get(itemId) ?? 0) + (input.lines.get(itemId) ?? 0) >= quantity);
    const shippedAt = shipments.find((shipment) => shipment.shippedAt !== null)?.shippedAt ?? null;
    const orderedGoods = view.items.reduce((sum, item) => sum + item.unitPrice * item.amount, 0);
    return {
      number: earlierRows.reduce((max, row) => Math.max(max, row.number), 0) + 1,
      amounts,
      lines,
      payment: payment!,
      route,
      everythingBack,
      shippedAt,
      orderedGoods,
    };
  }

  /**
   * The liquor ledger (decision 038): every bottle back is 返品受入 (+); a broken one goes out again as
   * 破損 (−), so the stock counts only bottles that can be sold; a replacement sends the same bottles
   * out again as a sale (−), refused when the stock has none. Answers the products whose availability changed.
   */
  private async bookBottles(
    tx: Database,
    order: OrderRow,
    input: ReturnInput,
    plan: Awaited<ReturnType<OrderReturns["plan"]>>,
    staffId: number,
    movedOn: string,
  ): Promise<number[]> {
    const changed: number[] = [];
    const reason = `返品 ${returnInvoiceNumber(order.publicId, plan.number)} ${RETURN_REASON_LABELS[input.reason].ja}`;
    for (const line of plan.lines) {
      if (line.productId === null) continue;
      const common = { productId: line.productId, actor: "staff" as const, actorId: String(staffId), orderId: order.id, movedOn, unitYen: line.unitPrice };
      const moves = [
        { ...common, kind: "return" as const, quantity: line.quantity, reason },
        ...(input.broken ? [{ ...common, kind: "breakage" as const, quantity: -line.quantity, reason: `${reason}(破損して返品)` }] : []),
        ...(input.remedy === "replacement" ? [{ ...common, kind: "sale" as const, quantity: -line.quantity, reason: `${reason}(交換品の発送)` }] : []),
      ];
      for (const move of moves) {
        const moved = await moveStock(tx, move);
        if (moved === undefined) continue;
        if (moved.refused) throw new DomainError("conflict", "returnReplacementOutOfStock");
        if (moved.before <= 0 !== moved.after <= 0) changed.push(line.productId);
      }
    }
    return [...new Set(changed)];
  }

  private async refundAtGateway(paymentIntentId: string, amount: number, publicId: string, requestKey: string): Promise<string> {
    try {
      // The request's key: the same request sent again (a retry after a lost answer) is the same refund.
      // Hashed: a request key may be 255 characters, the gateway's idempotency keys are at most 255 in all.
      const key = createHash("sha256").update(requestKey).digest("hex");
      const refund = await this.deps.gateway.refund(paymentIntentId, amount, { idempotencyKey: `kura-return-refund-${publicId}-${key}` });
      if (refund.status === "failed" || refund.status === "canceled") throw new DomainError("unavailable", "returnRefundFailed");
      return refund.id;
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw new DomainError("unavailable", "returnRefundFailed");
      throw error;
    }
  }

  /** Drawn inside the return's transaction from what was read there (no query of its own: PGlite has one connection). */
  private async invoicePdf(
    order: OrderRow,
    plan: Awaited<ReturnType<OrderReturns["plan"]>>,
    input: ReturnInput,
    issue: { number: string; returnedOn: string; now: Date; shop: ShopProfile },
  ): Promise<Buffer> {
    const { number, returnedOn, now, shop } = issue;
    const doc = await newA4Document(`返還請求書 ${number}`, now);
    drawReturnInvoice(
      doc,
      {
        number,
        orderNumber: orderNumberForShopper(order.publicId),
        issuedOn: calendarOf(returnedOn),
        returnedOn: calendarOf(returnedOn),
        soldOn: japanDateOf(order.createdAt),
        shippedOn: plan.shippedAt ? japanDateOf(plan.shippedAt) : null,
        buyerName: order.name,
        lines: plan.lines.map((line) => ({ name: line.name.ja, reduced: line.reduced, quantity: line.quantity, unitPrice: line.unitPrice })),
        rates: plan.amounts.rates,
        total: plan.amounts.total,
        reason: `${RETURN_REASON_LABELS[input.reason].ja}${input.note ? `(${input.note})` : ""}`,
        condition: input.broken ? "破損" : "再販売可",
        refundHow: plan.route === "gateway" ? `${storedPaymentMethod(order.paymentMethod).label.ja}への返金` : "お客様の口座へのお振込み",
      },
      shop,
    );
    return pdfBytes(doc);
  }
}

/** 「5,830円」, as the history reads. */
function yenText(amount: number): string {
  return `${amount.toLocaleString("ja-JP")}円`;
}

function mergeRates(rates: readonly ReturnRate[]): EarlierReturns["perRate"] {
  const merged = new Map<number, { rate: number; goods: number; base: number }>();
  for (const rate of rates) {
    const each = merged.get(rate.rate) ?? { rate: rate.rate, goods: 0, base: 0 };
    each.goods += rate.goods;
    each.base += rate.base;
    merged.set(rate.rate, each);
  }
  return [...merged.values()];
}

function resourceOf(
  row: OrderReturnRow,
  publicId: string,
  lines: { orderItemId: number; quantity: number }[],
  items: Map<number, { nameJa: string; nameEn: string }>,
  locale: Locale,
): ReturnResource {
  return {
    number: row.number,
    invoice_number: row.remedy === "refund" ? returnInvoiceNumber(publicId, row.number) : null,
    returned_on: row.returnedOn,
    reason: row.reason,
    reason_label: RETURN_REASON_LABELS[row.reason][locale],
    note: row.note,
    broken: row.broken,
    remedy: row.remedy,
    remedy_label: RETURN_REMEDY_LABELS[row.remedy][locale],
    refund_shipping: row.refundShipping,
    refund_amount: row.refundAmount,
    refund_route: row.refundRoute,
    refund_state: row.refundState,
    rates: row.amounts,
    lines: lines.map((line) => {
      const item = items.get(line.orderItemId);
      return { order_item_id: line.orderItemId, name: item ? (locale === "ja" ? item.nameJa : item.nameEn) : "", quantity: line.quantity };
    }),
    staff_id: row.staffId,
  };
}
