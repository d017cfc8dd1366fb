// Points figures the product page shows, apart from domain/points.ts (its schemas pull in zod, which
// the first pages must not load: the first-page JavaScript budget) and from the earning rule
// (domain/points-earning.ts), which the cart drawer and checkout load.

/** Points the product page shows for one bottle at the member's rate (its own rate when set): price with tax × rate, rounded down. */
export function pointsForPrice(priceWithTax: number, ratePercent: number): number {
  return Math.max(0, Math.floor((priceWithTax * ratePercent) / 100));
}

/**
 * The rate a member earns at (decision 089): their rank's rate when they have a rank, else the shop's
 * base rate; a base rate of 0 is the trader turning points off, whatever the rank. A guest (no
 * member) is shown the base rate's figure.
 */
export function memberPointRate(baseRatePercent: number, rankRatePercent: number | null): number {
  if (baseRatePercent === 0) return 0;
  return rankRatePercent ?? baseRatePercent;
}
