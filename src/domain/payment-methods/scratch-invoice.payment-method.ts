import type { PaymentMethodModule } from "./payment-method.ts";
import { flatFee } from "./payment-terms.ts";

/** Scratch (decision 077's bar): a method with a fee and a ceiling the trader edits; reverted. */
export const scratchInvoicePaymentMethod: PaymentMethodModule = {
  code: "scratch_invoice",
  stored: "scratch_invoice",
  label: { ja: "請求書払い(試験)", en: "Pay by invoice (trial)" },
  checkoutInput: "none",
  firstStatus: "await_payment",
  staffMovesFromAwaitPayment: ["deposited"],
  paidCancellation: "by_hand",
  defaultTerms: { enabled: true, position: 70, feeTiers: flatFee(220), min: 0, max: 55_000, daysToPay: 14, notes: { ja: "請求書は商品に同封します。", en: "The invoice comes with the parcel." } },
  feeLabel: { ja: "請求書発行手数料", en: "Invoice fee" },
  feeFromServer: false,
  showsBankAccounts: true,
  texts: {
    mailPayment: { ja: "同封の請求書により{days}日以内に {total} をお支払いください。", en: "Please pay {total} within {days} days by the enclosed invoice." },
    timing: { ja: "請求書払い：商品到着後{days}日以内", en: "Invoice: within {days} days of delivery" },
    legalNotice: { ja: "請求書払い", en: "Pay by invoice" },
  },
  exports: { b2InvoiceType: "0", b2CollectsTotal: false, csvLabel: { ja: "請求書払い", en: "Invoice" } },
  dashboardQueue: "awaiting_deposit",
};
