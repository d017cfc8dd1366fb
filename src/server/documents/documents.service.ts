import { and, desc, eq, sql } from "drizzle-orm";
import { japanDateOf, japanMidnight } from "../../domain/japan-time.ts";
import type { ReceiptRequest } from "../../domain/order-documents.ts";
import { receiptAvailable } from "../../domain/order-documents.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { Database } from "../db/client.ts";
import { receiptIssuesTable } from "../db/schema/documents.ts";
import { DomainError } from "../../domain/errors.ts";
import type { OrderView } from "../../domain/order-view.ts";
import type { OrderRow, OrdersService } from "../orders/orders.service.ts";
import { japanDay, recordTransaction, sha256Hex } from "../records/transaction-records.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { drawDeliveryNote } from "./delivery-note.pdf.ts";
import { newA4Document, pdfBytes } from "./pdf-document.ts";
import { drawReceipt } from "./receipt.pdf.ts";

/** Delivery notes printed at once at most (one page each). */
export const BULK_DELIVERY_NOTES_MAX = 300;

/** Who asks for a receipt: the order's member, a guest holding the signed link, or staff. */
export type ReceiptRequester = { kind: "member"; userId: number } | { kind: "guest" } | { kind: "staff" };

export interface PdfFile {
  bytes: Buffer;
  fileName: string;
}

/**
 * The order's paperwork as PDF (decision 037): delivery notes for the trader, one order's or the
 * day's shipments; receipts for the buyer once paid, each download counted (the first is the
 * original, later ones 再発行).
 */
export class DocumentsService {
  constructor(
    private readonly db: Database,
    private readonly deps: { orders: OrdersService; shopProfiles: ShopProfileService },
  ) {}

  async deliveryNote(publicId: string, now: Date = new Date()): Promise<PdfFile> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order) throw new DomainError("not-found");
    // Dated the day it is printed (not the second): the same note printed again that day is the same file.
    const doc = await newA4Document(`納品書 ${orderNumberForShopper(order.publicId)}`, japanMidnight(japanDay(now)));
    drawDeliveryNote(doc, await this.deps.orders.viewOf(order), await this.deps.shopProfiles.profile(), japanDateOf(now));
    const file = { bytes: await pdfBytes(doc), fileName: `delivery-note-${order.publicId}.pdf` };
    // Kept as issued (decision 062); the same bytes again are the same note, a changed order a new one.
    await recordTransaction(this.db, {
      kind: "delivery_note",
      sourceKey: `delivery-note:${order.publicId}:${sha256Hex(file.bytes)}`,
      transactionDate: japanDay(order.createdAt),
      amount: order.price,
      counterparty: order.name,
      orderRef: order.publicId,
      contentType: "application/pdf",
      fileName: file.fileName,
      content: file.bytes,
    });
    return file;
  }

  /** One PDF with a page per order of the day's shipments (OrdersService.shipmentsOf); null when there are none. */
  async deliveryNotesOf(day: string, now: Date = new Date()): Promise<PdfFile | null> {
    const views = await this.deps.orders.shipmentsOf(day, BULK_DELIVERY_NOTES_MAX);
    if (views.length === 0) return null;
    // One file for the day's parcels: filed under the day.
    return this.deliveryNotes(views, { day, fileName: `delivery-notes-${day}.pdf`, source: day }, now);
  }

  /**
   * One PDF with a page per selected order (the order list's bulk print, decision 069), oldest
   * first as they are packed; null when none of them is an order. At most BULK_DELIVERY_NOTES_MAX.
   */
  async deliveryNotesFor(publicIds: string[], now: Date = new Date()): Promise<PdfFile | null> {
    if (publicIds.length > BULK_DELIVERY_NOTES_MAX) throw new DomainError("invalid", "deliveryNotesTooMany");
    const views = (await this.deps.orders.listAll({ publicIds }, BULK_DELIVERY_NOTES_MAX)).reverse();
    if (views.length === 0) return null;
    const today = japanDay(now);
    return this.deliveryNotes(views, { day: today, fileName: `delivery-notes-${today}-${views.length}.pdf`, source: "selected" }, now);
  }

  /**
   * Several orders' delivery notes in one PDF titled and filed under `day`, kept as one transaction
   * record (decision 062) of their sum and every buyer's name.
   */
  private async deliveryNotes(views: OrderView[], file: { day: string; fileName: string; source: string }, now: Date): Promise<PdfFile> {
    const shop = await this.deps.shopProfiles.profile();
    const doc = await newA4Document(`納品書 ${file.day}`, japanMidnight(japanDay(now)));
    for (const view of views) drawDeliveryNote(doc, view, shop, japanDateOf(now));
    const bytes = await pdfBytes(doc);
    await recordTransaction(this.db, {
      kind: "delivery_note",
      sourceKey: `delivery-notes:${file.source}:${sha256Hex(bytes)}`,
      transactionDate: file.day,
      amount: views.reduce((sum, view) => sum + view.totals.total, 0),
      counterparty: [...new Set(views.map((view) => view.name))].join("、"),
      contentType: "application/pdf",
      fileName: file.fileName,
      content: bytes,
    });
    return { bytes, fileName: file.fileName };
  }

  /** What the receipt page shows before a download: the order number, whether it can be issued, and how often it was. */
  async receiptState(publicId: string, requester: ReceiptRequester): Promise<{ orderNumber: string; available: boolean; issued: number; name: string }> {
    const order = await this.orderFor(publicId, requester);
    return {
      orderNumber: orderNumberForShopper(order.publicId),
      available: receiptAvailable(order.status),
      issued: await this.issuedCount(order.id),
      name: order.name,
    };
  }

  /** Issues a receipt: 409 while the order is not paid; the second and later ones are marked 再発行. */
  async receipt(publicId: string, requester: ReceiptRequester, request: ReceiptRequest, now: Date = new Date()): Promise<PdfFile & { number: number }> {
    const order = await this.orderFor(publicId, requester);
    if (!receiptAvailable(order.status)) throw new DomainError("conflict", "receiptNotPaid");
    const view = await this.deps.orders.viewOf(order);
    const shop = await this.deps.shopProfiles.profile();
    // Draw first: a download that failed to render is not an issue.
    const number = (await this.issuedCount(order.id)) + 1;
    // A receipt issued before part of the order was cancelled shows money that changed: the next one is 再発行 and says why (decision 078).
    const partlyCancelledAt = number > 1 ? await this.deps.orders.lastPartialCancellation(order.id) : null;
    const replacesAfterPartialCancel = partlyCancelledAt !== null && partlyCancelledAt > (await this.lastIssuedAt(order.id));
    const doc = await newA4Document(`領収書 ${orderNumberForShopper(order.publicId)}`);
    drawReceipt(doc, view, shop, { ...request, number, issuedOn: japanDateOf(now), replacesAfterPartialCancel });
    const bytes = await pdfBytes(doc);
    const fileName = `receipt-${order.publicId}${number > 1 ? `-${number}` : ""}.pdf`;
    const recorded = await this.db.transaction(async (tx) => {
      if (!(await this.record(tx, order.id, number, request, requester, now))) return false;
      // The receipt as issued is a transaction record (decision 062): its bytes, once per issue.
      const addressee = request.addressee.trim();
      await recordTransaction(tx, {
        kind: "receipt",
        sourceKey: `receipt:${order.publicId}:${number}`,
        transactionDate: japanDay(order.createdAt),
        amount: order.price,
        counterparty: addressee && addressee !== order.name ? `${addressee} (${order.name})` : order.name,
        orderRef: order.publicId,
        contentType: "application/pdf",
        fileName,
        content: bytes,
      });
      return true;
    });
    if (!recorded) {
      // Another download took this number in the meantime: this one is a reissue after it.
      return this.receipt(publicId, requester, request, now);
    }
    return { bytes, fileName, number };
  }

  private async orderFor(publicId: string, requester: ReceiptRequester): Promise<OrderRow> {
    const order = await this.deps.orders.byPublicId(publicId);
    // Another member's order is as unknown as a missing one: no hint that it exists.
    if (!order || (requester.kind === "member" && order.userId !== requester.userId)) throw new DomainError("not-found");
    return order;
  }

  private async lastIssuedAt(orderId: number): Promise<Date> {
    const [row] = await this.db
      .select({ at: receiptIssuesTable.issuedAt })
      .from(receiptIssuesTable)
      .where(eq(receiptIssuesTable.orderId, orderId))
      .orderBy(desc(receiptIssuesTable.issuedAt))
      .limit(1);
    return row?.at ?? new Date(0);
  }

  private async issuedCount(orderId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(max(${receiptIssuesTable.number}), 0)` })
      .from(receiptIssuesTable)
      .where(eq(receiptIssuesTable.orderId, orderId));
    return Number(row?.n ?? 0);
  }

  private async record(tx: Database, orderId: number, number: number, request: ReceiptRequest, requester: ReceiptRequester, now: Date): Promise<boolean> {
    const inserted = await tx
      .insert(receiptIssuesTable)
      .values({ orderId, number, addressee: request.addressee, proviso: request.proviso, issuedBy: requester.kind, issuedAt: now })
      .onConflictDoNothing()
      .returning({ id: receiptIssuesTable.id });
    return inserted.length === 1;
  }

  /** How many receipts an order was given (for tests and the back office). */
  async receiptsIssued(publicId: string): Promise<number> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order) return 0;
    const rows = await this.db
      .select({ id: receiptIssuesTable.id })
      .from(receiptIssuesTable)
      .where(and(eq(receiptIssuesTable.orderId, order.id)));
    return rows.length;
  }
}
