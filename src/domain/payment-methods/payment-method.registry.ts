import { bankPaymentMethod } from "./bank.payment-method.ts";
import { codPaymentMethod } from "./cod.payment-method.ts";
import { creditPaymentMethod } from "./credit.payment-method.ts";
import { konbiniPaymentMethod } from "./konbini.payment-method.ts";
import type { PaymentMethodHandler } from "./payment-method.ts";
import { payPayPaymentMethod } from "./paypay.payment-method.ts";
import { registeredCreditPaymentMethod } from "./registered-credit.payment-method.ts";

/**
 * Every way to pay, in the order the checkout offers them; the first is the default choice and what
 * a refused choice falls back to (cod falls back to credit). Adding a method is its module
 * plus one line here: no migration (orders.payment_method is free text) and no other file.
 */
const PAYMENT_METHODS: readonly PaymentMethodHandler[] = [
  creditPaymentMethod,
  registeredCreditPaymentMethod,
  bankPaymentMethod,
  codPaymentMethod,
  konbiniPaymentMethod,
  payPayPaymentMethod,
];

const byCode = new Map(PAYMENT_METHODS.map((method) => [method.code, method]));

/** The checkout's choices (the API contract's payment_method), in the order the page lists them. */
export function paymentMethodChoices(): readonly PaymentMethodHandler[] {
  return PAYMENT_METHODS;
}

export function isPaymentMethodChoice(code: string): boolean {
  return byCode.has(code);
}

/** The handler of a checkout choice; throws for an unknown one (the payload's schema keeps those out). */
export function paymentMethodChoice(code: string): PaymentMethodHandler {
  const method = byCode.get(code);
  if (!method) throw new RangeError(`unknown payment method ${code}`);
  return method;
}

/** The default choice at checkout, and where a refused choice falls back to. */
export function defaultPaymentMethod(): PaymentMethodHandler {
  return PAYMENT_METHODS[0]!;
}

/** The methods an order can store, one each (registered_credit is stored as credit): filters, exports, legal notice. */
export function storedPaymentMethods(): readonly PaymentMethodHandler[] {
  return PAYMENT_METHODS.filter((method) => method.code === method.stored);
}

/** The handler of what an order stores. */
export function storedPaymentMethod(stored: string): PaymentMethodHandler {
  const method = byCode.get(stored);
  if (!method || method.stored !== stored) throw new RangeError(`unknown stored payment method ${stored}`);
  return method;
}

export function isStoredPaymentMethod(stored: string): boolean {
  return byCode.get(stored)?.stored === stored;
}
