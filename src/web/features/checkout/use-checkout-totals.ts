import type { CartItem } from "../../../domain/cart.ts";
import type { CouponsApplied } from "../../../domain/coupons.ts";
import type { ChargeDelivery } from "../../../domain/order-charges.ts";
import type { GiftOptions } from "../../../domain/gift.ts";
import { paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import type { CheckoutFigures } from "./checkout-figures.ts";
import { checkoutFigures, checkoutLinesOf, itemsAndShippingOf } from "./checkout-figures.ts";
import { useCodFee } from "./use-checkout-reference.ts";

/**
 * The summary's figures: shipping from the shop's table to the prefecture being typed
 * (the same domain function the server charges with), tax from GET /taxrate, the payment fee from
 * POST /fee while a method that asks the server (cod) is chosen (reset to 0 on leaving it). Before
 * that fee has answered, or to tell whether a method may be chosen at all, the shop profile's terms
 * stand in: they are the server's own rule.
 */
export function useCheckoutFigures(
  items: CartItem[],
  method: string,
  taxRate: number,
  delivery: ChargeDelivery,
  gift: GiftOptions | null = null,
  coupon: CouponsApplied = null,
  points = 0,
): CheckoutFigures {
  const { locale } = useI18n();
  const { terms, gift: giftSettings } = useSite().shop;
  const chosen = paymentMethodChoice(method);
  const lines = checkoutLinesOf(items);
  const withRate = { ...terms, taxRatePercent: taxRate };
  const giftCharging = { options: gift, settings: giftSettings };
  const fetchedFee = useCodFee(chosen.feeFromServer, itemsAndShippingOf(lines, withRate, delivery, coupon, points));
  return checkoutFigures({ lines, chosen, fetchedFee, taxRate, terms: withRate, delivery, locale, gift: giftCharging, coupon, points });
}
