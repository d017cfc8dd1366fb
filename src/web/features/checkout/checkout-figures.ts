import type { CartItem } from "../../../domain/cart.ts";
import type { CheckoutTotals } from "../../../domain/checkout-summary.ts";
import { checkoutTotals } from "../../../domain/checkout-summary.ts";
import type { CheckoutLine, CheckoutTerms } from "../../../domain/checkout-totals.ts";
import type { Locale } from "../../../domain/locale.ts";
import type { CouponPreview } from "../../../domain/coupon-input.ts";
import type { AppliedCoupon, CouponsApplied } from "../../../domain/coupons.ts";
import type { ChargeDelivery, GiftCharging } from "../../../domain/order-charges.ts";
import { chargeAmount } from "../../../domain/order-charges.ts";
import type { PaymentMethodHandler } from "../../../domain/payment-methods/payment-method.ts";
import { paymentMethodChoices } from "../../../domain/payment-methods/payment-method.registry.ts";

export interface CheckoutFigureInput {
  /** Price before tax, amount, and what shipping needs of each bottle that can be bought. */
  lines: CheckoutLine[];
  chosen: PaymentMethodHandler;
  /** The chosen method's fee as POST /api/fee answered it for these figures, if it asks the server and the answer is in. */
  fetchedFee: number | undefined;
  taxRate: number;
  /** The shop profile's terms: fees, tax rate and the shipping table. */
  terms: CheckoutTerms;
  /** Where the parcel goes as the address is typed: shipping follows it at once. */
  delivery: ChargeDelivery;
  locale: Locale;
  /** The gift options the form has chosen and the shop's gift settings (their charges show at once). */
  gift?: GiftCharging;
  /** The coupon applied (decision 086): its 値引き lines, and the shipping and fee after it. */
  coupon?: CouponsApplied;
  /** Points used (decision 089): their 値引き lines after the coupon's, and the shipping and fee after them. */
  points?: number;
}

export interface CheckoutFigures {
  totals: CheckoutTotals;
  /** Per checkout choice, why it cannot be chosen at its total (cod from the ceiling up), or null. */
  refusals: Record<string, string | null>;
}

/** A cart's bottles as checkout charges them; a cart stored before bottles carried their shipping is charged as normal 750 ml ones. */
export function checkoutLinesOf(items: readonly CartItem[]): CheckoutLine[] {
  return items.map((item) => ({
    unitPrice: item.price,
    amount: item.amount,
    shippingType: item.shipping_type ?? "normal",
    volumeMl: item.volume_ml ?? null,
    ...(item.tax_rate === undefined ? {} : { taxRatePercent: item.tax_rate }),
  }));
}

/** Items + shipping before tax, after a coupon's 値引き lines, what the cod fee is asked for (POST /api/fee). */
export function itemsAndShippingOf(
  lines: readonly CheckoutLine[],
  terms: CheckoutTerms,
  delivery: ChargeDelivery,
  coupon: CouponsApplied = null,
  points = 0,
): number {
  const totals = checkoutTotals(lines, { fee: () => 0, feeLabel: undefined }, terms, undefined, delivery, coupon, points);
  return totals.items + totals.shipping + chargeAmount(totals.chargeLines, "discount");
}

/** The coupon the preview answered, on these bottles: which of them it applies to. */
export function appliedCouponOf(preview: CouponPreview | null, items: readonly CartItem[]): AppliedCoupon | null {
  if (!preview) return null;
  return {
    code: preview.code,
    kind: preview.kind,
    value: preview.value,
    eligible: items.map((item) => preview.eligible_product_ids.includes(Number(item.id))),
  };
}

/** The coupons the preview answered together (decision 086), in the order typed, on these bottles. */
export function appliedCouponsOf(previews: readonly CouponPreview[], items: readonly CartItem[]): AppliedCoupon[] {
  return previews.map((preview) => appliedCouponOf(preview, items)!);
}

/**
 * The summary's figures, pure so they are tested without a page: shipping from the
 * shop's table to the typed prefecture (the server's own rule); the chosen method's fee is the
 * server's answer once it arrived, else the shop profile's own rule for the same amount; any other
 * method's fee (reset on leaving it) counts only to tell whether it could be chosen.
 */
export function checkoutFigures(input: CheckoutFigureInput): CheckoutFigures {
  const terms: CheckoutTerms = { ...input.terms, taxRatePercent: input.taxRate };
  const coupon = input.coupon ?? null;
  const points = input.points ?? 0;
  const itemsAndShipping = itemsAndShippingOf(input.lines, terms, input.delivery, coupon, points);
  const feeOf = (method: PaymentMethodHandler) =>
    method === input.chosen && input.fetchedFee !== undefined ? input.fetchedFee : method.fee(itemsAndShipping, terms);
  const totalsWith = (method: PaymentMethodHandler) =>
    checkoutTotals(input.lines, { fee: () => feeOf(method), feeLabel: method.feeLabel }, terms, input.gift, input.delivery, coupon, points);
  const refusals: Record<string, string | null> = {};
  for (const method of paymentMethodChoices()) {
    refusals[method.code] =
      method.notOffered(input.terms, input.locale) ?? method.refusal({ total: totalsWith(method).total, terms: input.terms, locale: input.locale });
  }
  return { totals: totalsWith(input.chosen), refusals };
}
