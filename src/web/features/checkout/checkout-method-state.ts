import type { PaymentMethodChoice } from "../../../domain/payment-methods/payment-method.ts";
import { defaultPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";

/** The part of the checkout form the payment choice changes. */
interface MethodForm {
  method: PaymentMethodChoice;
}

/** The method a new checkout starts with: the registry's first (credit). */
export function initialMethod(): PaymentMethodChoice {
  return defaultPaymentMethod().code;
}

export function withChosenMethod<Form extends MethodForm>(form: Form, method: PaymentMethodChoice): Form {
  return form.method === method ? form : { ...form, method };
}

/**
 * Spec §4: when a fee update makes the chosen method impossible (cod at 300000 or more), the form
 * falls back to the default method; a refusal of a method that is not chosen changes nothing.
 */
export function withRefusedMethodFallback<Form extends MethodForm>(form: Form, refused: PaymentMethodChoice): Form {
  // The default itself refused (the trader switched it off) has nowhere to fall back to: the form is kept, and the server says why on ordering.
  return form.method === refused && refused !== initialMethod() ? { ...form, method: initialMethod() } : form;
}
