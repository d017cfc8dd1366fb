import { bankPaymentMethod } from "./bank.payment-method.ts";
import { codPaymentMethod } from "./cod.payment-method.ts";
import { creditPaymentMethod } from "./credit.payment-method.ts";
import { deferredPaymentMethod } from "./deferred.payment-method.ts";
import { konbiniPaymentMethod } from "./konbini.payment-method.ts";
import { fillText } from "../fill-text.ts";
import type { PaymentMethodHandler, PaymentMethodModule, PaymentMethodTerms } from "./payment-method.ts";
import type { PaymentTerms } from "./payment-terms.ts";
import { GENERIC_FEE_NAME, TERMS_REFUSALS, feeByTerms, feeLines, offeredInOrder, termsRefusalKind } from "./payment-terms.ts";
import { payPayPaymentMethod } from "./paypay.payment-method.ts";
import { registeredCreditPaymentMethod } from "./registered-credit.payment-method.ts";

/**
 * A module made a handler: everything its terms decide is worked out here, the same way for every
 * method, so a method with a fee and a ceiling is its module's data and not code elsewhere.
 */
function handlerOf(module: PaymentMethodModule): PaymentMethodHandler {
  const terms = (shop: PaymentMethodTerms): PaymentTerms => shop.payments[module.code] ?? module.defaultTerms;
  const withTerms: PaymentMethodHandler["withTerms"] = (text, shop, locale, yen) => {
    const own = terms(shop);
    return fillText(text[locale], { days: own.daysToPay ?? "", ceiling: own.max === null ? "" : yen(own.max), minimum: yen(own.min) });
  };
  return {
    ...module,
    terms,
    fee: (itemsAndShipping, shop) => feeByTerms(itemsAndShipping, terms(shop)),
    refusal: (context) => {
      const own = terms(context.terms);
      const kind = termsRefusalKind(context.total, own);
      if (kind) {
        const pattern = module.texts.refusals?.[kind] ?? TERMS_REFUSALS[kind];
        // Amounts as plain digits, as the contract's cod sentence writes 300000円.
        return fillText(pattern[context.locale], { label: module.label[context.locale], total: context.total, ceiling: own.max ?? "", minimum: own.min });
      }
      return module.refusalBeyondTerms?.(context) ?? null;
    },
    notOffered: (shop, locale) =>
      terms(shop).enabled ? null : fillText((module.texts.refusals?.disabled ?? TERMS_REFUSALS.disabled)[locale], { label: module.label[locale] }),
    withTerms,
    checkoutNote: (shop, locale, yen) => {
      const notes = terms(shop).notes;
      return notes ? withTerms(notes, shop, locale, yen) : null;
    },
    legalNoticeCharges: (shop, locale, yen) => [
      ...feeLines((module.feeLabel ?? GENERIC_FEE_NAME)[locale], terms(shop).feeTiers, locale, yen),
      ...(module.texts.legalNoticeCharge ? [module.texts.legalNoticeCharge[locale]] : []),
    ],
  };
}

/**
 * Every way to pay, in the order the checkout offers them unless the trader's terms place them
 * otherwise. Adding a method is its module plus one line here: no migration
 * (orders.payment_method is free text) and no other file.
 */
const PAYMENT_METHODS: readonly PaymentMethodHandler[] = [
  creditPaymentMethod,
  registeredCreditPaymentMethod,
  bankPaymentMethod,
  codPaymentMethod,
  konbiniPaymentMethod,
  payPayPaymentMethod,
  deferredPaymentMethod,
].map(handlerOf);

const byCode = new Map(PAYMENT_METHODS.map((method) => [method.code, method]));

/** The checkout's choices (the API contract's payment_method), in the registry's order. */
export function paymentMethodChoices(): readonly PaymentMethodHandler[] {
  return PAYMENT_METHODS;
}

/** The choices the checkout offers under the shop's terms: the ones switched on, in the trader's order. */
export function offeredPaymentMethods(shop: PaymentMethodTerms): PaymentMethodHandler[] {
  return offeredInOrder(PAYMENT_METHODS, (method) => method.terms(shop));
}

/** Every choice's terms as the profile starts with them (the defaults each module declares), by code. */
export function defaultPaymentTerms(): Record<string, PaymentTerms> {
  return Object.fromEntries(PAYMENT_METHODS.map((method) => [method.code, method.defaultTerms]));
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

/**
 * The choice a new checkout starts on, and where a refused choice falls back to (credit,
 * with the default terms): the first method the shop offers, in the trader's order, that needs no
 * saved card, since a guest has none and a member's is not known yet when the form starts. Switching
 * credit off thus starts the page on a method it lists rather than one the server refuses.
 */
export function defaultPaymentMethod(shop: PaymentMethodTerms): PaymentMethodHandler {
  const offered = offeredPaymentMethods(shop);
  // Nothing offered (every method switched off) leaves no good start: the registry's first, which the server refuses with its reason.
  return offered.find((method) => method.checkoutInput !== "saved_card") ?? offered[0] ?? PAYMENT_METHODS[0]!;
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

/** The methods staff may take on an order they enter (decision 081), in the trader's order. */
export function staffPaymentMethods(shop: PaymentMethodTerms): PaymentMethodHandler[] {
  return offeredPaymentMethods(shop).filter((method) => method.staffEntry !== undefined);
}

/** Whether staff may take this checkout choice on an order they enter (the shop's switch aside). */
export function isStaffPaymentMethod(code: string): boolean {
  return byCode.get(code)?.staffEntry !== undefined;
}
