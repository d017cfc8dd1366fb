import type { CouponPreview } from "../../../domain/coupon-input.ts";
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
import type { DeliveryFormValue } from "./delivery-choice.tsx";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { useCart } from "../../shared/cart/cart-context.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import type { CardEntryHandle, CardMessage } from "../../shared/payments/card-entry.tsx";
import { usePaymentProvider } from "../../shared/payments/use-payment-provider.ts";
import type { CheckoutFieldErrors, CheckoutForm, ContactField, CouponCodesField, DeliveryWish, GiftFormValue } from "./checkout-order.ts";
import { NO_FIELD_ERRORS, checkForm, hasFieldErrors, orderPayload, purchasableItems, serverFieldErrors } from "./checkout-order.ts";
import { CheckoutAttempt } from "./idempotency-key.ts";
import { withChosenMethod, withRefusedMethodFallback } from "./checkout-method-state.ts";
import type { RejectedItem } from "./items-rejected-dialog.tsx";
import { placeOrder } from "./place-order.ts";
import { forgetCheckoutCopy } from "./use-checkout-items.ts";
import { forgetCheckoutForm, keepCheckoutForm, keptCheckoutForm } from "./kept-checkout-form.ts";
import { keepDestinations, keptDestinations } from "./kept-destinations.ts";
import { initialCheckoutForm } from "./initial-checkout-form.ts";
import { checkoutFormOfFields } from "./checkout-fields.ts";
import { fieldsOfForm, useTypedBeforeHydration } from "../../shared/forms/typed-before-hydration.ts";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import type { DestinationForm } from "./destinations-form.ts";
import {
  SEVERAL_FIELD,
  destinationsOfFields,
  destinationsProblems,
  emptyDestination,
  shipmentsPayload,
  splitShipmentFields,
  withAllBottlesFirst,
} from "./destinations-form.ts";
import "../../i18n/checkout-texts.ts";
import "../../i18n/member-forms-texts.ts";

export const CHECKOUT_COMPLETE_PATH = "/checkout/complete";

/** Where a checkout page answering a post starts (decision 058): the posted form, the messages under its fields, and the others. */
export interface CheckoutStart {
  form: CheckoutForm;
  errors: CheckoutFieldErrors;
  /** Messages about no field of the page (shown above the form). */
  loose: string[];
  /** The page only asks to confirm a changed amount again. */
  notice?: string | undefined;
  /** The coupons a post without the script found usable together: the summary shows them to confirm (decision 086). */
  coupons?: CouponPreview[] | undefined;
  /** The order posted to several destinations (decision 096): the blocks as posted and the answer's messages keyed shipments.3.recipient.zip. */
  several?: { destinations: DestinationForm[]; errors: Record<string, string[]> } | undefined;
}

/**
 * The checkout form's state and its submission: one at a time,
 * the order's Idempotency-Key kept per attempt, and what each answer does to the page.
 */
export function useCheckout(
  items: CartItem[],
  payments: PaymentBrowserConfig,
  savedAddress: AddressResource | null | undefined,
  onRejected: (items: RejectedItem[]) => void,
  start?: CheckoutStart,
  addressBook?: readonly AddressBookEntry[],
) {
  const { t, locale } = useI18n();
  const { user } = useAuth();
  const cart = useCart();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const defaultCountryName = t("address.defaultCountryName");
  const { shop } = useSite();
  const account = user?.id ?? null;
  // The server draws the form too (decision 058): it starts from what was posted, or empty, on both
  // sides; what this tab kept (a gateway's page, a failed 3-D Secure, a reload) is taken after hydration.
  const [form, setForm] = useState<CheckoutForm>(() => start?.form ?? initialCheckoutForm(user, defaultCountryName, shop));
  const [errors, setErrors] = useState<CheckoutFieldErrors>(start?.errors ?? NO_FIELD_ERRORS);
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
  // Several destinations (decision 087): on, the order's bottles go out as `shipments`, each block its own parcel.
  const [several, setSeveralOn] = useState(start?.several !== undefined);
  const [destinations, setDestinations] = useState<DestinationForm[]>(
    () => start?.several?.destinations ?? [emptyDestination(defaultCountryName, shop.gift.omotegaki)],
  );
  const [destinationErrors, setDestinationErrors] = useState<Record<string, string[]>>(start?.several?.errors ?? {});
  const [destinationProblems, setDestinationProblems] = useState<string[]>([]);
  const setSeveral = (on: boolean) => {
    setSeveralOn(on);
    setDestinationErrors({});
    setDestinationProblems([]);
    // Switched on with no bottle assigned yet: the first destination starts with all of them, to be moved to the others.
    if (on) setDestinations((current) => withAllBottlesFirst(current, purchasableItems(items)));
  };

  // The saved address fills the form once it arrives, unless the shopper already typed one (or it was kept).
  const [addressEdited, setAddressEdited] = useState(start !== undefined);
  const [appliedSaved, setAppliedSaved] = useState<AddressResource | null | undefined>(undefined);
  if (savedAddress && savedAddress !== appliedSaved && !addressEdited) {
    setAppliedSaved(savedAddress);
    setForm((current) => ({ ...current, address: addressFormValue(savedAddress, defaultCountryName) }));
  }

  // Taking over the page: text typed (or autofilled) into the server's form before hydration is the
  // form, taken before anything renders again; else what this tab kept, after hydration. A page
  // answering a post already shows what was posted.
  const typedFirst = useRef(false);
  useTypedBeforeHydration(formRef, (element) => {
    typedFirst.current = true;
    setAddressEdited(true);
    const fields = fieldsOfForm(element);
    setForm((current) => checkoutFormOfFields(fields, current, { defaultCountryName, book: addressBook ?? [] }));
    // The several destinations' switch and blocks as the server drew them (decision 096), with what was typed into them.
    if (fields[SEVERAL_FIELD] === "1") {
      const blocks = destinationsOfFields(fields, purchasableItems(items), { defaultCountryName, omotegaki: shop.gift.omotegaki, book: addressBook ?? [] });
      setSeveralOn(true);
      setDestinations((current) => withAllBottlesFirst(blocks.length > 0 ? blocks : current, purchasableItems(items)));
    }
  });
  const takenOver = useRef(false);
  useEffect(() => {
    if (takenOver.current) return;
    takenOver.current = true;
    if (start) return;
    const kept = typedFirst.current ? null : keptCheckoutForm(initialCheckoutForm(user, defaultCountryName, shop), account);
    if (kept) {
      // What the tab kept is outside React (sessionStorage), read once the page is hydrated, since the
      // server cannot draw it: one extra render, once.
      setAddressEdited(true);
      setForm(kept);
    }
    // The several destinations' blocks (decision 087) come back too (they cannot be typed before hydration).
    const keptBlocks = keptDestinations(account, () => emptyDestination(defaultCountryName, shop.gift.omotegaki));
    if (keptBlocks) {
      setSeveralOn(keptBlocks.several);
      setDestinations(keptBlocks.destinations);
    }
    // Once, on mount: later renders own the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Every change is kept for the tab until an order is placed (never the card: it is not in the form).
  // Signed out (or in as someone else) on this page, the form is another person's: nothing is kept.
  const [typedBy] = useState(account);
  // The mount's form is the page's starting one, not what the shopper typed: keeping it would write
  // over the kept form before the take-over above has put it back (and a remount would then find
  // an empty one). From the next change on, every form is kept.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (account !== typedBy) forgetCheckoutForm();
    else if (!completedRef.current) keepCheckoutForm(form, account);
  }, [form, account, typedBy]);
  // The several destinations' blocks likewise, from their first change on.
  const destinationsMounted = useRef(false);
  useEffect(() => {
    if (!destinationsMounted.current) {
      destinationsMounted.current = true;
      return;
    }
    if (account === typedBy && !completedRef.current) keepDestinations({ several, destinations }, account);
  }, [several, destinations, account, typedBy]);

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

  /** A chosen method the total no longer allows (cod) falls back to the first offered (credit by default), and an alert says why. */
  const refuseMethod = useCallback(
    (refused: PaymentMethodChoice, message: string) => {
      setForm((current) => withRefusedMethodFallback(current, refused, shop.terms));
      setRefusalAlert(message);
    },
    [shop.terms],
  );

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
  /** The points to use as typed (decision 089): the summary follows them; the server checks them against the balance. */
  const setUsePoints = (usePoints: string) => {
    setForm((current) => ({ ...current, usePoints }));
    setErrors((current) => ({ ...current, other: { ...current.other, use_points: undefined } }));
  };
  /**
   * The coupons applied, in the order typed (none: []), and the messages under their fields (a field
   * left out: none): the codes the order is posted with, coupon_code and coupon_codes (decision 086).
   */
  const setCoupons = (codes: readonly string[], messages: Partial<Record<"coupon_code" | CouponCodesField, string>> = {}) => {
    setForm((current) => ({ ...current, couponCode: codes[0] ?? "", couponCodes: codes.slice(1) }));
    setErrors((current) => {
      const other = Object.fromEntries(
        Object.entries(current.other).filter(([field]) => field !== "coupon_code" && !field.startsWith("coupon_codes.")),
      ) as CheckoutFieldErrors["other"];
      return { ...current, other: { ...other, ...messages } };
    });
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

  // Back to the card field after a card error, once the message shows and the
  // methods are no longer disabled for processing, so the field is announced with its message.
  useEffect(() => {
    if (processing || !cardFocus.current) return;
    cardRef.current?.focus(cardFocus.current.field);
    cardFocus.current = null;
  }, [processing, cardError]);

  function applyRejection(entries: RejectedItem[]) {
    for (const entry of entries) {
      // An inventory entry sets that bottle's amount to what is left (0 removes it).
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
      const single = orderPayload(items, form);
      const { recipient: _recipient, gift: _gift, ...orderer } = single;
      const payload = several
        ? { ...orderer, desired_delivery_date: "", desired_delivery_timezone: "", shipments: shipmentsPayload(destinations, purchasableItems(items)) }
        : single;
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
            navigate(CHECKOUT_COMPLETE_PATH, {
              replace: true,
              state: { orderId: outcome.orderId, paymentMethod: paymentMethodChoice(form.method).stored, paymentInstructions: outcome.instructions },
            }),
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
          const { shipments: shipmentFields, others } = splitShipmentFields(outcome.fields);
          setDestinationErrors(shipmentFields);
          const { errors: placed, unplaced: allUnplaced } = serverFieldErrors(others);
          const unplaced = allUnplaced;
          setErrors(placed);
          if (placed.other.payment) showCardError({ message: placed.other.payment });
          else setFocusRequest((count) => count + 1);
          const loose = hasFieldErrors(placed) || Object.keys(shipmentFields).length > 0 ? unplaced : outcome.errors;
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
    several,
    setSeveral,
    destinations,
    setDestinations,
    destinationErrors,
    destinationProblems,
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
    setCoupons,
    setUsePoints,
    cardEdited,
    submit,
    shouldPromptLeave,
  };
}
