import type { TaxPerRate } from "./tax-rates.ts";
import { taxesPerRate } from "./tax-rates.ts";

/**
 * An order's money from its lines: the items and the charges (order-charges.ts). The checkout
 * computes an order with it, and every later view of the order (API, mails, back office, CSV)
 * derives its figures from the same lines with it. Money is an integer number of yen; the only
 * rounding is the tax's, in money.ts.
 */

export interface ItemLine {
  /** Price before tax of one bottle, yen. */
  unitPrice: number;
  amount: number;
  /** The item's rate (tax-rates.ts); the order's standard rate when absent. */
  taxRatePercent?: number;
}

/** What totals need of a charge line (order-charges.ts's OrderCharge). */
export interface ChargeLine {
  /** Yen before tax. */
  amount: number;
  taxable: boolean;
}

export interface OrderTotals {
  /** unit price × amount of each item, in the items' order. */
  lineTotals: number[];
  /** Items before tax. */
  items: number;
  /** All charges before tax. */
  charges: number;
  /** Items + charges, before tax. */
  subtotal: number;
  /** What tax is charged on: the items and the taxable charges. */
  taxBase: number;
  /** The order's standard rate (shipping and fees are taxed at it). */
  taxRatePercent: number;
  /** Tax per rate, highest rate first, each rounded up once (decision 036); one entry for a one-rate order. */
  taxes: TaxPerRate[];
  /** The sum of the taxes per rate. */
  tax: number;
  /** What the shopper pays: subtotal + tax. */
  total: number;
}

function assertYen(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of yen ≥ 0, got ${value}`);
}

export function lineTotal(unitPrice: number, amount: number): number {
  assertYen(unitPrice, "unit price");
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be a whole number ≥ 0, got ${amount}`);
  return unitPrice * amount;
}

export function itemsSubtotal(lines: readonly ItemLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line.unitPrice, line.amount), 0);
}

/**
 * Totals of items and charges. Spec §9: tax is charged ONCE on the whole taxable sum (items,
 * shipping and fee), rounded up — never per line, which could round up several times. With items at
 * the reduced rate, once per rate (decision 036); charges are taxed at the standard rate.
 */
export function orderTotals(items: readonly ItemLine[], charges: readonly ChargeLine[], taxRatePercent: number): OrderTotals {
  const lineTotals = items.map((item) => lineTotal(item.unitPrice, item.amount));
  const itemsSum = lineTotals.reduce((sum, each) => sum + each, 0);
  for (const charge of charges) assertYen(charge.amount, "a charge");
  const chargesSum = charges.reduce((sum, charge) => sum + charge.amount, 0);
  const taxBase = itemsSum + charges.filter((charge) => charge.taxable).reduce((sum, charge) => sum + charge.amount, 0);
  const taxes = taxesPerRate(
    [
      ...items.map((item, index) => ({ amount: lineTotals[index]!, ratePercent: item.taxRatePercent ?? taxRatePercent })),
      ...charges.filter((charge) => charge.taxable).map((charge) => ({ amount: charge.amount, ratePercent: taxRatePercent })),
    ],
    taxRatePercent,
  );
  const tax = taxes.reduce((sum, each) => sum + each.tax, 0);
  const subtotal = itemsSum + chargesSum;
  return { lineTotals, items: itemsSum, charges: chargesSum, subtotal, taxBase, taxRatePercent, taxes, tax, total: subtotal + tax };
}
