import { useCallback, useEffect, useRef, useState } from "react";
import type { FormEvent, RefObject } from "react";
import { useNavigate } from "react-router";
import type { CartItem } from "../../../domain/cart.ts";
import type { CardInputField } from "../../../domain/card.ts";
import { paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useCart } from "../../shared/cart/cart-context.tsx";
import type { CardMessage } from "../../shared/payments/card-entry.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { NO_FIELD_ERRORS, checkForm, hasFieldErrors, orderPayload, purchasableItems } from "./checkout-order.ts";
import { checkoutPayloadOf, refusedOrderOf } from "./checkout-submission.ts";
import type { CheckoutAttempt } from "./idempotency-key.ts";
import type { RejectedItem } from "./items-rejected-dialog.tsx";
import { placeOrder } from "./place-order.ts";
import { destinationsProblems, shipmentsPayload } from "./destinations-form.ts";
import type { CheckoutFormState } from "./use-checkout-form.ts";
import type { CheckoutPayment } from "./use-checkout-payment.ts";
import { forgetCheckoutCopy } from "./use-checkout-items.ts";
import type { SeveralDestinationsState } from "./use-several-destinations.ts";
import "../../i18n/checkout-texts.ts";

export const CHECKOUT_COMPLETE_PATH = "/checkout/complete";

/**
 * The checkout's submission: one at a time, the order's Idempotency-Key kept per attempt, and what
 * each answer does to the page (the complete page, a gateway, messages under the fields, the focus).
 */
export function useCheckoutSubmit({
  items,
  onRejected,
  checkoutForm,
  destinations: severalState,
  payment,
  formRef,
  completed,
  complete,
  attempt,
}: {
  items: CartItem[];
  onRejected: (items: RejectedItem[]) => void;
  checkoutForm: CheckoutFormState;
  destinations: SeveralDestinationsState;
  payment: CheckoutPayment;
  formRef: RefObject<HTMLFormElement | null>;
  /** Whether an order is placed (the page is leaving), and marking it so: nothing is kept, nothing asked on leaving. */
  completed: RefObject<boolean>;
  complete: () => void;
  attempt: CheckoutAttempt;
}) {
  const { t, locale } = useI18n();
  const cart = useCart();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [processing, setProcessing] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const busy = useRef(false);
  const cardFocus = useRef<{ field?: CardInputField | undefined } | null>(null);
  const { form, setErrors } = checkoutForm;
  const { several, destinations, setDestinationErrors, setDestinationProblems } = severalState;
  const { checkoutInput, needsProvider, provider, cardRef, setCardError, setPaymentError } = payment;

  // After a failed submit, the first field in error gets the focus (keyboard and screen readers land on it).
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formRef]);

  function showCardError(error: CardMessage) {
    if (checkoutInput === "card") {
      setCardError(error);
      cardFocus.current = { field: error.field };
    } else setPaymentError(error.message);
  }

  // Back to the card field after a card error, once the message shows and the
  // methods are no longer disabled for processing, so the field is announced with its message.
  useEffect(() => {
    if (processing || !cardFocus.current) return;
    cardRef.current?.focus(cardFocus.current.field);
    cardFocus.current = null;
  }, [processing, payment.cardError, cardRef]);

  function applyRejection(entries: RejectedItem[]) {
    for (const entry of entries) {
      // An inventory entry sets that bottle's amount to what is left (0 removes it).
      if (typeof entry.inventory === "number") cart.update(String(entry.id), entry.inventory, { openDrawer: false });
    }
    onRejected(entries);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current || completed.current) return;
    // Busy while the address rules may still be arriving, so a second press is not a second check.
    busy.current = true;
    const local = await checkForm(form, t, locale).finally(() => {
      busy.current = false;
    });
    if (several) {
      // Only the orderer's own fields are checked here: the destinations have their own checks.
      local.recipient = {};
      const problems = destinationsProblems(destinations, purchasableItems(items), t);
      setDestinationProblems(problems);
      setDestinationErrors({});
      if (problems.length > 0 && !hasFieldErrors(local)) {
        formRef.current?.querySelector<HTMLElement>('[data-testid="destinations-problems"]')?.scrollIntoView({ block: "center" });
        return;
      }
    }
    if (hasFieldErrors(local) || (several && destinationsProblems(destinations, purchasableItems(items), t).length > 0)) {
      setErrors(local);
      setFocusRequest((count) => count + 1);
      return;
    }
    if (needsProvider && provider.status !== "ready") return;
    const card = checkoutInput === "card" ? (cardRef.current?.source() ?? null) : null;
    if (checkoutInput === "card" && !card) return;

    busy.current = true;
    setProcessing(true);
    setErrors(NO_FIELD_ERRORS);
    setCardError(null);
    setPaymentError(null);
    try {
      const payload = checkoutPayloadOf(orderPayload(items, form), several ? shipmentsPayload(destinations, purchasableItems(items)) : null);
      const outcome = await placeOrder({
        locale,
        payload,
        attempt,
        provider: provider.status === "ready" ? provider.provider : null,
        card,
        billing: { name: payload.name, email: payload.email, phone: payload.phone },
      });
      switch (outcome.kind) {
        case "completed":
          complete();
          forgetCheckoutCopy();
          // The cart is emptied once the complete page shows, so this page never flashes "カートは空です".
          // A method paid elsewhere (konbini) passes its instructions on for the complete page to show.
          void Promise.resolve(
            navigate(CHECKOUT_COMPLETE_PATH, {
              replace: true,
              state: { orderId: outcome.orderId, paymentMethod: paymentMethodChoice(form.method).stored, paymentInstructions: outcome.instructions },
            }),
          ).finally(() => cart.empty());
          return;
        case "redirect":
          // The gateway's approval page sends the shopper back to the shop's return page, which settles the order.
          complete();
          window.location.assign(outcome.url);
          return;
        case "card-error":
          return showCardError(outcome);
        case "items-rejected":
          return applyRejection(
            outcome.errors.map((entry) => ({ ...entry, name: items.find((item) => item.id === String(entry.id))?.name ?? String(entry.id) })),
          );
        case "invalid": {
          const refused = refusedOrderOf(outcome.fields, outcome.errors);
          setDestinationErrors(refused.destinationErrors);
          setErrors(refused.errors);
          if (refused.errors.other.payment) showCardError({ message: refused.errors.other.payment });
          else setFocusRequest((count) => count + 1);
          if (refused.loose.length > 0) snackbar.show("danger", refused.loose);
          return;
        }
        case "failed":
          snackbar.show("danger", outcome.errors.length > 0 ? outcome.errors : t("checkout.failed"));
          return;
      }
    } catch (failure) {
      console.warn("checkout failed", failure);
      snackbar.show("danger", t("checkout.failed"));
    } finally {
      // After success the button stays at 'Processing...' until the complete page shows.
      if (!completed.current) {
        busy.current = false;
        setProcessing(false);
      }
    }
  }

  // Read when leaving, not when rendering: the completed flag is set just before navigating away.
  const shouldPromptLeave = useCallback(() => !completed.current && cart.items.length > 0, [cart.items.length, completed]);

  return { processing, submit, shouldPromptLeave };
}
