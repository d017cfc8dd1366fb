import { useCallback, useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import type { AddressResource } from "../../../domain/address.ts";
import type { CartItem } from "../../../domain/cart.ts";
import type { CardInputField, PaymentBrowserConfig } from "../../../domain/card.ts";
import type { PaymentMethodChoice } from "../../../domain/payment-methods/payment-method.ts";
import { paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import type { AddressFormValue } from "../../shared/address/address-fields.tsx";
import { addressFormValue } from "../../shared/address/address-fields.tsx";
import { recipientFormValue } from "../../shared/address/recipient-fields.tsx";
import type { DeliveryFormValue } from "./delivery-choice.tsx";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { useCart } from "../../shared/cart/cart-context.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import type { CardEntryHandle, CardMessage } from "../../shared/payments/card-entry.tsx";
import { usePaymentProvider } from "../../shared/payments/use-payment-provider.ts";
import type { CheckoutFieldErrors, CheckoutForm, ContactField, DeliveryWish, GiftFormValue } from "./checkout-order.ts";
import { emptyGiftForm, NO_FIELD_ERRORS, checkForm, hasFieldErrors, orderPayload, purchasableItems, serverFieldErrors } from "./checkout-order.ts";
import { CheckoutAttempt } from "./idempotency-key.ts";
import { initialMethod, withChosenMethod, withRefusedMethodFallback } from "./checkout-method-state.ts";
import type { RejectedItem } from "./items-rejected-dialog.tsx";
import { placeOrder } from "./place-order.ts";
import { forgetCheckoutCopy } from "./use-checkout-items.ts";
import { forgetCheckoutForm, keepCheckoutForm, keptCheckoutForm } from "./kept-checkout-form.ts";

export const CHECKOUT_COMPLETE_PATH = "/checkout/complete";

function initialForm(user: ReturnType<typeof useAuth>["user"], defaultCountryName: string, omotegaki: readonly string[]): CheckoutForm {
  return {
    method: initialMethod(),
    // Spec §3 Customer contact: prefilled from the member's user_name, email and tel.
    contact: { name: user?.user_name ?? "", email: user?.email ?? "", phone: user?.tel ?? "" },
    address: addressFormValue(null, defaultCountryName),
    delivery: { choice: "buyer", other: recipientFormValue(null, defaultCountryName) },
    wish: { date: "", timezone: "" },
    memo: "",
    birthDate: user?.birth_date ?? "",
    gift: emptyGiftForm(omotegaki),
  };
}

/**
 * The checkout form's state and its submission (spec §4 Checkout submission): one at a time,
 * the order's Idempotency-Key kept per attempt, and what each answer does to the page.
 */
export function useCheckout(
  items: CartItem[],
  payments: PaymentBrowserConfig,
  savedAddress: AddressResource | null | undefined,
  onRejected: (items: RejectedItem[]) => void,
) {
  const { t, locale } = useI18n();
  const { user } = useAuth();
  const cart = useCart();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const defaultCountryName = t("address.defaultCountryName");
  const omotegaki = useSite().shop.gift.omotegaki;
  const account = user?.id ?? null;
  // What was typed before a gateway's page, a failed 3-D Secure or a reload, when this tab kept it.
  // The form is drawn only after hydration, so reading the tab's storage here cannot differ from the server's page.
  const [kept] = useState(() => keptCheckoutForm(initialForm(user, defaultCountryName, omotegaki), account));
  const [form, setForm] = useState<CheckoutForm>(() => kept ?? initialForm(user, defaultCountryName, omotegaki));
  const [errors, setErrors] = useState<CheckoutFieldErrors>(NO_FIELD_ERRORS);
  const [cardError, setCardError] = useState<CardMessage | null>(null);
  // Back from a gateway's approval page that was cancelled (PayPay): its message, as a declined card's.
  const returned = useLocation().state as { paymentError?: string } | null;
  const [paymentError, setPaymentError] = useState<string | null>(returned?.paymentError ?? null);
  const [refusalAlert, setRefusalAlert] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const cardRef = useRef<CardEntryHandle>(null);
  const busy = useRef(false);
  const cardFocus = useRef<{ field?: CardInputField | undefined } | null>(null);
  const completedRef = useRef(false);
  const [attempt] = useState(() => new CheckoutAttempt());

  // The saved address fills the form once it arrives, unless the shopper already typed one (or it was kept).
  const [addressEdited, setAddressEdited] = useState(kept !== null);
  const [appliedSaved, setAppliedSaved] = useState<AddressResource | null | undefined>(undefined);
  if (savedAddress && savedAddress !== appliedSaved && !addressEdited) {
    setAppliedSaved(savedAddress);
    setForm((current) => ({ ...current, address: addressFormValue(savedAddress, defaultCountryName) }));
  }

  // Every change is kept for the tab until an order is placed (never the card: it is not in the form).
  // Signed out (or in as someone else) on this page, the form is another person's: nothing is kept.
  const [typedBy] = useState(account);
  useEffect(() => {
    if (account !== typedBy) forgetCheckoutForm();
    else if (!completedRef.current) keepCheckoutForm(form, account);
  }, [form, account, typedBy]);

  const checkoutInput = paymentMethodChoice(form.method).checkoutInput;
  const needsProvider = checkoutInput === "card" || checkoutInput === "saved_card";
  const provider = usePaymentProvider(payments, needsProvider);

  // After a failed submit, the first field in error gets the focus (keyboard and screen readers land on it).
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const setMethod = useCallback((method: PaymentMethodChoice) => {
    setForm((current) => withChosenMethod(current, method));
    setRefusalAlert(null);
    setPaymentError(null);
  }, []);

  /** Spec §4: a chosen method the total no longer allows (cod) falls back to the default (credit), and an alert says why. */
  const refuseMethod = useCallback((refused: PaymentMethodChoice, message: string) => {
    setForm((current) => withRefusedMethodFallback(current, refused));
    setRefusalAlert(message);
  }, []);

  const setContact = (field: ContactField, text: string) => {
    setForm((current) => ({ ...current, contact: { ...current.contact, [field]: text } }));
    setErrors((current) => ({ ...current, contact: { ...current.contact, [field]: undefined } }));
  };
  const setAddress = (update: AddressFormValue | ((current: AddressFormValue) => AddressFormValue)) => {
    setAddressEdited(true);
    setForm((current) => ({ ...current, address: typeof update === "function" ? update(current.address) : update }));
  };
  const setWish = (wish: DeliveryWish) => setForm((current) => ({ ...current, wish }));
  const setDelivery = (update: DeliveryFormValue | ((current: DeliveryFormValue) => DeliveryFormValue)) => {
    setForm((current) => ({ ...current, delivery: typeof update === "function" ? update(current.delivery) : update }));
    setErrors((current) => ({ ...current, recipient: {} }));
  };
  const setMemo = (memo: string) => setForm((current) => ({ ...current, memo }));
  const setBirthDate = (birthDate: string) => {
    setForm((current) => ({ ...current, birthDate }));
    setErrors((current) => ({ ...current, other: { ...current.other, birth_date: undefined } }));
  };
  const setGift = (gift: GiftFormValue) => {
    setForm((current) => ({ ...current, gift }));
    setErrors((current) => (current.gift ? { ...current, gift: undefined } : current));
  };

  /** A changed card is a new attempt: its payment method (and key) no longer describe it. */
  const cardEdited = useCallback(() => {
    setCardError(null);
    attempt.renew();
  }, [attempt]);

  function showCardError(error: CardMessage) {
    if (checkoutInput === "card") {
      setCardError(error);
      cardFocus.current = { field: error.field };
    } else setPaymentError(error.message);
  }

  // Back to the card field after a card error (spec §4 Card form), once the message shows and the
  // methods are no longer disabled for processing, so the field is announced with its message.
  useEffect(() => {
    if (processing || !cardFocus.current) return;
    cardRef.current?.focus(cardFocus.current.field);
    cardFocus.current = null;
  }, [processing, cardError]);

  function applyRejection(entries: RejectedItem[]) {
    for (const entry of entries) {
      // Spec §8: an inventory entry sets that bottle's amount to what is left (0 removes it).
      if (typeof entry.inventory === "number") cart.update(String(entry.id), entry.inventory, { openDrawer: false });
    }
    onRejected(entries);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current || completedRef.current) return;
    // Busy while the address rules may still be arriving, so a second press is not a second check.
    busy.current = true;
    const local = await checkForm(form, t, locale).finally(() => {
      busy.current = false;
    });
    if (hasFieldErrors(local)) {
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
      const payload = orderPayload(items, form);
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
          completedRef.current = true;
          forgetCheckoutCopy();
          // The cart is emptied once the complete page shows, so this page never flashes "カートは空です".
          // A method paid elsewhere (konbini) passes its instructions on for the complete page to show.
          void Promise.resolve(
            navigate(CHECKOUT_COMPLETE_PATH, { replace: true, state: { orderId: outcome.orderId, paymentMethod: paymentMethodChoice(form.method).stored, paymentInstructions: outcome.instructions } }),
          ).finally(() => cart.empty());
          return;
        case "redirect":
          // The gateway's approval page sends the shopper back to the shop's return page, which settles the order.
          completedRef.current = true;
          window.location.assign(outcome.url);
          return;
        case "card-error":
          return showCardError(outcome);
        case "items-rejected":
          return applyRejection(
            outcome.errors.map((entry) => ({ ...entry, name: items.find((item) => item.id === String(entry.id))?.name ?? String(entry.id) })),
          );
        case "invalid": {
          const { errors: placed, unplaced } = serverFieldErrors(outcome.fields);
          setErrors(placed);
          if (placed.other.payment) showCardError({ message: placed.other.payment });
          else setFocusRequest((count) => count + 1);
          const loose = hasFieldErrors(placed) ? unplaced : outcome.errors;
          if (loose.length > 0) snackbar.show("danger", loose);
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
      if (!completedRef.current) {
        busy.current = false;
        setProcessing(false);
      }
    }
  }

  const purchasable = purchasableItems(items);
  // Read when leaving, not when rendering: the completed flag is set just before navigating away.
  const shouldPromptLeave = useCallback(() => !completedRef.current && cart.items.length > 0, [cart.items.length]);

  return {
    form,
    purchasable,
    errors,
    cardError,
    paymentError,
    refusalAlert,
    processing,
    provider,
    needsProvider,
    formRef,
    cardRef,
    setMethod,
    refuseMethod,
    setContact,
    setAddress,
    setWish,
    setMemo,
    setBirthDate,
    setDelivery,
    setGift,
    cardEdited,
    submit,
    shouldPromptLeave,
  };
}
