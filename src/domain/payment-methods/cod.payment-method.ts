import { codAllowed, codFeeFor, codRefusalMessage } from "../checkout-totals.ts";
import type { PaymentMethodHandler } from "./payment-method.ts";

/**
 * Cash on delivery (代金引換): the carrier collects the total, so the order goes from await_payment
 * straight to sent; it costs the tiered fee of the shop profile and is refused from the ceiling up.
 */
export const codPaymentMethod: PaymentMethodHandler = {
  code: "cod",
  stored: "cod",
  label: { ja: "代金引換", en: "Cash on delivery" },
  checkoutInput: "none",
  firstStatus: "await_payment",
  staffMovesFromAwaitPayment: ["sent"],
  paidCancellation: "by_hand",
  fee: (itemsAndShipping, terms) => codFeeFor(itemsAndShipping, terms),
  feeLabel: { ja: "代引き手数料", en: "Cash on delivery fee" },
  feeFromServer: true,
  refusal: ({ total, terms, locale }) => (codAllowed(total, terms.codCeiling) ? null : codRefusalMessage(total, locale, terms.codCeiling)),
  showsBankAccounts: false,
  texts: {
    mailPayment: { ja: "商品のお届け時に、合計金額 {total} を配達員にお支払いください。", en: "Please pay the total of {total} to the carrier when the parcel is delivered." },
    mailShipped: { ja: "商品のお届け時に、合計金額 {total} を配達員にお支払いください。", en: "Please pay the total of {total} to the carrier when the parcel is delivered." },
    timing: { ja: "代金引換：商品のお届け時に配達員へお支払いください", en: "Cash on delivery: pay the driver when the products are delivered" },
    legalNotice: { ja: "代金引換", en: "Cash on delivery" },
    checkoutNote: {
      ja: "商品のお届け時に、配達員へ代金をお支払いください。代引き手数料は「ご注文内容」の決済手数料に含まれます。お支払い金額が{ceiling}以上のご注文にはご利用いただけません。",
      en: "Pay the driver when the products are delivered. The cash-on-delivery fee is included in the payment fee of your order summary. Not available for orders of {ceiling} or more.",
    },
  },
  exports: { b2InvoiceType: "2", b2CollectsTotal: true, csvLabel: { ja: "代金引換", en: "Cash on delivery" } },
  dashboardQueue: "to_ship",
};
