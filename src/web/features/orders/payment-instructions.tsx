import { formatDateTime } from "../../../domain/format.ts";
import type { PaymentInstructions } from "../../../domain/payment-methods/payment-method.ts";
import { storedPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./order-card.module.css";

/**
 * How to pay an order paid elsewhere (a convenience-store voucher): number, code, deadline, how to
 * pay and the voucher page, labelled by its payment method. Shown on the complete page and on the
 * order card while the order awaits the payment.
 */
export function PaymentInstructionsView({ method, instructions }: { method: string; instructions: PaymentInstructions }) {
  const { locale } = useI18n();
  const labels = storedPaymentMethod(method).texts.instructions;
  if (!labels) return null;
  return (
    <section className={styles.instructions} data-testid="payment-instructions" aria-label={labels.heading[locale]}>
      <h2 className={styles.instructionsHeading}>{labels.heading[locale]}</h2>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{labels.number[locale]}</dt>
          <dd data-testid="payment-number">
            <strong>{instructions.number}</strong>
          </dd>
        </div>
        {instructions.code ? (
          <div className={styles.row}>
            <dt>{labels.code[locale]}</dt>
            <dd>{instructions.code}</dd>
          </div>
        ) : null}
        <div className={styles.row}>
          <dt>{labels.deadline[locale]}</dt>
          <dd data-testid="payment-deadline">
            <time dateTime={instructions.deadline}>{formatDateTime(new Date(instructions.deadline), locale)}</time>
          </dd>
        </div>
      </dl>
      <p>{labels.how[locale]}</p>
      {instructions.url ? (
        <p>
          <a href={instructions.url} target="_blank" rel="noopener noreferrer">
            {labels.link[locale]}
          </a>
        </p>
      ) : null}
    </section>
  );
}
