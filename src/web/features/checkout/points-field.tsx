import type { PaymentMethodModule } from "../../../domain/payment-methods/payment-method.ts";
import { pointGrantMoment, type PointGrantMoment } from "../../../domain/points.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import styles from "./checkout.module.css";
import { FieldWithButton } from "./field-with-button.tsx";
import "../../i18n/points-pages-texts.ts";
import "../../i18n/points-estimate-texts.ts";

interface PointsFieldProps {
  /** The member's balance. */
  balance: number;
  /** The most this order may use: the balance or the goods after the coupon, whichever is less. */
  usable: number;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

/**
 * 「ポイントを使う」 (decision 089): whole points, up to the balance and the goods' total. The summary
 * shows the 「ポイント利用」 lines as they are typed; the order is checked again with the balance locked.
 * Without the script the field is posted with the order form and the page asks to confirm the new
 * amount; 「すべて使う」 and 「使わない」 are the script's shortcuts.
 */
export function PointsField({ balance, usable, value, error, onChange }: PointsFieldProps) {
  const { t } = useI18n();
  const figure = (points: number) => points.toLocaleString("ja-JP");
  return (
    <div className={styles.coupon} data-testid="points-field">
      <FieldWithButton
        input={{
          label: t("points.use"),
          name: "use_points",
          inputMode: "numeric",
          autoComplete: "off",
          maxLength: 12,
          value,
          onChange: (event) => onChange(event.target.value),
          onBlur: () => {
            // More than may be used is brought down to what may (the server would refuse it).
            const typed = Number(value.normalize("NFKC").replace(/[,\s]/g, ""));
            if (Number.isSafeInteger(typed) && typed > usable) onChange(String(usable));
          },
          error,
          "data-testid": "points-input",
        }}
        button={{ label: t("points.useAll"), onClick: () => onChange(String(usable)), disabled: usable <= 0, testId: "points-use-all" }}
        note={
          <p className={styles.methodNote} data-testid="points-balance-hint">
            {t("points.useHint", { points: figure(balance) })}{" "}
            {value.trim() !== "" && value.trim() !== "0" && (
              <Button variant="ghost" onClick={() => onChange("")}>
                {t("points.useNone")}
              </Button>
            )}
          </p>
        }
      />
    </div>
  );
}

/** When the points arrive, by the shop's rule and the chosen payment method (a card's at once). */
const GRANT_MOMENT_TEXT = {
  at_order: "pointsEstimate.whenOrdered",
  on_payment: "pointsEstimate.whenPaymentArrives",
  on_shipping: "pointsEstimate.whenShipped",
  when_paid: "pointsEstimate.whenPaid",
} as const satisfies Record<PointGrantMoment, string>;

/**
 * 獲得予定ポイント (decision 089): what this order will earn, worked out by the rule the order is booked
 * with (orderPointsToEarn: after the coupon and the points used), and when it is granted.
 */
export function PointsToEarn({
  points,
  grantOn,
  paidWhen,
}: {
  points: number;
  grantOn: "paid" | "shipped";
  paidWhen: PaymentMethodModule["paidWhen"] | undefined;
}) {
  const { t } = useI18n();
  return (
    <div className={styles.pointsToEarn} data-testid="checkout-points-to-earn">
      <p className={styles.pointsToEarnFigure}>
        <span>{t("pointsEstimate.label")}</span>
        <strong data-testid="checkout-points-to-earn-value">{t("pointsEstimate.value", { points: points.toLocaleString("ja-JP") })}</strong>
      </p>
      {points > 0 && <p className={styles.methodNote}>{t("pointsEstimate.member", { when: t(GRANT_MOMENT_TEXT[pointGrantMoment(grantOn, paidWhen)]) })}</p>}
    </div>
  );
}
