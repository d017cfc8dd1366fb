import { creditPaymentMethod } from "./credit.payment-method.ts";
import type { PaymentMethodModule } from "./payment-method.ts";

/** The member's saved card: paid like a typed card and stored as credit; needs a member with a card. */
export const registeredCreditPaymentMethod: PaymentMethodModule = {
  ...creditPaymentMethod,
  code: "registered_credit",
  label: { ja: "登録済みのクレジットカード", en: "Saved credit card" },
  checkoutInput: "saved_card",
  defaultTerms: { ...creditPaymentMethod.defaultTerms, position: 20 },
  texts: { ...creditPaymentMethod.texts, unavailable: { ja: "登録済みのカードはありません", en: "No saved card" } },
};
