import type { PaymentMethodChoice, PaymentMethodTerms } from "../../../domain/payment-methods/payment-method.ts";
import { defaultPaymentMethod, paymentMethodChoices } from "../../../domain/payment-methods/payment-method.registry.ts";

/** The part of the checkout form the payment choice changes. */
interface MethodForm {
  method: PaymentMethodChoice;
}

/**
 * The method a new checkout starts with under the shop's terms: the first it offers, in the
 * trader's order (credit with the default terms), so the page never starts on a method it does not list.
 */
export function initialMethod(shop: PaymentMethodTerms): PaymentMethodChoice {
  return defaultPaymentMethod(shop).code;
}

export function withChosenMethod<Form extends MethodForm>(form: Form, method: PaymentMethodChoice): Form {
  return form.method === method ? form : { ...form, method };
}

/**
 * When a fee update makes the chosen method impossible (cod at 300000 or more), the form
 * falls back to the method a new checkout starts with; a refusal of a method that is not chosen changes nothing.
 */
export function withRefusedMethodFallback<Form extends MethodForm>(form: Form, refused: PaymentMethodChoice, shop: PaymentMethodTerms): Form {
  const fallback = initialMethod(shop);
  // The start itself refused (over its own limit, or nothing left switched on) has nowhere to fall back to: the form is kept, and the alert says why.
  return form.method === refused && refused !== fallback ? { ...form, method: fallback } : form;
}

/**
 * The methods the page refuses, by code, with why: those the totals refuse and, with several
 * destinations, every method the carrier collects on (cod): several parcels are never paid on delivery (decision 087).
 */
export function refusedMethods(refusals: Record<string, string | null>, several: boolean, collectedRefusal: string): Record<string, string | null> {
  if (!several) return refusals;
  const collected = paymentMethodChoices().filter((method) => method.exports.b2CollectsTotal);
  return { ...refusals, ...Object.fromEntries(collected.map((method) => [method.code, collectedRefusal])) };
}
