import { useId } from "react";
import type { ReactNode } from "react";
import type { SavedCard } from "../../../domain/card.ts";
import type { PaymentMethodChoice } from "../../../domain/payment-methods/payment-method.ts";
import { offeredPaymentMethods } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useSite } from "../../shared/site/site-context.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";

interface PaymentMethodChoiceProps {
  value: PaymentMethodChoice;
  onChange(method: PaymentMethodChoice): void;
  /** undefined while a member's card loads; null for a guest or a member without one. */
  savedCard: SavedCard | null | undefined;
  /** Per method, why it cannot be chosen, or null when it can. */
  refusals: Record<string, string | null>;
  /** A guest has no saved card to choose: such methods are left out rather than shown disabled. */
  signedIn: boolean;
  disabled: boolean;
  /** What shows under each method while it is chosen: card field, saved card, accounts, notes. */
  details: Record<PaymentMethodChoice, ReactNode>;
}

export function savedCardText(card: SavedCard): string {
  return `•••• ${card.last4} ${String(card.exp_month).padStart(2, "0")}/${String(card.exp_year).slice(-2)}`;
}

/**
 * The payment_method at checkout: the choices the trader offers in the trader's order (their terms): credit (default),
 * registered_credit (disabled without a saved card), bank and cod (disabled when the total with its
 * fee reaches the ceiling), and whatever method is added there. A native radio group: arrow keys
 * move between the methods that can be chosen.
 */
export function PaymentMethodChoiceGroup({ value, onChange, savedCard, refusals, signedIn, disabled, details }: PaymentMethodChoiceProps) {
  const { t, locale } = useI18n();
  const name = useId();
  const { shop } = useSite();

  return (
    <fieldset className={styles.methods} disabled={disabled}>
      <legend className={styles.sectionHeading}>{t("checkout.paymentHeading")}</legend>
      {offeredPaymentMethods(shop.terms)
        .filter((method) => signedIn || method.checkoutInput !== "saved_card")
        .map((method) => {
          const code = method.code;
          const hintId = `${name}-${code}-hint`;
          const refusal = refusals[code] ?? null;
          const needsSavedCard = method.checkoutInput === "saved_card";
          const hint =
            refusal ??
            (needsSavedCard
              ? savedCard === undefined
                ? t("page.loading")
                : savedCard
                  ? savedCardText(savedCard)
                  : (method.texts.unavailable?.[locale] ?? null)
              : null);
          const chosen = value === code;
          return (
            <div key={code} className={styles.method} data-chosen={chosen} data-testid={`method-${code}`}>
              <label className={styles.methodLabel}>
                <input
                  type="radio"
                  name="payment_method"
                  value={code}
                  checked={chosen}
                  disabled={refusal !== null || (needsSavedCard && !savedCard)}
                  aria-describedby={hint ? hintId : undefined}
                  onChange={() => onChange(code)}
                />
                <span>{method.label[locale]}</span>
              </label>
              {hint && (
                <p id={hintId} className={refusal !== null ? styles.methodRefusal : styles.methodHint}>
                  {hint}
                </p>
              )}
              {/* Kept while another method is chosen, so a typed card is still there on coming back. */}
              <div hidden={!chosen}>{details[code]}</div>
            </div>
          );
        })}
    </fieldset>
  );
}
