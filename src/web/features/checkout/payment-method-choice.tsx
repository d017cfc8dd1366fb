import { useId } from "react";
import type { ReactNode } from "react";
import type { SavedCard } from "../../../domain/card.ts";
import type { PaymentMethodChoice } from "../../../domain/checkout-totals.ts";
import { PAYMENT_METHOD_CHOICES } from "../../../domain/checkout-totals.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./checkout.module.css";

interface PaymentMethodChoiceProps {
  value: PaymentMethodChoice;
  onChange(method: PaymentMethodChoice): void;
  /** undefined while a member's card loads; null for a guest or a member without one. */
  savedCard: SavedCard | null | undefined;
  /** A guest has no saved card to choose: the option is left out rather than shown disabled. */
  signedIn: boolean;
  /** Why cash on delivery cannot be chosen (spec §5 wording), or null when it can. */
  codRefusal: string | null;
  disabled: boolean;
  /** What shows under each method while it is chosen: card field, saved card, accounts, cod note. */
  details: Record<PaymentMethodChoice, ReactNode>;
}

export function savedCardText(card: SavedCard): string {
  return `•••• ${card.last4} ${String(card.exp_month).padStart(2, "0")}/${String(card.exp_year).slice(-2)}`;
}

/**
 * Spec §4 payment_method at checkout: credit (default), registered_credit (disabled without a saved
 * card), bank and cod (disabled when the total with its fee reaches the ceiling). A native radio
 * group: arrow keys move between the methods that can be chosen.
 */
export function PaymentMethodChoiceGroup({ value, onChange, savedCard, signedIn, codRefusal, disabled, details }: PaymentMethodChoiceProps) {
  const { t } = useI18n();
  const name = useId();
  const hints: Partial<Record<PaymentMethodChoice, string>> = {
    registered_credit: savedCard === undefined ? t("page.loading") : savedCard ? savedCardText(savedCard) : t("checkout.noSavedCard"),
    ...(codRefusal ? { cod: codRefusal } : {}),
  };
  const unavailable: Record<PaymentMethodChoice, boolean> = {
    credit: false,
    registered_credit: !savedCard,
    bank: false,
    cod: codRefusal !== null,
  };

  return (
    <fieldset className={styles.methods} disabled={disabled}>
      <legend className={styles.sectionHeading}>{t("checkout.paymentHeading")}</legend>
      {PAYMENT_METHOD_CHOICES.filter((method) => signedIn || method !== "registered_credit").map((method) => {
        const hintId = `${name}-${method}-hint`;
        const hint = hints[method];
        const chosen = value === method;
        return (
          <div key={method} className={styles.method} data-chosen={chosen} data-testid={`method-${method}`}>
            <label className={styles.methodLabel}>
              <input
                type="radio"
                name={name}
                value={method}
                checked={chosen}
                disabled={unavailable[method]}
                aria-describedby={hint ? hintId : undefined}
                onChange={() => onChange(method)}
              />
              <span>{t(`checkout.method.${method}`)}</span>
            </label>
            {hint && (
              <p id={hintId} className={method === "cod" ? styles.methodRefusal : styles.methodHint}>
                {hint}
              </p>
            )}
            {/* Kept while another method is chosen, so a typed card is still there on coming back. */}
            <div hidden={!chosen}>{details[method]}</div>
          </div>
        );
      })}
    </fieldset>
  );
}
