import type { CheckoutTotals } from "../../../domain/checkout-summary.ts";
import { checkoutTotals } from "../../../domain/checkout-summary.ts";
import type { CheckoutTerms } from "../../../domain/checkout-totals.ts";
import type { Locale } from "../../../domain/locale.ts";
import type { GiftCharging } from "../../../domain/order-charges.ts";
import type { PaymentMethodHandler } from "../../../domain/payment-methods/payment-method.ts";
import { paymentMethodChoices } from "../../../domain/payment-methods/payment-method.registry.ts";

export interface CheckoutFigureInput {
  /** Price before tax and amount of each bottle that can be bought. */
  lines: { unitPrice: number; amount: number; taxRatePercent?: number }[];
  chosen: PaymentMethodHandler;
  /** The chosen method's fee as POST /api/fee answered it for these figures, if it asks the server and the answer is in. */
  fetchedFee: number | undefined;
  shippingFee: number;
  taxRate: number;
  terms: CheckoutTerms;
  locale: Locale;
  /** The gift options the form has chosen and the shop's gift settings (their charges show at once). */
  gift?: GiftCharging;
}

export interface CheckoutFigures {
  totals: CheckoutTotals;
  /** Per checkout choice, why it cannot be chosen at its total (spec §5: cod from the ceiling up), or null. */
  refusals: Record<string, string | null>;
}

/**
 * The summary's figures (spec §4, §9), pure so they are tested without a page: the chosen method's
 * fee is the server's answer once it arrived, else the shop profile's own rule for the same amount;
 * any other method's fee (reset on leaving it) counts only to tell whether it could be chosen.
 */
export function checkoutFigures(input: CheckoutFigureInput): CheckoutFigures {
  const lines = input.lines.map((line) => ({ ...line, shippingType: "normal" as const }));
  const itemsAndShipping = lines.reduce((sum, line) => sum + line.unitPrice * line.amount, 0) + input.shippingFee;
  // One fee for every bottle: the fetched shipping fee already says whether the parcel goes cool.
  const terms: CheckoutTerms = { ...input.terms, taxRatePercent: input.taxRate, shippingFee: input.shippingFee, coolShippingFee: input.shippingFee };
  const feeOf = (method: PaymentMethodHandler) =>
    method === input.chosen && input.fetchedFee !== undefined ? input.fetchedFee : method.fee(itemsAndShipping, terms);
  const totalsWith = (method: PaymentMethodHandler) => checkoutTotals(lines, { fee: () => feeOf(method), feeLabel: method.feeLabel }, terms, input.gift);
  const refusals: Record<string, string | null> = {};
  for (const method of paymentMethodChoices()) {
    refusals[method.code] = method.refusal({ total: totalsWith(method).total, terms: input.terms, locale: input.locale });
  }
  return { totals: totalsWith(input.chosen), refusals };
}
