import { CHARGED_AT_ORDER, definePaymentMethod } from "./payment-method.ts";

/** A card typed at checkout: charged at once, or after 3-D Secure; a paid order is refunded on cancel. */
export const creditPaymentMethod = definePaymentMethod({
  code: "credit",
  label: { ja: "クレジットカード", en: "Credit card" },
  checkoutInput: "card",
  staffEntry: "awaiting_payment",
  ...CHARGED_AT_ORDER,
  defaultTerms: { position: 10 },
  texts: {
    mailPayment: { ja: "クレジットカードで {total} のお支払いが完了しました。", en: "The total of {total} has been charged to your credit card." },
    mailAwaitingPayment: {
      ja: "お支払い用のリンクを別途メールでお送りします。リンクのページからクレジットカードで合計金額 {total} をお支払いください。お支払いを確認後、商品を発送いたします。",
      en: "We will send you a link to pay separately by e-mail. Please pay the total of {total} by credit card on the page it opens. We ship once the payment has arrived.",
    },
    mailCancelledPaid: {
      ja: "クレジットカードへのご請求 {total} は取り消し(返金)いたしました。カード会社によっては、ご利用明細への反映に時間がかかる場合があります。",
      en: "The charge of {total} to your credit card has been refunded. Depending on your card issuer, it may take some time to appear on your statement.",
    },
    timing: { ja: "クレジットカード決済：ご注文時にお支払いが確定します", en: "Credit card: payment is made when you order" },
    legalNotice: { ja: "クレジットカード決済(ご注文時に即時決済されます)", en: "Credit card (charged immediately when you order)" },
  },
});
