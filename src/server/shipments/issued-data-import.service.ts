import { carrierLabel, isSlipNumber, trackingUrl, type CarrierCode } from "../../domain/carriers.ts";
import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper, publicIdFromOrderNumber } from "../../domain/order-number.ts";
import { staffMoves } from "../../domain/order-status.ts";
import { hasLeft } from "../../domain/payments-and-shipments.ts";
import type { AdminOrdersService } from "../admin/admin-orders.service.ts";
import type { OrderActor } from "../orders/order-moves.ts";
import type { OrderRow, OrdersService } from "../orders/orders.service.ts";
import type { ImportPreview, ImportRefusal, ImportResult, ImportRow, ImportRowState, ShipmentToConfirm } from "../../domain/issued-data-import.ts";
import { ISSUED_DATA_MAX_ROWS } from "../../domain/issued-data-input.ts";
import { IssuedFileError, parseIssuedData, type IssuedFileProblem } from "./issued-data.ts";
import { ORDER_REFUSAL_TEXTS } from "../admin/order-refusal-texts.ts";

const REFUSALS: Record<ImportRefusal, Record<Locale, string>> = {
  ...ORDER_REFUSAL_TEXTS,
  no_reference: { ja: "お客様管理番号がありません。", en: "The row has no customer reference (お客様管理番号)." },
  no_slip: { ja: "伝票番号がありません(未発行の行です)。", en: "The row has no slip number (not issued yet)." },
  bad_slip: { ja: "伝票番号の形式が正しくありません。", en: "The slip number is not valid." },
  duplicate: { ja: "同じ注文の行がファイル内で先にあります。", en: "An earlier row of the file is for the same order." },
  moved: { ja: "確認の間に注文の状態が変わりました。", en: "The order's status changed meanwhile." },
  unknown_parcel: { ja: "この注文にこの番号の配送便はありません。", en: "The order has no parcel of this number." },
  preorder_not_arrived: {
    ja: "予約商品の入荷が在庫台帳に記録されていないため発送できません。",
    en: "The pre-ordered bottles' arrival is not recorded in the stock ledger, so the parcel cannot ship.",
  },
};

const FILE_PROBLEMS: Record<IssuedFileProblem | "too_many", Record<Locale, string>> = {
  empty: { ja: "ファイルに行がありません。", en: "The file has no rows." },
  unknown_layout: {
    ja: "B2クラウド・e飛伝・ゆうプリRの発行済みデータとして読めません(見出し行にお客様管理番号と伝票番号の列が必要です)。",
    en: "The file is not issued data of B2 Cloud, e-Hiden or Yu-Pri R (its header needs a customer reference and a slip number column).",
  },
  unreadable: { ja: "CSVとして読めません(引用符の閉じ忘れなど)。", en: "The file cannot be read as CSV (an unclosed quote, for instance)." },
  too_many: {
    ja: `一度に取り込めるのは${ISSUED_DATA_MAX_ROWS.toLocaleString("ja-JP")}行までです。`,
    en: `At most ${ISSUED_DATA_MAX_ROWS.toLocaleString("en-US")} rows can be imported at once.`,
  },
};

/**
 * Slip numbers back from the carrier's issued-data file (issue #35 item 1): a preview that matches
 * each row to its order and says what confirming would do, and the confirm, which ships each order
 * through the back office's own ship move (AdminOrdersService.ship → OrderMoves), one transaction per
 * order, so its history, its tracking link and its shipping mail (outbox) are those of a ship by
 * hand. A row whose order is already sent with the same slip is done: uploading the file again
 * ships and mails nothing.
 */
export class IssuedDataImportService {
  constructor(private readonly deps: { orders: OrdersService; adminOrders: AdminOrdersService }) {}

  async preview(bytes: Uint8Array, locale: Locale): Promise<ImportPreview> {
    let file;
    try {
      file = parseIssuedData(bytes);
    } catch (error) {
      if (error instanceof IssuedFileError) throw new DomainError("invalid", undefined, undefined, [FILE_PROBLEMS[error.problem][locale]]);
      throw error;
    }
    if (file.rows.length > ISSUED_DATA_MAX_ROWS) throw new DomainError("invalid", undefined, undefined, [FILE_PROBLEMS.too_many[locale]]);
    const seen = new Set<string>();
    const rows: ImportRow[] = [];
    for (const row of file.rows) {
      const named = row.reference ? await this.namedBy(row.reference) : undefined;
      const order = named?.order;
      const parcel = named?.parcel ?? null;
      const key = order ? `${order.publicId}-${parcel ?? ""}` : "";
      let reason: ImportRefusal | null = null;
      if (!row.reference) reason = "no_reference";
      else if (!order) reason = "unknown_order";
      else if (!row.slipNumber) reason = "no_slip";
      else if (!isSlipNumber(row.slipNumber)) reason = "bad_slip";
      else if (seen.has(key)) reason = "duplicate";
      if (order) seen.add(key);
      rows.push(
        await this.judged({ line: row.line, reference: row.reference, order, parcel, slipNumber: row.slipNumber, carrier: file.carrier }, reason, locale),
      );
    }
    return {
      layout: file.layout,
      carrier: file.carrier,
      carrier_label: carrierLabel(file.carrier, locale),
      rows,
      counts: {
        ship: rows.filter((row) => row.state === "ship").length,
        done: rows.filter((row) => row.state === "done").length,
        refused: rows.filter((row) => row.state === "refused").length,
      },
    };
  }

  /**
   * Ships each parcel the preview said would ship, each in its own transaction (the ship move's):
   * one refused or raced order never holds back the others. Checked again here, as the orders may
   * have moved since the preview.
   */
  async confirm(shipments: ShipmentToConfirm[], locale: Locale, actor: OrderActor): Promise<ImportResult> {
    const rows: ImportRow[] = [];
    let shipped = 0;
    const seen = new Set<string>();
    for (const [index, shipment] of shipments.entries()) {
      const order = await this.orderOf(shipment.order_id);
      const parcel = shipment.parcel ?? null;
      const reference = parcel === null ? shipment.order_id : `${shipment.order_id}-${parcel}`;
      const base = { line: shipment.line ?? index + 1, reference, order, parcel, slipNumber: shipment.slip_number, carrier: shipment.carrier };
      const key = order ? `${order.publicId}-${parcel ?? ""}` : "";
      const early: ImportRefusal | null = !order ? "unknown_order" : !isSlipNumber(shipment.slip_number) ? "bad_slip" : seen.has(key) ? "duplicate" : null;
      if (order) seen.add(key);
      const judged = await this.judged(base, early, locale);
      if (judged.state !== "ship" || !order) {
        rows.push(judged);
        continue;
      }
      try {
        const slip = { slipNumber: shipment.slip_number, carrier: shipment.carrier };
        // `<order>-<n>`: that parcel alone (decision 091); `<order>`: every parcel not yet gone.
        if (parcel === null) await this.deps.adminOrders.ship(order.publicId, slip, locale, actor);
        else await this.deps.adminOrders.shipParcel(order.publicId, parcel, slip, locale, actor);
        shipped += 1;
        rows.push(judged);
      } catch (error) {
        if (!(error instanceof DomainError) || error.kind !== "conflict") throw error;
        if (error.messageKey === "preorderStockShort") {
          rows.push(await this.judged(base, "preorder_not_arrived", locale));
          continue;
        }
        // Moved between our read and the move's lock: judged again on what it is now.
        const now = await this.orderOf(order.publicId);
        const again = await this.judged({ ...base, order: now }, null, locale);
        rows.push(again.state === "ship" ? await this.judged(base, "moved", locale) : again);
      }
    }
    return {
      rows,
      counts: { shipped, done: rows.filter((row) => row.state === "done").length, refused: rows.filter((row) => row.state === "refused").length },
    };
  }

  /**
   * The order, and the parcel, a reference names: the order alone (its id or number), or one of its
   * parcels as Kura's B2 export writes several destinations, `<order>-<n>` (decision 087, read back since 091).
   */
  private async namedBy(reference: string): Promise<{ order: OrderRow | undefined; parcel: number | null }> {
    if (publicIdFromOrderNumber(reference)) return { order: await this.orderOf(reference), parcel: null };
    const match = /^(.+)[-‐–—ー]([1-9][0-9]{0,2})$/u.exec(reference.normalize("NFKC").trim());
    if (match && publicIdFromOrderNumber(match[1]!)) return { order: await this.orderOf(match[1]!), parcel: Number(match[2]) };
    return { order: undefined, parcel: null };
  }

  /** The order a reference names: Kura's public id as its B2 export writes it, or the order number with hyphens as a trader may type it. */
  private async orderOf(reference: string): Promise<OrderRow | undefined> {
    const publicId = publicIdFromOrderNumber(reference);
    return publicId ? this.deps.orders.byPublicId(publicId) : undefined;
  }

  private async judged(
    row: { line: number; reference: string; order: OrderRow | undefined; parcel: number | null; slipNumber: string; carrier: CarrierCode },
    early: ImportRefusal | null,
    locale: Locale,
  ): Promise<ImportRow> {
    const { order, parcel } = row;
    let state: ImportRowState = "refused";
    let reason = early;
    const shipment =
      order && parcel !== null && !reason
        ? (await this.deps.orders.paymentsAndShipmentsOf(order.id)).shipments.find((each) => each.position === parcel - 1)
        : undefined;
    if (!reason && order && parcel !== null) {
      // One parcel (decision 091): gone with this slip is done, with another refused; else it ships if it may.
      if (!shipment) reason = "unknown_parcel";
      else if (hasLeft(shipment.state)) {
        const same = shipment.slipNumber === row.slipNumber;
        state = same ? "done" : "refused";
        reason = same ? null : "shipped_other_slip";
      } else if (staffMoves(order.status, order.paymentMethod).includes("sent") && shipment.state === "ready") state = "ship";
      else reason = order.status === "cancelled" ? "cancelled" : order.status === "pending" ? "pending" : "unpaid";
    } else if (!reason && order) {
      if (order.status === "sent") {
        const same = order.slipNumber === row.slipNumber;
        state = same ? "done" : "refused";
        reason = same ? null : "shipped_other_slip";
      } else if (staffMoves(order.status, order.paymentMethod).includes("sent")) state = "ship";
      else reason = order.status === "cancelled" ? "cancelled" : order.status === "pending" ? "pending" : "unpaid";
    }
    return {
      line: row.line,
      reference: row.reference,
      order_id: order?.publicId ?? null,
      order_number: order ? orderNumberForShopper(order.publicId) : null,
      parcel,
      slip_number: row.slipNumber,
      carrier: row.carrier,
      carrier_label: carrierLabel(row.carrier, locale),
      tracking_url: state === "refused" ? null : trackingUrl(row.carrier, row.slipNumber, locale),
      state,
      reason,
      message: reason ? REFUSALS[reason][locale] : null,
    };
  }
}
