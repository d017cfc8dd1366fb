import type { UserResource } from "../../../domain/account.ts";
import type { PaymentMethodTerms } from "../../../domain/payment-methods/payment-method.ts";
import { addressFormValue } from "../../shared/address/address-fields.tsx";
import { recipientFormValue } from "../../shared/address/recipient-fields.tsx";
import { initialMethod } from "./checkout-method-state.ts";
import type { CheckoutForm } from "./checkout-order.ts";
import { emptyGiftForm } from "./checkout-order.ts";

/** What of the shop profile a new form reads: the payment terms (where it starts) and the noshi inscriptions. */
export interface CheckoutFormShop {
  terms: PaymentMethodTerms;
  gift: { omotegaki: readonly string[] };
}

/**
 * The form a checkout starts from: the first method the shop offers, a member's contact and birth
 * date (the API contract's Customer contact). The server's page, the hydrated one, the page's action
 * and a kept form's fallback all start here, so they start on the same method.
 */
export function initialCheckoutForm(user: UserResource | null, defaultCountryName: string, shop: CheckoutFormShop): CheckoutForm {
  return {
    method: initialMethod(shop.terms),
    // Customer contact: prefilled from the member's user_name, email and tel.
    contact: { name: user?.user_name ?? "", email: user?.email ?? "", phone: user?.tel ?? "" },
    address: addressFormValue(null, defaultCountryName),
    delivery: { choice: "buyer", other: recipientFormValue(null, defaultCountryName) },
    wish: { date: "", timezone: "" },
    memo: "",
    birthDate: user?.birth_date ?? "",
    gift: emptyGiftForm(shop.gift.omotegaki),
  };
}
