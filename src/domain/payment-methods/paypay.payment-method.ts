import { CHARGED_AT_ORDER, definePaymentMethod } from "./payment-method.ts";

/**
 * PayPay: the shopper approves the payment on PayPay's page (the test gateway's approval page
 * without Stripe keys) and comes back to the shop; approved → paid at once, a cancelled approval
 * leaves the checkout as a declined card does. A paid order cancelled by the trader is refunded.
 */
export const payPayPaymentMethod = definePaymentMethod({
  code: "paypay",
  label: { ja: "PayPay", en: "PayPay" },
  checkoutInput: "redirect",
  ...CHARGED_AT_ORDER,
  defaultTerms: {
    position: 60,
    notes: {
      ja: "「購入」を押すとPayPayの画面に移動します。お支払いを承認すると、ショップに戻りご注文が確定します。",
      en: "Pressing Purchase takes you to PayPay. Once you approve the payment, you come back to the shop and the order is placed.",
    },
  },
  texts: {
    mailPayment: { ja: "PayPayで {total} のお支払いが完了しました。", en: "The total of {total} has been paid with PayPay." },
    mailCancelledPaid: {
      ja: "PayPayでのお支払い {total} は取り消し(返金)いたしました。PayPayアプリの取引履歴への反映に時間がかかる場合があります。",
      en: "Your PayPay payment of {total} has been refunded. It may take some time to appear in the PayPay app.",
    },
    timing: {
      ja: "PayPay：ご注文時にPayPayアプリで承認いただいた時点でお支払いが確定します",
      en: "PayPay: payment is made when you approve it in the PayPay app while ordering",
    },
    legalNotice: { ja: "PayPay(ご注文時にPayPayで承認いただきます)", en: "PayPay (approved in PayPay when you order)" },
  },
});
