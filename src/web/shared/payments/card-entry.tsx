import { useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import type { Ref } from "react";
import type { CardInputField } from "../../../domain/card.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import type { CardFieldHandle } from "./card-field.tsx";
import { CardField } from "./card-field.tsx";
import type { CardSource, MountedStripeCard, PaymentProvider, TestCardValues } from "./payment-provider.ts";
import styles from "./payments.module.css";
import "../../i18n/payment-forms-texts.ts";

export interface CardEntryHandle {
  /** The card for createPaymentMethod, or null while Stripe's element is not mounted yet. */
  source(): CardSource | null;
  /** Back to the card field after an error, at the field the error is about. */
  focus(field?: CardInputField): void;
}

export interface CardMessage {
  message: string;
  field?: CardInputField | undefined;
}

interface CardEntryProps {
  provider: PaymentProvider;
  /** The gateway's message for the last attempt (decline, failed challenge), shown under the field. */
  error: CardMessage | null;
  /** The card was changed: the parent drops `error`, which is about the card as it was. */
  onEdit(): void;
  ref?: Ref<CardEntryHandle>;
}

const EMPTY: TestCardValues = { number: "", expiry: "", cvc: "" };

/**
 * The card field of whichever gateway is in use: Stripe's element (postal code hidden), or the
 * test gateway's CardField. Card messages — its own checks and the gateway's answers — show in one
 * alert under it.
 */
export function CardEntry({ provider, error, onEdit, ref }: CardEntryProps) {
  const { t } = useI18n();
  const errorId = useId();
  const [values, setValues] = useState<TestCardValues>(EMPTY);
  const [ownCheck, setOwnCheck] = useState<CardMessage | null>(null);
  const testField = useRef<CardFieldHandle>(null);
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<MountedStripeCard | null>(null);

  useEffect(() => {
    if (provider.kind !== "stripe" || !mountPoint.current) return;
    const mounted = provider.mountCard(mountPoint.current, (message) => {
      setOwnCheck(message ? { message } : null);
      onEdit();
    });
    stripeCard.current = mounted;
    return () => {
      stripeCard.current = null;
      mounted.destroy();
    };
    // onEdit is the parent's setter wrapper; remounting Stripe's element for it would lose the card.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider]);

  useImperativeHandle(ref, () => ({
    source: () => (provider.kind === "test" ? { kind: "test", values } : stripeCard.current ? { kind: "stripe", element: stripeCard.current.element } : null),
    focus: (field) => (provider.kind === "test" ? testField.current?.focus(field) : stripeCard.current?.focus()),
  }));

  const shown = error ?? ownCheck;
  return (
    <fieldset className={styles.cardEntry}>
      <legend className={styles.legend}>{t("payments.cardDetails")}</legend>
      {provider.kind === "test" ? (
        <>
          <p className={styles.testNote}>{t("payments.testCardNote")}</p>
          <CardField
            ref={testField}
            value={values}
            onChange={(next) => {
              setValues(next);
              setOwnCheck(null);
              onEdit();
            }}
            invalidField={shown ? (shown.field ?? "number") : null}
            errorId={errorId}
            // Leaving a field speaks about that field only: a message about another one stays, so the
            // form does not shift under the pointer between mousedown and click on the button.
            onCheck={(left, problem) => setOwnCheck((shownBefore) => problem ?? (shownBefore?.field === left ? null : shownBefore))}
          />
        </>
      ) : (
        <div ref={mountPoint} className={styles.stripeCard} aria-describedby={shown ? errorId : undefined} />
      )}
      {shown && (
        <p id={errorId} className={styles.cardError} role="alert">
          {shown.message}
        </p>
      )}
    </fieldset>
  );
}
