import { definePaymentMethod } from "./payment-method.ts";

/**
 * Convenience-store payment (コンビニ決済): the gateway makes a voucher; the order waits in
 * await_payment with its bottles held until the shopper pays at the till (the gateway's event moves
 * it to deposited) or the deadline passes (the order is cancelled and the bottles return). Stripe
 * takes konbini payments up to 300000 yen, the same ceiling as cash on delivery (its default terms).
 */
export const konbiniPaymentMethod = definePaymentMethod({
  code: "konbini",
  label: { ja: "コンビニ決済", en: "Convenience store payment" },
  checkoutInput: "voucher",
  firstStatus: "pending",
  paidWhen: "on_payment",
  // Stripe cannot send konbini money back to a card: the trader returns it by hand.
  paidCancellation: "by_hand",
  defaultTerms: {
    position: 50,
    max: 300_000,
    notes: {
      ja: "ご注文後に表示される確認番号で、ファミリーマート・ローソン・ミニストップ・セイコーマートの店頭でお支払いください。お支払いの確認後に発送いたします。",
      en: "After ordering you get a confirmation number to pay with at FamilyMart, Lawson, Ministop or Seicomart. We ship once the payment has arrived.",
    },
  },
  texts: {
    mailPayment: {
      ja: "下記のお支払い期限までに、セブン-イレブン以外の全国のコンビニエンスストア(ファミリーマート、ローソン、ミニストップ、セイコーマート)で合計金額 {total} をお支払いください。ご入金を確認後、商品を発送いたします。期限を過ぎるとご注文は自動的にキャンセルされます。",
      en: "Please pay the total of {total} at a convenience store (FamilyMart, Lawson, Ministop or Seicomart) by the deadline below. We ship once the payment has arrived. Unpaid orders are cancelled automatically after the deadline.",
    },
    mailCancelledPaid: {
      ja: "コンビニでお支払いいただいた代金の返金につきましては、別途ご連絡いたします。",
      en: "We will contact you separately about returning your convenience store payment.",
    },
    timing: {
      ja: "コンビニ決済：ご注文時にお知らせするお支払い期限までに店頭でお支払いください",
      en: "Convenience store payment: pay at the store by the deadline given when you order",
    },
    legalNotice: {
      ja: "コンビニ決済(ファミリーマート、ローソン、ミニストップ、セイコーマート)",
      en: "Convenience store payment (FamilyMart, Lawson, Ministop, Seicomart)",
    },
    refusals: {
      over_ceiling: {
        ja: "合計金額は{total}円と、{ceiling}円を超えるためコンビニ決済は選択できません。",
        en: "The total of {total} JPY exceeds {ceiling} JPY, so convenience store payment cannot be chosen.",
      },
    },
    instructions: {
      heading: { ja: "コンビニでのお支払い", en: "Paying at a convenience store" },
      number: { ja: "確認番号", en: "Confirmation number" },
      code: { ja: "お支払い番号", en: "Payment code" },
      deadline: { ja: "お支払い期限", en: "Payment deadline" },
      how: {
        ja: "店頭のレジ(ファミリーマート、ローソン、ミニストップ、セイコーマート)で確認番号をお伝えのうえ、現金でお支払いください。",
        en: "At the till of FamilyMart, Lawson, Ministop or Seicomart, give the confirmation number and pay in cash.",
      },
      link: { ja: "払込票を表示する", en: "Show the payment slip" },
    },
  },
});
