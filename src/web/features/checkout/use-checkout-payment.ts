import { useCallback, useRef, useState } from "react";
import type { Dispatch, SetStateAction } from "react";
import { useLocation } from "react-router";
import type { PaymentBrowserConfig } from "../../../domain/card.ts";
import type { PaymentMethodChoice } from "../../../domain/payment-methods/payment-method.ts";
import { paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { CardEntryHandle, CardMessage } from "../../shared/payments/card-entry.tsx";
import { usePaymentProvider } from "../../shared/payments/use-payment-provider.ts";
import { useSite } from "../../shared/site/site-context.tsx";
import { withChosenMethod, withRefusedMethodFallback } from "./checkout-method-state.ts";
import type { CheckoutForm } from "./checkout-order.ts";
import type { CheckoutAttempt } from "./idempotency-key.ts";

/**
 * The payment part of the checkout: the chosen method (in the form), the card provider it needs,
 * the card field, and the messages about the payment (a card's, a gateway's, a refused method's).
 */
export function useCheckoutPayment({
  method,
  setForm,
  payments,
  attempt,
}: {
  method: PaymentMethodChoice;
  setForm: Dispatch<SetStateAction<CheckoutForm>>;
  payments: PaymentBrowserConfig;
  attempt: CheckoutAttempt;
}) {
  const { shop } = useSite();
  const [cardError, setCardError] = useState<CardMessage | null>(null);
  // Back from a gateway's approval page that was cancelled (PayPay): its message, as a declined card's.
  const returned = useLocation().state as { paymentError?: string } | null;
  const [paymentError, setPaymentError] = useState<string | null>(returned?.paymentError ?? null);
  const [refusalAlert, setRefusalAlert] = useState<string | null>(null);
  const cardRef = useRef<CardEntryHandle>(null);

  const checkoutInput = paymentMethodChoice(method).checkoutInput;
  const needsProvider = checkoutInput === "card" || checkoutInput === "saved_card";
  const provider = usePaymentProvider(payments, needsProvider);

  const setMethod = useCallback(
    (chosen: PaymentMethodChoice) => {
      setForm((current) => withChosenMethod(current, chosen));
      setRefusalAlert(null);
      setPaymentError(null);
    },
    [setForm],
  );

  /** A chosen method the total no longer allows (cod) falls back to the first offered (credit by default), and an alert says why. */
  const refuseMethod = useCallback(
    (refused: PaymentMethodChoice, message: string) => {
      setForm((current) => withRefusedMethodFallback(current, refused, shop.terms));
      setRefusalAlert(message);
    },
    [setForm, shop.terms],
  );

  /** A changed card is a new attempt: its payment method (and key) no longer describe it. */
  const cardEdited = useCallback(() => {
    setCardError(null);
    attempt.renew();
  }, [attempt]);

  return {
    checkoutInput,
    needsProvider,
    provider,
    cardRef,
    cardError,
    setCardError,
    paymentError,
    setPaymentError,
    refusalAlert,
    setMethod,
    refuseMethod,
    cardEdited,
  };
}

export type CheckoutPayment = ReturnType<typeof useCheckoutPayment>;
