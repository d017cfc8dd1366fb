/**
 * Money is an integer number of yen. Consumption tax is rounded up, in this one place for prices.
 * Integer arithmetic avoids 0.1 + 0.2 surprises.
 */
export function taxOn(amount: number, taxRatePercent: number): number {
  return Math.ceil((amount * taxRatePercent) / 100);
}

/** A product's tax-included price, derived from its price before tax so the two never disagree. */
export function priceIncludingTax(priceBeforeTax: number, taxRatePercent: number): number {
  return priceBeforeTax + taxOn(priceBeforeTax, taxRatePercent);
}
