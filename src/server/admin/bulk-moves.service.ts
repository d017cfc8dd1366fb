import type { BulkItem, BulkMove, BulkRefusal, BulkResult, BulkRow } from "../../domain/bulk-moves.ts";
import { DEFAULT_CARRIER, isSlipNumber } from "../../domain/carriers.ts";
import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper, publicIdFromOrderNumber } from "../../domain/order-number.ts";
import { staffMoves } from "../../domain/order-status.ts";
import type { OrderActor } from "../orders/order-moves.ts";
import type { OrderRow, OrdersService } from "../orders/orders.service.ts";
import type { AdminOrdersService } from "./admin-orders.service.ts";
import { ORDER_REFUSAL_TEXTS } from "./order-refusal-texts.ts";

const REFUSALS: Record<BulkRefusal, Record<Locale, string>> = {
  ...ORDER_REFUSAL_TEXTS,
  not_allowed: { ja: "この注文の今の状態では、この処理はできません。", en: "The order's status does not allow this move." },
  no_slip: { ja: "伝票番号を入力してください。", en: "Enter the slip number." },
  bad_slip: {
    ja: "伝票番号の形式が正しくありません(半角英数字とハイフン、40文字まで)。",
    en: "The slip number is not valid (letters, digits and hyphens, 40 at most).",
  },
  duplicate: { ja: "同じ注文が二度選ばれています。", en: "The same order was chosen twice." },
  moved_meanwhile: { ja: "処理の間に注文の状態が変わりました。", en: "The order's status changed meanwhile." },
};

/** Why an order cannot take the move, in the trader's words. */
function refusalOf(order: OrderRow, move: BulkMove): BulkRefusal {
  if (order.status === "cancelled") return "cancelled";
  if (order.status === "pending") return "pending";
  if (move === "ship" && order.status === "await_payment") return "unpaid";
  return "not_allowed";
}

/**
 * The order list's bulk moves (issue #35 item 2, decision 069): the selected orders' deposits
 * confirmed or parcels marked shipped, each order through the back office's own move
 * (AdminOrdersService → OrderMoves) in its own transaction, so one refusal or race holds back
 * nothing else; the answer says per order what moved, what had nothing to do and what was refused
 * and why. A large selection runs as a job, one `one()` per item (jobs/jobs.service.ts).
 */
export class BulkMovesService {
  constructor(private readonly deps: { orders: OrdersService; adminOrders: AdminOrdersService }) {}

  async run(move: BulkMove, items: BulkItem[], locale: Locale, actor: OrderActor): Promise<BulkResult> {
    const rows: BulkRow[] = [];
    const seen = new Set<string>();
    for (const item of items) {
      const id = publicIdFromOrderNumber(item.id) ?? item.id;
      if (seen.has(id)) {
        rows.push(this.row(item, undefined, "refused", "duplicate", locale));
        continue;
      }
      seen.add(id);
      rows.push(await this.one(move, item, locale, actor));
    }
    return { move, rows, counts: countsOf(rows) };
  }

  /** Moves one order, in its own transaction (the move's); never throws for the order's state. */
  async one(move: BulkMove, item: BulkItem, locale: Locale, actor: OrderActor): Promise<BulkRow> {
    const order = await this.orderOf(item.id);
    if (!order) return this.row(item, undefined, "refused", "unknown_order", locale);
    const slip = item.slip_number?.trim() ?? "";
    if (move === "ship") {
      if (order.status === "sent")
        return order.slipNumber === slip ? this.row(item, order, "done", null, locale) : this.row(item, order, "refused", "shipped_other_slip", locale);
      if (!staffMoves(order.status, order.paymentMethod).includes("sent")) return this.row(item, order, "refused", refusalOf(order, move), locale);
      if (!slip) return this.row(item, order, "refused", "no_slip", locale);
      if (!isSlipNumber(slip)) return this.row(item, order, "refused", "bad_slip", locale);
    } else {
      if (order.status === "deposited") return this.row(item, order, "done", null, locale);
      if (!staffMoves(order.status, order.paymentMethod).includes("deposited")) return this.row(item, order, "refused", refusalOf(order, move), locale);
    }
    try {
      if (move === "ship") await this.deps.adminOrders.ship(order.publicId, { slipNumber: slip, carrier: item.carrier ?? DEFAULT_CARRIER }, locale, actor);
      else await this.deps.adminOrders.deposit(order.publicId, locale, actor);
      return this.row(item, order, "moved", null, locale);
    } catch (error) {
      if (!(error instanceof DomainError) || (error.kind !== "conflict" && error.kind !== "not-found")) throw error;
      // Moved by someone else between our read and the move's lock.
      const now = await this.orderOf(order.publicId);
      const there = now && (move === "ship" ? now.status === "sent" && now.slipNumber === slip : now.status === "deposited");
      return there ? this.row(item, now, "done", null, locale) : this.row(item, now ?? order, "refused", "moved_meanwhile", locale);
    }
  }

  /** An order by its public id, or by its number as printed (7P03-17KD-6CCE). */
  private async orderOf(reference: string): Promise<OrderRow | undefined> {
    const publicId = publicIdFromOrderNumber(reference);
    return publicId ? this.deps.orders.byPublicId(publicId) : undefined;
  }

  private row(item: BulkItem, order: OrderRow | undefined, state: BulkRow["state"], reason: BulkRefusal | null, locale: Locale): BulkRow {
    const slip = item.slip_number?.trim();
    return {
      order_id: order?.publicId ?? item.id,
      order_number: order ? orderNumberForShopper(order.publicId) : null,
      slip_number: slip ? slip : null,
      state,
      reason,
      message: reason ? REFUSALS[reason][locale] : null,
    };
  }
}

export function countsOf(rows: { state: string }[]): BulkResult["counts"] {
  return {
    moved: rows.filter((row) => row.state === "moved").length,
    done: rows.filter((row) => row.state === "done").length,
    refused: rows.filter((row) => row.state === "refused").length,
  };
}
