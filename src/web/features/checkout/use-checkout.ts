import { useRef, useState } from "react";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import type { AddressResource } from "../../../domain/address.ts";
import type { CartItem } from "../../../domain/cart.ts";
import type { PaymentBrowserConfig } from "../../../domain/card.ts";
import { purchasableItems } from "./checkout-order.ts";
import { CheckoutAttempt } from "./idempotency-key.ts";
import type { RejectedItem } from "./items-rejected-dialog.tsx";
import type { CheckoutStart } from "./use-checkout-form.ts";
import { useCheckoutForm } from "./use-checkout-form.ts";
import { useCheckoutPayment } from "./use-checkout-payment.ts";
import { useCheckoutSubmit } from "./use-checkout-submit.ts";
import { useSeveralDestinations } from "./use-several-destinations.ts";
import "../../i18n/checkout-texts.ts";
import "../../i18n/member-forms-texts.ts";

export type { CheckoutStart } from "./use-checkout-form.ts";
export { CHECKOUT_COMPLETE_PATH } from "./use-checkout-submit.ts";

/**
 * The checkout page's state, in parts that each section takes as it needs: the form and its
 * messages (use-checkout-form.ts), the several destinations (use-several-destinations.ts), the
 * payment (use-checkout-payment.ts) and the submission (use-checkout-submit.ts). The form element
 * and the placed-order flag are shared by them; the order's Idempotency-Key is kept per attempt.
 */
export function useCheckout(
  items: CartItem[],
  payments: PaymentBrowserConfig,
  savedAddress: AddressResource | null | undefined,
  onRejected: (items: RejectedItem[]) => void,
  start?: CheckoutStart,
  addressBook?: readonly AddressBookEntry[],
) {
  const formRef = useRef<HTMLFormElement>(null);
  const completed = useRef(false);
  const complete = () => {
    completed.current = true;
  };
  const [attempt] = useState(() => new CheckoutAttempt());
  const destinations = useSeveralDestinations({ items, start, addressBook, completed });
  const checkoutForm = useCheckoutForm({ savedAddress, start, addressBook, formRef, completed, onTypedBeforeHydration: destinations.takeTyped });
  const payment = useCheckoutPayment({ method: checkoutForm.form.method, setForm: checkoutForm.setForm, payments, attempt });
  const submission = useCheckoutSubmit({ items, onRejected, checkoutForm, destinations, payment, formRef, completed, complete, attempt });
  return { formRef, purchasable: purchasableItems(items), checkoutForm, destinations, payment, submission };
}
