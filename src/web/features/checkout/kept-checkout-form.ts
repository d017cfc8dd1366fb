import { paymentMethodChoices } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { CheckoutForm } from "./checkout-order.ts";
import { KEPT_FORM_KEY } from "./kept-checkout-key.ts";

// What the shopper typed on /checkout, kept in this tab's sessionStorage while the payment is not
// done, so that coming back from a gateway's page (PayPay's approval cancelled), a failed 3-D Secure
// or a reload repeats only the payment step (decision 053). The form holds no card data: the card
// fields are the gateway's (card-entry.tsx) and never part of it. Dropped once an order is placed,
// when the shopper confirms leaving checkout, and ignored for another account than the one that typed it.

// The key and forgetting live in kept-checkout-key.ts, so the cart's first page can forget the form
// without loading the payment-method registry this module checks the kept method against.
export { forgetCheckoutForm } from "./kept-checkout-key.ts";

interface KeptForm {
  /** The member who typed it (null: a guest). */
  account: number | null;
  form: unknown;
}

/** `stored` where it has `initial`'s shape, key by key; `initial` wherever it has not (an older or damaged copy). */
export function sameShape<T>(initial: T, stored: unknown): T {
  if (typeof initial === "string" || typeof initial === "boolean" || typeof initial === "number") {
    return typeof stored === typeof initial ? (stored as T) : initial;
  }
  if (initial === null || typeof initial !== "object" || Array.isArray(initial)) return initial;
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return initial;
  const from = stored as Record<string, unknown>;
  return Object.fromEntries(Object.entries(initial).map(([key, value]) => [key, sameShape(value, from[key])])) as T;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The kept form laid over a new one (`initial`), or null when nothing is kept for this account. */
export function keptCheckoutForm(initial: CheckoutForm, account: number | null): CheckoutForm | null {
  let kept: unknown;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEPT_FORM_KEY) ?? "null");
  } catch {
    return null;
  }
  if (!isObject(kept) || kept.account !== account || !isObject(kept.form)) return null;
  const stored = kept.form;
  const form = sameShape(initial, stored);
  // Optional parts the new form does not have: the recipient's フリガナ and a chosen address-book entry.
  const delivery = isObject(stored.delivery) ? stored.delivery : {};
  const other = isObject(delivery.other) ? delivery.other : {};
  if (typeof other.kana === "string") form.delivery.other.kana = other.kana;
  if (form.delivery.choice.startsWith("book:")) {
    if (isObject(delivery.entry)) form.delivery.entry = delivery.entry as unknown as NonNullable<CheckoutForm["delivery"]["entry"]>;
    else form.delivery.choice = initial.delivery.choice;
  }
  if (!paymentMethodChoices().some((method) => method.code === form.method)) form.method = initial.method;
  return form;
}

export function keepCheckoutForm(form: CheckoutForm, account: number | null): void {
  try {
    sessionStorage.setItem(KEPT_FORM_KEY, JSON.stringify({ account, form } satisfies KeptForm));
  } catch {
    // Storage full or blocked: the form works as before, without the copy.
  }
}
