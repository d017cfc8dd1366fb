import { definePaymentMethod, SHIPS_UNPAID } from "./payment-method.ts";
import { flatFee } from "./payment-terms.ts";

/**
 * Cash on delivery (代金引換): the carrier collects the total, so the order goes from await_payment
 * straight to sent. Its default terms are the contract's: a 440 yen fee, refused from 300000 yen up
 * (the stricter of the contract's two readings: "300000 or more" satisfies both the hint and the
 * fallback, and one rule for offering and falling back never offers what it throws back to credit).
 */
export const codPaymentMethod = definePaymentMethod({
  code: "cod",
  label: { ja: "代金引換", en: "Cash on delivery" },
  checkoutInput: "none",
  staffEntry: "direct",
  ...SHIPS_UNPAID,
  paidWhen: "on_shipping",
  defaultTerms: {
    position: 40,
    feeTiers: flatFee(440),
    max: 300_000,
    notes: {
      ja: "商品のお届け時に、配達員へ代金をお支払いください。代引き手数料は「ご注文内容」の決済手数料に含まれます。お支払い金額が{ceiling}以上のご注文にはご利用いただけません。",
      en: "Pay the driver when the products are delivered. The cash-on-delivery fee is included in the payment fee of your order summary. Not available for orders of {ceiling} or more.",
    },
  },
  feeLabel: { ja: "代引き手数料", en: "Cash on delivery fee" },
  feeFromServer: true,
  texts: {
    mailNewTotal: {
      ja: "商品お届けの際に、変更後の金額 {total} を配達員にお支払いください。",
      en: "Please pay the new amount, {total}, to the driver on delivery.",
    },
    mailPayment: {
      ja: "商品のお届け時に、合計金額 {total} を配達員にお支払いください。",
      en: "Please pay the total of {total} to the carrier when the parcel is delivered.",
    },
    mailShipped: {
      ja: "商品のお届け時に、合計金額 {total} を配達員にお支払いください。",
      en: "Please pay the total of {total} to the carrier when the parcel is delivered.",
    },
    timing: { ja: "代金引換：商品のお届け時に配達員へお支払いください", en: "Cash on delivery: pay the driver when the products are delivered" },
    legalNotice: { ja: "代金引換", en: "Cash on delivery" },
    // The contract's wording (ja verbatim); it says 超える (exceeds) even at exactly the ceiling, which the terms refuse too.
    refusals: {
      over_ceiling: {
        ja: "合計金額は{total}円と、{ceiling}円を超えるため代引きは選択できません。",
        en: "The total of {total} JPY exceeds {ceiling} JPY, so cash on delivery cannot be chosen.",
      },
    },
  },
  exports: { b2InvoiceType: "2", b2CollectsTotal: true },
});
