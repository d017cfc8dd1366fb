import type { SavedCard } from "../../../domain/card.ts";
import type { PaymentMethodHandler } from "../../../domain/payment-methods/payment-method.ts";
import { paymentMethodChoices } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { CardEntry } from "../../shared/payments/card-entry.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { Notice } from "../../ui/notice.tsx";
import { BankAccounts } from "./bank-accounts.tsx";
import styles from "./checkout.module.css";
import type { CheckoutForm } from "./checkout-order.ts";
import { PaymentMethodChoiceGroup, savedCardText } from "./payment-method-choice.tsx";
import type { CheckoutPayment } from "./use-checkout-payment.ts";
import type { BankAccount } from "./use-checkout-reference.ts";
import "../../i18n/checkout-texts.ts";
import "../../i18n/payment-forms-texts.ts";

/** The checkout's お支払い方法 section: the methods, what the chosen one needs under it, and the messages about paying. */
export function PaymentSection({
  method,
  payment,
  savedCard,
  refusals,
  signedIn,
  processing,
  banks,
  methodError,
}: {
  method: CheckoutForm["method"];
  payment: CheckoutPayment;
  /** undefined while a member's card loads; null for a guest or a member without one. */
  savedCard: SavedCard | null | undefined;
  refusals: Record<string, string | null>;
  signedIn: boolean;
  processing: boolean;
  banks: BankAccount[] | undefined | null;
  /** The server's message under payment_method. */
  methodError: string | undefined;
}) {
  const { t, yen, locale } = useI18n();
  const { shop } = useSite();
  const { provider, cardRef, cardError, cardEdited, paymentError, refusalAlert, setMethod } = payment;

  const cardDetail =
    provider.status === "failed" ? (
      <Notice tone="danger">{provider.message}</Notice>
    ) : provider.status === "loading" ? (
      <p role="status">{t("payments.loading")}</p>
    ) : (
      <div className={styles.methodDetail}>
        <CardEntry ref={cardRef} provider={provider.provider} error={cardError} onEdit={cardEdited} />
      </div>
    );

  /** What a method shows under it while chosen, from what it needs: a card, the saved card, the accounts, a note. */
  function methodDetail(method: PaymentMethodHandler) {
    const needsScript =
      method.checkoutInput === "none" ? null : (
        <noscript>
          <p className={styles.methodNote}>{t("checkout.needsJavaScript")}</p>
        </noscript>
      );
    return needsScript ? (
      <>
        {needsScript}
        {methodInput(method)}
      </>
    ) : (
      methodInput(method)
    );
  }

  function methodInput(method: PaymentMethodHandler) {
    if (method.checkoutInput === "card") return cardDetail;
    if (method.checkoutInput === "saved_card") {
      return savedCard ? (
        <div className={styles.methodDetail} data-testid="saved-card">
          <p className={styles.methodNote}>{t("checkout.savedCardNote", { card: savedCardText(savedCard) })}</p>
        </div>
      ) : null;
    }
    if (method.showsBankAccounts) return <BankAccounts accounts={banks} days={method.terms(shop.terms).daysToPay ?? 0} />;
    const note = method.checkoutNote(shop.terms, locale, yen);
    return note ? (
      <div className={styles.methodDetail}>
        <p className={styles.methodNote}>{note}</p>
      </div>
    ) : null;
  }

  return (
    <section className={styles.section}>
      <PaymentMethodChoiceGroup
        value={method}
        onChange={setMethod}
        savedCard={savedCard}
        refusals={refusals}
        signedIn={signedIn}
        disabled={processing}
        details={Object.fromEntries(paymentMethodChoices().map((each) => [each.code, methodDetail(each)]))}
      />
      {refusalAlert && (
        // The test id is the contract's first case of a refused method: cash on delivery.
        <Notice tone="danger" testId="cod-alert">
          {refusalAlert}
        </Notice>
      )}
      {paymentError && (
        <Notice tone="danger" testId="payment-error">
          {paymentError}
        </Notice>
      )}
      {methodError && <Notice tone="danger">{methodError}</Notice>}
    </section>
  );
}
