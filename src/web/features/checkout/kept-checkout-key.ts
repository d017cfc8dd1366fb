/** Where /checkout keeps what the shopper typed in this tab's sessionStorage (kept-checkout-form.ts). */
export const KEPT_FORM_KEY = "checkoutForm";

/** Where it keeps the several-destinations blocks (kept-destinations.ts), dropped with the form. */
export const KEPT_DESTINATIONS_KEY = "checkoutDestinations";

/** Drops the kept form and destinations (an order was placed, or the shopper left checkout). */
export function forgetCheckoutForm(): void {
  try {
    sessionStorage.removeItem(KEPT_FORM_KEY);
    sessionStorage.removeItem(KEPT_DESTINATIONS_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}
