import type { CartItem } from "../../../domain/cart.ts";
import type { GiftOptions } from "../../../domain/gift.ts";
import { paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import type { CheckoutFigures } from "./checkout-figures.ts";
import { checkoutFigures } from "./checkout-figures.ts";
import { useCodFee } from "./use-checkout-reference.ts";

/**
 * The summary's figures from the fetched fee and rate (spec §4, §9): shipping from GET /shipping,
 * tax from GET /taxrate, the payment fee from POST /fee while a method that asks the server (cod)
 * is chosen (reset to 0 on leaving it). Before that fee has answered, or to tell whether a method
 * may be chosen at all, the shop profile's terms stand in: they are the server's own rule.
 */
export function useCheckoutFigures(items: CartItem[], method: string, shippingFee: number, taxRate: number, gift: GiftOptions | null = null): CheckoutFigures {
  const { locale } = useI18n();
  const { terms, gift: giftSettings } = useSite().shop;
  const chosen = paymentMethodChoice(method);
  const lines = items.map((item) => ({ unitPrice: item.price, amount: item.amount, ...(item.tax_rate === undefined ? {} : { taxRatePercent: item.tax_rate }) }));
  const itemsAndShipping = lines.reduce((sum, line) => sum + line.unitPrice * line.amount, 0) + shippingFee;
  const fetchedFee = useCodFee(chosen.feeFromServer, itemsAndShipping);
  return checkoutFigures({ lines, chosen, fetchedFee, shippingFee, taxRate, terms: { ...terms, taxRatePercent: taxRate }, locale, gift: { options: gift, settings: giftSettings } });
}
