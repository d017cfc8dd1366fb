import type { UserResource } from "../../../domain/account.ts";
import { addressFormValue } from "../../shared/address/address-fields.tsx";
import { recipientFormValue } from "../../shared/address/recipient-fields.tsx";
import { initialMethod } from "./checkout-method-state.ts";
import type { CheckoutForm } from "./checkout-order.ts";
import { emptyGiftForm } from "./checkout-order.ts";

/** The form a checkout starts from: the default method, a member's contact and birth date (the API contract's Customer contact). */
export function initialCheckoutForm(user: UserResource | null, defaultCountryName: string, omotegaki: readonly string[]): CheckoutForm {
  return {
    method: initialMethod(),
    // Spec §3 Customer contact: prefilled from the member's user_name, email and tel.
    contact: { name: user?.user_name ?? "", email: user?.email ?? "", phone: user?.tel ?? "" },
    address: addressFormValue(null, defaultCountryName),
    delivery: { choice: "buyer", other: recipientFormValue(null, defaultCountryName) },
    wish: { date: "", timezone: "" },
    memo: "",
    birthDate: user?.birth_date ?? "",
    gift: emptyGiftForm(omotegaki),
  };
}
