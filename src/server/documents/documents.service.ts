import { and, eq, sql } from "drizzle-orm";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { ReceiptRequest } from "../../domain/order-documents.ts";
import { receiptAvailable } from "../../domain/order-documents.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { Database } from "../db/client.ts";
import { receiptIssuesTable } from "../db/schema/documents.ts";
import { DomainError } from "../../domain/errors.ts";
import type { OrderRow, OrdersService } from "../orders/orders.service.ts";
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
    const doc = await newA4Document(`納品書 ${orderNumberForShopper(order.publicId)}`);
    drawDeliveryNote(doc, await this.deps.orders.viewOf(order), await this.deps.shopProfiles.profile(), japanDateOf(now));
    return { bytes: await pdfBytes(doc), fileName: `delivery-note-${order.publicId}.pdf` };
  }

  /** One PDF with a page per order of the day's shipments (OrdersService.shipmentsOf); null when there are none. */
  async deliveryNotesOf(day: string, now: Date = new Date()): Promise<PdfFile | null> {
    const views = await this.deps.orders.shipmentsOf(day, BULK_DELIVERY_NOTES_MAX);
    if (views.length === 0) return null;
    const shop = await this.deps.shopProfiles.profile();
    const doc = await newA4Document(`納品書 ${day}`);
    for (const view of views) drawDeliveryNote(doc, view, shop, japanDateOf(now));
    return { bytes: await pdfBytes(doc), fileName: `delivery-notes-${day}.pdf` };
  }

  /** What the receipt page shows before a download: the order number, whether it can be issued, and how often it was. */
  async receiptState(publicId: string, requester: ReceiptRequester): Promise<{ orderNumber: string; available: boolean; issued: number; name: string }> {
    const order = await this.orderFor(publicId, requester);
    return { orderNumber: orderNumberForShopper(order.publicId), available: receiptAvailable(order.status), issued: await this.issuedCount(order.id), name: order.name };
  }

  /** Issues a receipt: 409 while the order is not paid; the second and later ones are marked 再発行. */
  async receipt(publicId: string, requester: ReceiptRequester, request: ReceiptRequest, now: Date = new Date()): Promise<PdfFile & { number: number }> {
    const order = await this.orderFor(publicId, requester);
    if (!receiptAvailable(order.status)) throw new DomainError("conflict", "receiptNotPaid");
    const view = await this.deps.orders.viewOf(order);
    const shop = await this.deps.shopProfiles.profile();
    // Draw first: a download that failed to render is not an issue.
    const number = (await this.issuedCount(order.id)) + 1;
    const doc = await newA4Document(`領収書 ${orderNumberForShopper(order.publicId)}`);
    drawReceipt(doc, view, shop, { ...request, number, issuedOn: japanDateOf(now) });
    const bytes = await pdfBytes(doc);
    const recorded = await this.record(order.id, number, request, requester, now);
    if (!recorded) {
      // Another download took this number in the meantime: this one is a reissue after it.
      return this.receipt(publicId, requester, request, now);
    }
    return { bytes, fileName: `receipt-${order.publicId}${number > 1 ? `-${number}` : ""}.pdf`, number };
  }

  private async orderFor(publicId: string, requester: ReceiptRequester): Promise<OrderRow> {
    const order = await this.deps.orders.byPublicId(publicId);
    // Another member's order is as unknown as a missing one: no hint that it exists.
    if (!order || (requester.kind === "member" && order.userId !== requester.userId)) throw new DomainError("not-found");
    return order;
  }

  private async issuedCount(orderId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(max(${receiptIssuesTable.number}), 0)` })
      .from(receiptIssuesTable)
      .where(eq(receiptIssuesTable.orderId, orderId));
    return Number(row?.n ?? 0);
  }

  private async record(orderId: number, number: number, request: ReceiptRequest, requester: ReceiptRequester, now: Date): Promise<boolean> {
    const inserted = await this.db
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
    const rows = await this.db.select({ id: receiptIssuesTable.id }).from(receiptIssuesTable).where(and(eq(receiptIssuesTable.orderId, order.id)));
    return rows.length;
  }
}
