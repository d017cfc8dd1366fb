import type { ChargeLabel, OrderCharge } from "./order-charges.ts";
import { chargeAmount, chargeOf, paymentFeeBase } from "./order-charges.ts";
import type { ItemLine, OrderTotals } from "./order-totals.ts";
import { adjustedTotalsProblem, itemsSubtotal, orderTotals } from "./order-totals.ts";
import { taxOn } from "./money.ts";
import type { ParcelLine, ShippingTable } from "./shipping-table.ts";
import { shippingQuote } from "./shipping-table.ts";

/**
 * Partial cancellation before shipping (issue 32 item 5, decision 078): staff lower a line's
 * quantity or remove it, and the order is priced again as checkout prices it — the items, the
 * shipping fee by prefecture, boxes and cool with the free-shipping line, the payment method's fee
 * tiers on items + shipping — while every other charge (gift wrapping, discount and correction lines)
 * stays as it is. Pure: the caller reads the lines, the table and the method's fee.
 */

/** How the order's history notes a partial cancellation: the receipt reads it to say an earlier receipt no longer stands. */
export const PARTIAL_CANCEL_NOTE = "一部キャンセル";

/** An order line as the cancellation reads it: its id, price, rate, bottles and what it takes in a box. */
export interface CancellableLine extends ItemLine {
  id: number;
  shippingType: ParcelLine["shippingType"];
  volumeMl: number | null;
}

/** What staff asked: the line and the bottles it keeps (0 removes it). */
export interface LineCancellation {
  itemId: number;
  quantity: number;
}

export type PartialCancellationProblem =
  /** No such line on the order. */
  | "unknown-line"
  /** The quantity asked is not below the line's: only fewer bottles are a cancellation. */
  | "not-lower"
  /** Every bottle would go: that is the whole order's cancel. */
  | "all-lines"
  /** A kept discount would take a rate's base or the total below zero. */
  | "below-zero"
  /** The new total is above what was paid (the free-shipping line crossed back costs more than the bottles): money cannot be taken by a cancellation. */
  | "total-rises";

export interface PartialCancellationResult {
  items: CancellableLine[];
  charges: OrderCharge[];
  totals: OrderTotals;
  /** Bottles taken off the line. */
  cancelledBottles: number;
  /** Old total − new total, yen with tax: what goes back to a paid shopper, or what the unpaid total drops by (≥ 0 for a paid order). */
  difference: number;
}

export interface RepricingTerms {
  taxRatePercent: number;
  shipping: ShippingTable;
  /** Where the parcel goes (the recipient's prefecture, else the buyer's; null: the shop's own zone). */
  prefecture: number | null;
  /** The order's payment method's fee on its base (`paymentFeeBase`: goods after discounts + shipping) under today's terms (cash on delivery's tiers). */
  methodFee: (itemsAndShipping: number) => number;
  /** What the method calls its fee, for a fee line the order did not have (a tier that was free). */
  feeLabel: ChargeLabel;
}

/** The shipping fee checkout would quote for these lines: goods with tax at the standard rate against the free-shipping line (order-charges.ts). */
export function quotedShipping(lines: readonly CancellableLine[], terms: RepricingTerms): number {
  const items = itemsSubtotal(lines);
  return shippingQuote(lines, terms.prefecture, terms.shipping, items + taxOn(items, terms.taxRatePercent)).fee;
}

/**
 * The order after one line is lowered or removed, or why it cannot be. A fee is worked out again
 * only when today's table (or terms) quotes the old and the new contents differently — the same rule
 * as an address change (decision 074) — so a table edited since checkout never moves a fee the
 * cancellation did not touch. When the fee changes it is today's quote: crossing back below the
 * free-shipping line brings the fee back, and cash on delivery's fee follows its tier. `paid`: the
 * money is in, so the new total may not be above the old one.
 */
export function partialCancellation(
  order: { items: readonly CancellableLine[]; charges: readonly OrderCharge[]; total: number; paid: boolean },
  change: LineCancellation,
  terms: RepricingTerms,
): PartialCancellationResult | PartialCancellationProblem {
  const line = order.items.find((item) => item.id === change.itemId);
  if (!line) return "unknown-line";
  if (!Number.isSafeInteger(change.quantity) || change.quantity < 0 || change.quantity >= line.amount) return "not-lower";
  const items = order.items.flatMap((item) => (item.id !== line.id ? [item] : change.quantity === 0 ? [] : [{ ...item, amount: change.quantity }]));
  if (items.length === 0) return "all-lines";

  const oldShippingQuote = quotedShipping(order.items, terms);
  const newShippingQuote = quotedShipping(items, terms);
  const charged = chargeAmount(order.charges, "shipping");
  const hasShipping = order.charges.some((charge) => charge.kind === "shipping");
  const shipping = hasShipping && newShippingQuote !== oldShippingQuote ? newShippingQuote : charged;
  const oldItems = itemsSubtotal(order.items);
  const newItems = itemsSubtotal(items);
  // The fee's base as checkout and every other change measure it: the goods after their discount lines, plus shipping.
  const withShipping = (amount: number) => order.charges.map((charge) => (charge.kind === "shipping" ? { ...charge, amount } : charge));
  const oldFeeQuote = terms.methodFee(paymentFeeBase(oldItems, withShipping(oldShippingQuote)));
  const newFeeQuote = terms.methodFee(paymentFeeBase(newItems, withShipping(shipping)));
  // The fee is on items + shipping (cod's tiers), moved only when its tier moved; a fee of 0 is no line, as at checkout.
  const feeMoves = newFeeQuote !== oldFeeQuote;
  const charges = order.charges.flatMap((charge): OrderCharge[] => {
    if (charge.kind === "shipping") {
      const fee =
        feeMoves && newFeeQuote > 0 && !order.charges.some((each) => each.kind === "payment_fee") ? [chargeOf("payment_fee", newFeeQuote, terms.feeLabel)] : [];
      return [{ ...charge, amount: shipping }, ...fee];
    }
    if (charge.kind === "payment_fee" && feeMoves) return newFeeQuote > 0 ? [{ ...charge, amount: newFeeQuote }] : [];
    return [charge];
  });
  const totals = orderTotals(items, charges, terms.taxRatePercent);
  if (adjustedTotalsProblem(totals) !== null) return "below-zero";
  const difference = order.total - totals.total;
  if (order.paid && difference < 0) return "total-rises";
  return { items, charges, totals, cancelledBottles: line.amount - change.quantity, difference };
}
