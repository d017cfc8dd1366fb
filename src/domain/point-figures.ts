// Points figures the storefront's first pages show, apart from domain/points.ts (its schemas and
// rules pull in zod, which the product page must not load: the first-page JavaScript budget).

/** Points the product page shows for one bottle at the member's rate (its own rate when set): price with tax × rate, rounded down. */
export function pointsForPrice(priceWithTax: number, ratePercent: number): number {
  return Math.max(0, Math.floor((priceWithTax * ratePercent) / 100));
}
