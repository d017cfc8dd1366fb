import type { CheckoutLine, CheckoutTerms, FeeOfMethod } from "./checkout-totals.ts";
import type { CouponsApplied } from "./coupons.ts";
import type { ChargeDelivery, GiftCharging, OrderCharge } from "./order-charges.ts";
import { chargeAmount, checkoutCharges } from "./order-charges.ts";
import type { OrderTotals } from "./order-totals.ts";
import { orderTotals } from "./order-totals.ts";

/**
 * A checkout's figures, shared by the checkout page and the server, which
 * recomputes them and never trusts what the browser showed: the items, the charge lines the kinds
 * add (order-charges.ts) and their totals (order-totals.ts).
 */
export interface CheckoutTotals extends OrderTotals {
  /** The order's charge lines: shipping always, the payment-method fee when there is one, any other kind. */
  chargeLines: OrderCharge[];
  shipping: number;
  paymentMethodFee: number;
}

/** Every figure of the order summary, to the yen. */
export function checkoutTotals(
  lines: readonly CheckoutLine[],
  method: FeeOfMethod,
  terms: CheckoutTerms,
  gift?: GiftCharging,
  delivery: ChargeDelivery = { deliveryPrefecture: null },
  coupon: CouponsApplied = null,
  points = 0,
): CheckoutTotals {
  const chargeLines = checkoutCharges(lines, method, terms, gift, delivery, coupon, points);
  // Tax is charged once on the whole taxable subtotal (shipping and fee included), rounded up.
  const totals = orderTotals(lines, chargeLines, terms.taxRatePercent);
  return { ...totals, chargeLines, shipping: chargeAmount(chargeLines, "shipping"), paymentMethodFee: chargeAmount(chargeLines, "payment_fee") };
}
