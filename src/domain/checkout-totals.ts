import type { PaymentMethodHandler } from "./payment-methods/payment-method.ts";
import type { ShopProfile } from "./shop-profile.ts";

/**
 * Checkout money rules, shared by the checkout page and the server. The server
 * recomputes every figure from these functions; what the browser shows is never trusted.
 * Each payment method's fee and limits are its terms (payment-methods/payment-terms.ts); the charges they become are order-charges.ts's kinds, and a checkout's
 * figures are checkout-summary.ts's (items + charges, order-totals.ts).
 */

export type ShippingType = "normal" | "cool";

/** The fees and rate checkout charges, as the shop profile's terms hold them. */
export type CheckoutTerms = Pick<ShopProfile["terms"], "taxRatePercent" | "shipping" | "payments">;

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

/** What checkout needs of the chosen payment method (payment-methods/): its fee and what it calls it. */
export type FeeOfMethod = Pick<PaymentMethodHandler, "fee" | "feeLabel">;
