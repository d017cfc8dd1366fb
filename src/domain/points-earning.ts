// The rule an order earns points by (decision 089), without zod: placeOrder books with it (through
// domain/points.ts's orderPointsToEarn), and the cart drawer and the checkout summary show its figure,
// so a page shows the points the order will be granted, worked out by the same function.

/** A line of goods as the points rules read it: before tax, at its tax rate. */
export interface PointsGoodsLine {
  unitPrice: number;
  amount: number;
  taxRatePercent: number;
}

/** A discount line (≤ 0, before tax) at a tax rate: a coupon's or the points' 値引き. */
export interface PointsDiscountLine {
  amount: number;
  taxRatePercent: number;
}

/** One line of the order as earning looks at it: its rate is the product's own when the trader set one. */
export interface EarningLine extends PointsGoodsLine {
  /** The product's own percent (null: the member's rate). */
  productRatePercent: number | null;
}

/** Each rate's goods before tax, less the discount lines (≤ 0) already at that rate. */
export function goodsBasesAfter(lines: readonly PointsGoodsLine[], discounts: readonly PointsDiscountLine[]): Map<number, number> {
  const bases = new Map<number, number>();
  for (const line of lines) bases.set(line.taxRatePercent, (bases.get(line.taxRatePercent) ?? 0) + line.unitPrice * line.amount);
  for (const discount of discounts)
    if (bases.has(discount.taxRatePercent)) bases.set(discount.taxRatePercent, bases.get(discount.taxRatePercent)! + discount.amount);
  return bases;
}

/**
 * Points earned on an order: each line's goods with tax after the order's discount lines at its rate
 * (coupon and points, shared over the rate's lines by their amounts) × the line's rate (the product's
 * own, else the member's), plus, when the trader says so, the shipping and fees with tax × the
 * member's rate; rounded down once for the order. Computed in exact integers.
 */
export function pointsToEarn(
  lines: readonly EarningLine[],
  discounts: readonly PointsDiscountLine[],
  memberRatePercent: number,
  charges: { onCharges: boolean; withTax: number } = { onCharges: false, withTax: 0 },
): number {
  const before = goodsBasesAfter(lines, []);
  const after = goodsBasesAfter(lines, discounts);
  // Σ over rates r: Σ lines (unit × amount × line rate) × (100 + r) × after_r / (before_r × 100 × 100)
  let numerator = 0n;
  let denominator = 1n;
  for (const [rate, base] of before) {
    if (base <= 0) continue;
    const kept = BigInt(Math.max(0, after.get(rate) ?? 0));
    const weighted = lines
      .filter((line) => line.taxRatePercent === rate)
      .reduce((sum, line) => sum + BigInt(line.unitPrice * line.amount) * BigInt(line.productRatePercent ?? memberRatePercent), 0n);
    const termNumerator = weighted * BigInt(100 + rate) * kept;
    const termDenominator = BigInt(base) * 10_000n;
    numerator = numerator * termDenominator + termNumerator * denominator;
    denominator *= termDenominator;
  }
  const fromCharges = charges.onCharges && charges.withTax > 0 ? BigInt(charges.withTax) * BigInt(memberRatePercent) * denominator : 0n;
  return Math.max(0, Number((numerator * 100n + fromCharges) / (denominator * 100n)));
}

/** A cart's line as the drawer holds it (domain/cart.ts's CartItem): price before tax, its tax rate and the product's own point rate. */
export interface CartPointsItem {
  price: number;
  amount: number;
  tax_rate?: number;
  point_rate?: number | null;
}

/**
 * 獲得予定ポイント of a cart: its goods at `memberRatePercent` (each product's own rate where set), no
 * coupon, no points used, no shipping or fees (those are known at checkout). The order's rule itself.
 */
export function cartPointsToEarn(items: readonly CartPointsItem[], memberRatePercent: number, standardTaxRatePercent: number): number {
  const lines = items
    .filter((item) => item.amount > 0)
    .map((item) => ({
      unitPrice: item.price,
      amount: item.amount,
      taxRatePercent: item.tax_rate ?? standardTaxRatePercent,
      productRatePercent: item.point_rate ?? null,
    }));
  return pointsToEarn(lines, [], memberRatePercent);
}
