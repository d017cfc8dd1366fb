import { creditPaymentMethod } from "./credit.payment-method.ts";
import type { PaymentMethodModule } from "./payment-method.ts";

// Staff never charge a member's saved card on an order they enter (decision 081): a card is paid through a link.
const { staffEntry: _notTakenByStaff, ...typedCard } = creditPaymentMethod;

/** The member's saved card: paid like a typed card and stored as credit; needs a member with a card. */
export const registeredCreditPaymentMethod: PaymentMethodModule = {
  ...typedCard,
  code: "registered_credit",
  label: { ja: "登録済みのクレジットカード", en: "Saved credit card" },
  checkoutInput: "saved_card",
  defaultTerms: { ...creditPaymentMethod.defaultTerms, position: 20 },
  texts: { ...creditPaymentMethod.texts, unavailable: { ja: "登録済みのカードはありません", en: "No saved card" } },
};
