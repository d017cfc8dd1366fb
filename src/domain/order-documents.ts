import type { OrderStatus } from "./checkout.ts";
import { formObject } from "./field-rules.ts";
import type { OrderView } from "./order-view.ts";
import { isReducedCharge } from "./order-charges.ts";
import type { TaxPerRate } from "./tax-rates.ts";
import { z } from "./zod.ts";

/**
 * The paperwork of an order (issue 19, decision 037): the delivery note (納品書) and the receipt
 * (領収書) as a qualified simplified invoice (適格簡易請求書). What they print is decided here, in
 * plain data; the server draws it as PDF.
 */

/** The display standard's notice, printed on every document (20歳未満の者の飲酒防止に関する表示基準). */
export const UNDER_20_NOTICE = "20歳未満の者の飲酒は法律で禁止されています";

/** 但し書き when the buyer leaves the default. */
export const DEFAULT_RECEIPT_PROVISO = "お酒代として";

export const RECEIPT_ADDRESSEE_MAX = 60;
export const RECEIPT_PROVISO_MAX = 40;

/**
 * A receipt is for money received: a paid order (deposited), or a shipped one (paid before
 * shipping, or cash on delivery collected by the carrier with the parcel). Cancelled, pending and
 * unpaid orders get none.
 */
export function receiptAvailable(status: OrderStatus): boolean {
  return status === "deposited" || status === "sent";
}

/** The order's tax per rate, highest rate first (order-totals.ts: rounded up once per rate). */
export function taxesPerRate(view: Pick<OrderView, "totals">): TaxPerRate[] {
  return [...view.totals.taxes].sort((a, b) => b.rate - a.rate);
}

/** Whether an item is taxed at the reduced rate (marked ※ on the receipt and the delivery note). */
export function isReducedRateItem(item: Pick<OrderView["items"][number], "reduced">): boolean {
  return item.reduced;
}

/** An item's name as the priced documents print it: " ※" after a reduced-rate item's name. */
export function markedItemName(item: Pick<OrderView["items"][number], "reduced" | "name">): string {
  return `${item.name.ja}${isReducedRateItem(item) ? " ※" : ""}`;
}

/** A charge line's name as the priced documents print it: " ※" after a discount or correction at the reduced rate (decision 070). */
export function markedChargeName(charge: OrderView["charges"][number], view: Pick<OrderView, "taxRatePercent">): string {
  return `${charge.label.ja}${isReducedCharge(charge, view.taxRatePercent) ? " ※" : ""}`;
}

/** Whether anything on the order (an item, a discount line) is at the reduced rate: the ※ note is printed. */
export function hasReducedRateLines(view: Pick<OrderView, "items" | "charges" | "taxRatePercent">): boolean {
  return view.items.some((item) => isReducedRateItem(item)) || view.charges.some((charge) => isReducedCharge(charge, view.taxRatePercent));
}

/** What ※ means, printed under a priced document's figures when an item carries it. */
export const REDUCED_RATE_DOCUMENT_NOTE = "※は軽減税率(8%)対象商品です。";

/** Whether the shopper asked for a gift's delivery note without amounts (gift.ts, 金額を記載しない). */
export function hidesPrices(view: Pick<OrderView, "gift">): boolean {
  return view.gift?.hidePrices === true;
}

/** What the buyer types before downloading a receipt. */
export interface ReceiptRequest {
  addressee: string;
  proviso: string;
}

/** One line typed for the receipt, trimmed (NFC): not text is "invalid", as is a control character (it would break the printed line). */
function receiptLine(max: number) {
  return z
    .unknown()
    .optional()
    .transform((raw, context) => {
      const text = typeof raw === "string" ? raw.normalize("NFC").trim() : raw === undefined || raw === null ? "" : null;
      if (text === null || /\p{Cc}/u.test(text)) context.addIssue({ code: "custom", message: "invalid" });
      else if ([...text].length > max) context.addIssue({ code: "custom", message: "too_long", params: { count: max } });
      else return text;
      return z.NEVER;
    });
}

/**
 * What the buyer posts before downloading a receipt (the member's, the guest's link and the back
 * office's POST …/receipt, one schema): 宛名 and 但し書き; an empty 但し書き is the default one.
 * The guest's form also carries its signed link's token, checked by the route before the fields.
 */
export const receiptRequestSchema = formObject({
  addressee: receiptLine(RECEIPT_ADDRESSEE_MAX),
  proviso: receiptLine(RECEIPT_PROVISO_MAX).transform((proviso) => proviso || DEFAULT_RECEIPT_PROVISO),
  token: z.unknown().optional(),
});
