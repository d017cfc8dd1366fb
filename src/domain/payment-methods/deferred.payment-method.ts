import { definePaymentMethod, SHIPS_UNPAID } from "./payment-method.ts";
import { flatFee } from "./payment-terms.ts";

/**
 * 後払い (pay later by invoice, decision 080): a deferred-payment service (NP後払い, atone, GMO後払い)
 * checks the buyer's credit when the order is placed, the parcel leaves at once, the service posts
 * or mails the invoice after shipping and pays the shop. So the order ships unpaid like cash on
 * delivery, but shipping does not pay it: the payment stays authorized until the service says it
 * was paid. Its default terms are what such services commonly set: a 330 yen fee and a 55,000 yen
 * ceiling (tax included), 14 days to pay after the invoice. Off until the trader signs up with a
 * service and switches it on.
 */
export const deferredPaymentMethod = definePaymentMethod({
  code: "deferred",
  label: { ja: "後払い", en: "Pay later (invoice)" },
  checkoutInput: "none",
  staffEntry: "direct",
  ...SHIPS_UNPAID,
  paidWhen: "on_payment",
  settlesOnShipping: false,
  defaultTerms: {
    enabled: false,
    position: 60,
    feeTiers: flatFee(330),
    max: 55_000,
    daysToPay: 14,
    notes: {
      ja: "商品発送後、請求書を別途郵送(またはメール)でお送りします。請求書到着後{days}日以内にコンビニ・銀行・郵便局でお支払いください。後払い手数料は「ご注文内容」の決済手数料に含まれます。お支払い金額が{ceiling}以上のご注文にはご利用いただけません。ご注文時に後払い決済会社の審査がございます。",
      en: "After the parcel is shipped, the invoice is sent separately by post (or e-mail). Please pay it at a convenience store, bank or post office within {days} days of receiving it. The pay-later fee is included in the payment fee of your order summary. Not available for orders of {ceiling} or more. The pay-later service checks your order when you place it.",
    },
  },
  feeLabel: { ja: "後払い手数料", en: "Pay-later fee" },
  texts: {
    mailNewTotal: { ja: "請求書は変更後の金額 {total} でお送りします。", en: "The invoice will be for the new amount, {total}." },
    mailPayment: {
      ja: "商品発送後、請求書を別途郵送(またはメール)でお送りします。請求書到着後{days}日以内に、合計金額 {total} をコンビニ・銀行・郵便局でお支払いください。",
      en: "After the parcel is shipped, the invoice is sent separately by post (or e-mail). Please pay the total of {total} at a convenience store, bank or post office within {days} days of receiving it.",
    },
    mailShipped: {
      ja: "請求書は商品とは別に郵送(またはメール)でお届けします。請求書に記載のお支払い期限までに、コンビニ・銀行・郵便局でお支払いください。",
      en: "The invoice arrives separately from the parcel, by post (or e-mail). Please pay it at a convenience store, bank or post office by the date it states.",
    },
    timing: {
      ja: "後払い：商品発送後にお送りする請求書で、到着後{days}日以内にお支払いください",
      en: "Pay later: pay the invoice sent after shipping within {days} days of receiving it",
    },
    legalNotice: { ja: "後払い(請求書払い)", en: "Pay later (invoice)" },
    creditCheckRefusals: {
      declined: {
        ja: "誠に恐れ入りますが、後払い決済会社の審査により、今回のご注文では後払いをご利用いただけません。別のお支払い方法をお選びください。",
        en: "We are sorry: the pay-later service did not approve this order, so it cannot be paid later. Please choose another payment method.",
      },
      on_hold: {
        ja: "後払い決済会社の審査に時間がかかっているため、ただいま後払いをご利用いただけません。別のお支払い方法をお選びください。",
        en: "The pay-later service needs more time to check this order, so it cannot be paid later right now. Please choose another payment method.",
      },
    },
  },
});
