import type { ReactNode } from "react";
import type { CartItem } from "../../../domain/cart.ts";
import type { CheckoutTotals } from "../../../domain/checkout-summary.ts";
import { withTaxLabel } from "../../../domain/format.ts";
import { REDUCED_RATE_MARK, REDUCED_TAX_RATE_PERCENT } from "../../../domain/tax-rates.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";

interface OrderSummaryProps {
  items: CartItem[];
  /** Absent in the preview drawn before the page's figures have loaded: the bottles only, the amount to pay still to come. */
  totals?: CheckoutTotals;
  taxRate?: number;
}

/**
 * The /checkout order summary: each bottle with its unit price before tax, quantity and line
 * total, then shipping, payment-method fee, subtotal, tax and total. The figures are the page's
 * own (checkoutTotals on the same data); the server recomputes them on ordering.
 *
 * 総額表示 (decision 045): the tax-included amount to pay is shown first, above the contract's lines,
 * and every figure says whether tax is in it (the columns and each charge 税抜, the total 税込).
 */
export function OrderSummary({ items, totals, taxRate }: OrderSummaryProps) {
  const { t, yen, locale } = useI18n();
  const reducedIds = new Set(
    items
      .filter((item) => item.tax_rate !== undefined && (taxRate === undefined ? item.tax_rate <= REDUCED_TAX_RATE_PERCENT : item.tax_rate < taxRate))
      .map((item) => item.id),
  );
  if (!totals) {
    return (
      <>
        {/* The same height as the amount to pay that replaces it, so nothing below moves (layout shift). */}
        <p className={styles.amountToPay} data-testid="summary-amount-to-pay-pending">
          <span>{t("checkout.amountToPay")}</span>
          <strong>
            <span aria-hidden="true">…</span>
            <span className="visually-hidden">{t("page.loading")}</span>
          </strong>
        </p>
        <SummaryTable items={items} reducedIds={reducedIds} lineTotals={items.map((item) => item.price * item.amount)} />
      </>
    );
  }
  const charge = (label: string, taxable: boolean) => (taxable ? withTaxLabel(label, locale, "excluded") : label);
  const rows: [string, number, string][] = [
    // Shipping and the payment fee are always taxed (order-charges.ts): their amounts are before tax.
    [charge(t("checkout.shipping"), true), totals.shipping, "summary-shipping"],
    [charge(t("checkout.paymentFee"), true), totals.paymentMethodFee, "summary-fee"],
    // Any other charge line (a later kind such as gift wrapping) under its own label; the two above are the contract's rows.
    ...totals.chargeLines
      .filter((line) => line.kind !== "shipping" && line.kind !== "payment_fee")
      .map((line): [string, number, string] => [charge(line.label[locale], line.taxable), line.amount, `summary-charge-${line.kind}`]),
    [t("checkout.subtotal"), totals.subtotal, "summary-subtotal"],
    // Tax per rate (decision 036): a one-rate order keeps the single row it always had.
    ...(totals.taxes.length === 1
      ? [[t("checkout.tax", { rate: totals.taxes[0]!.rate }), totals.tax, "summary-tax"] as [string, number, string]]
      : totals.taxes.map((each): [string, number, string] => [
          t("checkout.taxAt", { rate: each.rate, base: yen(each.base) }),
          each.tax,
          `summary-tax-${each.rate}`,
        ])),
  ];
  return (
    <>
      <p className={styles.amountToPay} data-testid="summary-amount-to-pay">
        <span>{t("checkout.amountToPay")}</span>
        <strong data-price="">{yen(totals.total)}</strong>
      </p>
      <SummaryTable items={items} reducedIds={reducedIds} lineTotals={totals.lineTotals}>
        <tfoot>
          {rows.map(([label, amount, testId], index) => (
            // Several lines may share a kind (two coupons' 値引き, a coupon over two rates): the key is the place.
            <tr key={`${testId}-${index}`}>
              <th scope="row" colSpan={3}>
                {label}
              </th>
              <td className={styles.number} data-testid={testId} data-price="">
                {yen(amount)}
              </td>
            </tr>
          ))}
          <tr className={styles.totalRow}>
            <th scope="row" colSpan={3}>
              {t("checkout.total")}
            </th>
            <td className={styles.number} data-testid="summary-total" data-price="">
              {yen(totals.total)}
            </td>
          </tr>
          {reducedIds.size > 0 && (
            <tr>
              <td colSpan={4} className={styles.reducedFootnote} data-testid="reduced-footnote">
                {t("checkout.reducedFootnote")}
              </td>
            </tr>
          )}
        </tfoot>
      </SummaryTable>
    </>
  );
}

/** The bottles' rows: unit price before tax, quantity and line total; `children` adds the charges and totals. */
function SummaryTable({ items, reducedIds, lineTotals, children }: { items: CartItem[]; reducedIds: Set<string>; lineTotals: number[]; children?: ReactNode }) {
  const { t, yen } = useI18n();
  return (
    <table className={styles.summary} data-testid="order-summary">
      <caption className="visually-hidden">{t("checkout.summaryCaption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("checkout.item")}</th>
          <th scope="col" className={styles.number}>
            {t("checkout.unitPrice")}
          </th>
          <th scope="col" className={styles.number}>
            {t("checkout.quantity")}
          </th>
          <th scope="col" className={styles.number}>
            {t("checkout.lineTotal")}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={item.id} data-testid="summary-item" data-product-id={item.id}>
            <th scope="row" className={`${styles.itemName} phrase-wrap`}>
              {reducedIds.has(item.id) && <span data-testid="reduced-mark">{REDUCED_RATE_MARK}</span>}
              {item.name}
            </th>
            <td className={styles.number} data-price="">
              {yen(item.price)}
            </td>
            <td className={styles.number}>{item.amount}</td>
            <td className={styles.number} data-price="">
              {yen(lineTotals[index] ?? 0)}
            </td>
          </tr>
        ))}
      </tbody>
      {children}
    </table>
  );
}
