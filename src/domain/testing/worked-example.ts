/**
 * The worked example's figures, which the checkout's totals and the stored order's totals must
 * both reach: 3,000 円 × 2 and 4,980 円 × 1 with shipping of 1,100 円 by card, all at 10 %.
 * One copy, so that the two tests cannot drift apart on what the example adds up to.
 */
export const WORKED_EXAMPLE_TOTALS = {
  lineTotals: [6000, 4980],
  items: 10_980,
  charges: 1100,
  subtotal: 12_080,
  taxBase: 12_080,
  taxRatePercent: 10,
  taxes: [{ rate: 10, base: 12_080, tax: 1208 }],
  tax: 1208,
  total: 13_288,
};
