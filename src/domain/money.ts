/**
 * Money is an integer number of yen. Consumption tax is rounded up, in this one place for prices.
 * Integer arithmetic avoids 0.1 + 0.2 surprises.
 */
export function taxOn(amount: number, taxRatePercent: number): number {
  return Math.ceil((amount * taxRatePercent) / 100);
}

/**
 * The most one order may total, yen with tax, shipping and fees (decision 050). Order amounts are
 * 32-bit integer columns (up to 2,147,483,647); a round bound well below that is refused with a
 * message that says so, before anything is written, instead of the database's out-of-range error.
 */
export const ORDER_TOTAL_MAX = 1_000_000_000;

/** A product's tax-included price, derived from its price before tax so the two never disagree. */
export function priceIncludingTax(priceBeforeTax: number, taxRatePercent: number): number {
  return priceBeforeTax + taxOn(priceBeforeTax, taxRatePercent);
}
