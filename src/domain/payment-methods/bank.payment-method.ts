import { definePaymentMethod } from "./payment-method.ts";

/** Bank transfer: the order waits until the trader sees the money arrive; a paid one is returned by hand. */
export const bankPaymentMethod = definePaymentMethod({
  code: "bank",
  label: { ja: "銀行振込", en: "Bank transfer" },
  checkoutInput: "none",
  staffEntry: "direct",
  firstStatus: "await_payment",
  paidWhen: "on_payment",
  staffMovesFromAwaitPayment: ["deposited"],
  paidCancellation: "by_hand",
  // Three days to pay, as the contract's legal notice says (pay within 3 days of ordering).
  defaultTerms: { position: 30, daysToPay: 3 },
  showsBankAccounts: true,
  texts: {
    mailNewTotal: { ja: "お振込みの際は、変更後の金額 {total} をお振込みください。", en: "Please transfer the new amount, {total}." },
    mailPayment: {
      ja: "ご注文日から{days}日以内に、合計金額 {total} を下記の口座へお振り込みください。ご入金を確認後、商品を発送いたします。",
      en: "Please transfer the total of {total} to one of the accounts below within {days} days of your order. We ship once the payment has arrived.",
    },
    mailCancelledPaid: {
      ja: "お振り込みいただいた代金の返金につきましては、別途ご連絡いたします。",
      en: "We will contact you separately about returning your bank transfer.",
    },
    timing: { ja: "銀行振込：ご注文日から{days}日以内にお振り込みください", en: "Bank transfer: please transfer within {days} days of ordering" },
    legalNotice: { ja: "銀行振込(国内)", en: "Bank transfer (domestic)" },
    legalNoticeCharge: { ja: "銀行振込手数料：お客様のご負担となります", en: "Bank transfer fees: borne by the customer" },
  },
  dashboardQueue: "awaiting_deposit",
});
