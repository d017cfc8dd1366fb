/** Where /checkout keeps what the shopper typed in this tab's sessionStorage (kept-checkout-form.ts). */
export const KEPT_FORM_KEY = "checkoutForm";

/** Drops the kept form (an order was placed, or the shopper left checkout). */
export function forgetCheckoutForm(): void {
  try {
    sessionStorage.removeItem(KEPT_FORM_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}
