import type { Locale } from "./locale.ts";
import type { PaymentMethodHandler } from "./payment-methods/payment-method.ts";
import type { CodFeeTier, ShopProfile } from "./shop-profile.ts";
import { COD_CEILING } from "./cod-ceiling.ts";
import { fillText } from "./fill-text.ts";

/**
 * Checkout money rules, shared by the checkout page and the server. The server
 * recomputes every figure from these functions; what the browser shows is never trusted.
 * The fee rules are here; the charges they become are order-charges.ts's kinds, and a checkout's
 * figures are checkout-summary.ts's (items + charges, order-totals.ts).
 */

export type ShippingType = "normal" | "cool";

/** The fees and rate checkout charges, as the shop profile's terms hold them. */
export type CheckoutTerms = Pick<
  ShopProfile["terms"],
  "taxRatePercent" | "shipping" | "codFee" | "codFeeTiers" | "codCeiling"
>;

export interface CheckoutLine {
  /** Price before tax of one bottle, yen. */
  unitPrice: number;
  amount: number;
  shippingType: ShippingType;
  /** The bottle's volume: a 1,800 ml bottle takes two places in a box (shipping-table.ts); unknown takes one. */
  volumeMl?: number | null;
  /** The item's tax rate (tax-rates.ts, 8 for reduced); the standard rate when absent. */
  taxRatePercent?: number;
}

/** The cash-on-delivery fee for items + shipping (yen): the matching tier, or the flat fee without tiers. */
export function codFeeFor(itemsAndShipping: number, terms: Pick<CheckoutTerms, "codFee" | "codFeeTiers">): number {
  if (!Number.isSafeInteger(itemsAndShipping) || itemsAndShipping < 0) throw new RangeError(`items + shipping must be a whole number of yen ≥ 0, got ${itemsAndShipping}`);
  if (!terms.codFeeTiers) return terms.codFee;
  const tier = terms.codFeeTiers.find((each: CodFeeTier) => each.upTo === null || itemsAndShipping <= each.upTo);
  // The schema makes the last tier open-ended, so the flat fee is only a guard.
  return tier?.fee ?? terms.codFee;
}

/** What checkout needs of the chosen payment method (payment-methods/): its fee and what it calls it. */
export type FeeOfMethod = Pick<PaymentMethodHandler, "fee" | "feeLabel">;

/**
 * Whether cash on delivery may be chosen for this total (tax and fees included).
 *
 * The spec reads two ways: the check blocks totals above 300000, while the hint and the fallback
 * ("if a fee update makes the total reach 300000 or more while cod is chosen, it falls back to
 * credit") refuse 300000 itself. We take the stricter reading, 300000 or more is refused: it
 * satisfies both texts, and one rule for enabling and for falling back means the option can never be
 * enabled at a total that immediately throws it back to credit.
 */
export function codAllowed(total: number, ceiling: number = COD_CEILING): boolean {
  return total < ceiling;
}

// Spec §5 wording (ja verbatim). Amounts are plain digits, as the sentence itself writes 300000円;
// it says 超える (exceeds) even at exactly the ceiling, which the stricter reading above also refuses.
const COD_REFUSAL: Record<Locale, string> = {
  ja: "合計金額は{total}円と、{ceiling}円を超えるため代引きは選択できません。",
  en: "The total of {total} JPY exceeds {ceiling} JPY, so cash on delivery cannot be chosen.",
};

/** The alert shown when cod is refused or falls back to credit. */
export function codRefusalMessage(total: number, locale: Locale, ceiling: number = COD_CEILING): string {
  return fillText(COD_REFUSAL[locale], { total, ceiling });
}
