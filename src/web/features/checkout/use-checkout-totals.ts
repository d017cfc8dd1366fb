import type { CartItem } from "../../../domain/cart.ts";
import type { CheckoutTotals } from "../../../domain/checkout-summary.ts";
import { checkoutTotals } from "../../../domain/checkout-summary.ts";
import type { PaymentMethodChoice } from "../../../domain/checkout-totals.ts";
import { codAllowed, codFeeFor, codRefusalMessage } from "../../../domain/checkout-totals.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { useCodFee } from "./use-checkout-reference.ts";

export interface CheckoutFigures {
  totals: CheckoutTotals;
  /** Why cash on delivery cannot be chosen (spec §5 message with the total it would come to), or null. */
  codRefusal: string | null;
}

/**
 * The summary's figures from the fetched fee and rate (spec §4, §9): shipping from GET /shipping,
 * tax from GET /taxrate, the cod fee from POST /fee while cod is chosen (reset to 0 on leaving it).
 * Before the cod fee has answered, or to tell whether cod may be chosen at all, the fee the shop
 * profile's terms give for the same amount stands in: it is the server's own rule.
 */
export function useCheckoutFigures(items: CartItem[], method: PaymentMethodChoice, shippingFee: number, taxRate: number): CheckoutFigures {
  const { locale } = useI18n();
  const { terms } = useSite().shop;
  const lines = items.map((item) => ({ unitPrice: item.price, amount: item.amount, shippingType: "normal" as const }));
  const itemsAndShipping = lines.reduce((sum, line) => sum + line.unitPrice * line.amount, 0) + shippingFee;
  const fetchedCodFee = useCodFee(method === "cod", itemsAndShipping);
  const codFee = fetchedCodFee ?? codFeeFor(itemsAndShipping, terms);
  // One fee for every bottle: the fetched shipping fee already says whether the parcel goes cool.
  const checkoutTerms = { ...terms, taxRatePercent: taxRate, shippingFee, coolShippingFee: shippingFee, codFee, codFeeTiers: undefined };
  const totals = checkoutTotals(lines, method, checkoutTerms);
  const codTotal = checkoutTotals(lines, "cod", checkoutTerms).total;
  const codRefusal = codAllowed(codTotal, terms.codCeiling) ? null : codRefusalMessage(codTotal, locale, terms.codCeiling);
  return { totals, codRefusal };
}
