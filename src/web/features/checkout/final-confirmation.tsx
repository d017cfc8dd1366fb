import { Link } from "react-router";
import type { PaymentMethodChoice } from "../../../domain/checkout-totals.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import styles from "./checkout.module.css";

export const LEGAL_NOTICE_PATH = "/specified-commercial-transaction-act-notes";

interface FinalConfirmationProps {
  method: PaymentMethodChoice;
  bottles: number;
  total: number;
}

/**
 * The final confirmation next to the order button that the 2022 amendment of the Act on Specified
 * Commercial Transactions requires (最終確認画面): quantity and price, payment method and when it
 * is paid, delivery timing, returns and cancellation, and the legal notice; plus the under-20 notice
 * a liquor seller shows. Periods come from the shop profile, as the legal notice prints them.
 */
export function FinalConfirmation({ method, bottles, total }: FinalConfirmationProps) {
  const { t, yen } = useI18n();
  const { terms } = useSite().shop;
  const paymentTiming = {
    credit: t("legalNotice.deadlineCard"),
    registered_credit: t("legalNotice.deadlineCard"),
    bank: t("legalNotice.deadlineBank", { days: terms.bankTransferWithinDays }),
    cod: t("legalNotice.deadlineCod"),
  }[method];

  return (
    <section className={styles.confirmation} aria-labelledby="checkout-confirmation" data-testid="final-confirmation">
      <h2 id="checkout-confirmation" className={styles.sectionHeading}>
        {t("checkout.confirmHeading")}
      </h2>
      <p className={styles.confirmLead}>{t("checkout.confirmLead")}</p>
      <dl className={styles.confirmList}>
        <dt>{t("checkout.confirmAmount")}</dt>
        <dd data-testid="confirm-amount">{t("checkout.confirmAmountText", { count: bottles, total: yen(total) })}</dd>
        <dt>{t("checkout.confirmPayment")}</dt>
        <dd data-testid="confirm-payment">
          {t(`checkout.method.${method}`)}
          <br />
          {paymentTiming}
        </dd>
        <dt>{t("checkout.confirmDelivery")}</dt>
        <dd>
          {t("legalNotice.deliveryText", {
            min: terms.processingBusinessDays.min,
            max: terms.processingBusinessDays.max,
            days: terms.arrivalWithinDays,
          })}
        </dd>
        <dt>{t("checkout.confirmReturns")}</dt>
        <dd>
          <p>{t("checkout.confirmCancel")}</p>
          <p>{t("legalNotice.returnsOwnReason")}</p>
          <p>{t("legalNotice.returnsDefective")}</p>
        </dd>
      </dl>
      <p className={styles.legalLink}>
        <Link to={LEGAL_NOTICE_PATH} target="_blank" rel="noopener">
          {t("footer.legalNotice")}
          <span className="visually-hidden">{t("nav.opensInNewTab")}</span>
        </Link>
      </p>
      <p className={styles.ageNotice}>{t("checkout.ageNotice")}</p>
    </section>
  );
}
