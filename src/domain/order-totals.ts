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

/**
 * Lines that lower or correct an order after it was placed (issue 32, decision 070): a 値引き is
 * negative, a 訂正 either way. They are the only charges that may be below zero, each tied to the
 * tax rate of what it discounts, so it lowers that rate's base (適格簡易請求書: tax once per rate on
 * the rate's total after discounts). Every other charge stays ≥ 0.
 */
export const ADJUSTMENT_KINDS = ["discount", "correction"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export function isAdjustmentKind(kind: string | undefined): kind is AdjustmentKind {
  return (ADJUSTMENT_KINDS as readonly (string | undefined)[]).includes(kind);
}

/** What totals need of a charge line (order-charges.ts's OrderCharge). */
export interface ChargeLine {
  /** The charge's kind; only an adjustment kind may be negative. */
  kind?: string;
  /** Yen before tax. */
  amount: number;
  taxable: boolean;
  /** The rate this line is taxed at, percent; the order's standard rate when absent (shipping, fees). */
  taxRatePercent?: number | undefined;
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

/** A charge's amount: whole yen, ≥ 0 unless it is a discount or correction line. */
function assertChargeYen(charge: ChargeLine): void {
  if (isAdjustmentKind(charge.kind)) {
    if (!Number.isSafeInteger(charge.amount)) throw new RangeError(`an adjustment must be a whole number of yen, got ${charge.amount}`);
  } else assertYen(charge.amount, "a charge");
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
 * Totals of items and charges. Tax is charged ONCE on the whole taxable sum (items,
 * shipping and fee), rounded up — never per line, which could round up several times. With items at
 * the reduced rate, once per rate (decision 036); charges are taxed at the standard rate, a discount
 * or correction at its own rate, so it lowers (or raises) that rate's base before the tax is rounded
 * (decision 070).
 */
export function orderTotals(items: readonly ItemLine[], charges: readonly ChargeLine[], taxRatePercent: number): OrderTotals {
  const lineTotals = items.map((item) => lineTotal(item.unitPrice, item.amount));
  const itemsSum = lineTotals.reduce((sum, each) => sum + each, 0);
  for (const charge of charges) assertChargeYen(charge);
  const chargesSum = charges.reduce((sum, charge) => sum + charge.amount, 0);
  const taxBase = itemsSum + charges.filter((charge) => charge.taxable).reduce((sum, charge) => sum + charge.amount, 0);
  const taxes = taxesPerRate(
    [
      ...items.map((item, index) => ({ amount: lineTotals[index]!, ratePercent: item.taxRatePercent ?? taxRatePercent })),
      ...charges.filter((charge) => charge.taxable).map((charge) => ({ amount: charge.amount, ratePercent: charge.taxRatePercent ?? taxRatePercent })),
    ],
    taxRatePercent,
  );
  const tax = taxes.reduce((sum, each) => sum + each.tax, 0);
  const subtotal = itemsSum + chargesSum;
  return { lineTotals, items: itemsSum, charges: chargesSum, subtotal, taxBase, taxRatePercent, taxes, tax, total: subtotal + tax };
}

/**
 * Why totals with adjustment lines may not stand (decision 070): the total would be below zero, or a
 * rate's base would (a discount larger than what it discounts at that rate). Null when they stand.
 */
export function adjustedTotalsProblem(totals: OrderTotals): "total-below-zero" | "rate-below-zero" | null {
  if (totals.total < 0) return "total-below-zero";
  if (totals.taxes.some((each) => each.base < 0)) return "rate-below-zero";
  return null;
}

/**
 * A discount on the whole order split over its rates in proportion to each rate's base, as a
 * discount given on goods of several rates is apportioned (decision 070): whole yen each, the yen
 * left by rounding down given to the largest remainders (the higher rate first on a tie), so the
 * parts add up to `amount` exactly. Rates with nothing on them get no part.
 */
export function apportionAcrossRates(amount: number, taxes: readonly Pick<TaxPerRate, "rate" | "base">[]): { rate: number; amount: number }[] {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount must be a whole number of yen, got ${amount}`);
  const rates = taxes.filter((each) => each.base > 0).sort((a, b) => b.rate - a.rate);
  const sum = rates.reduce((total, each) => total + each.base, 0);
  if (sum === 0) return [];
  const sign = amount < 0 ? -1 : 1;
  const whole = Math.abs(amount);
  // Exact integers (BigInt): yen up to the order maximum times a base would pass 2^53.
  const parts = rates.map((each) => {
    const product = BigInt(whole) * BigInt(each.base);
    return { rate: each.rate, floor: Number(product / BigInt(sum)), remainder: product % BigInt(sum) };
  });
  let left = whole - parts.reduce((total, part) => total + part.floor, 0);
  for (const part of [...parts].sort((a, b) => (a.remainder === b.remainder ? b.rate - a.rate : a.remainder < b.remainder ? 1 : -1))) {
    if (left === 0) break;
    part.floor += 1;
    left -= 1;
  }
  return parts.filter((part) => part.floor !== 0).map((part) => ({ rate: part.rate, amount: sign * part.floor }));
}
