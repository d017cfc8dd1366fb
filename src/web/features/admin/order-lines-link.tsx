import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { storedPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useLinesText } from "./lines-i18n.ts";
import styles from "./admin.module.css";

/**
 * The way to 一部キャンセル from the order page (decision 078): a plain link to the server-rendered
 * page, so it works without JavaScript; and the amount still to give back by hand (a paid bank
 * transfer's ご返金額), which the payments table alone would show as a bare number.
 */
export function OrderLinesLink({ order }: { order: AdminOrderDetail }) {
  const tl = useLinesText();
  const { yen } = useI18n();
  const payment = order.payments.at(-1);
  const owed = payment && payment.refunded_amount > 0 && storedPaymentMethod(order.payment_method).paidCancellation === "by_hand" ? payment.refunded_amount : 0;
  if (!order.lines_cancellable && owed === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="order-lines-link" data-testid="order-lines-link">
      <h2 id="order-lines-link" className={styles.sectionTitle}>
        {order.lines_cancellable ? <a href={`/admin/orders/${encodeURIComponent(order.id)}/lines`}>{tl("lines.link")}</a> : tl("lines.link")}
      </h2>
      {order.lines_cancellable && <p className={styles.muted}>{tl("lines.linkHint")}</p>}
      {owed > 0 && <p data-testid="order-owed">{tl("lines.owed", { amount: yen(owed) })}</p>}
    </section>
  );
}
