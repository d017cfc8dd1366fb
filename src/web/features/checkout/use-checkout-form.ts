import { useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import type { AddressResource } from "../../../domain/address.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import type { AddressFormValue } from "../../shared/address/address-fields.tsx";
import { addressFormValue } from "../../shared/address/address-fields.tsx";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { fieldsOfForm, useTypedBeforeHydration } from "../../shared/forms/typed-before-hydration.ts";
import { useSite } from "../../shared/site/site-context.tsx";
import { checkoutFormOfFields } from "./checkout-fields.ts";
import type { CheckoutEdit } from "./checkout-form-edits.ts";
import { checkoutEdits } from "./checkout-form-edits.ts";
import type { CheckoutFieldErrors, CheckoutForm } from "./checkout-order.ts";
import { NO_FIELD_ERRORS } from "./checkout-order.ts";
import type { DeliveryFormValue } from "./delivery-choice.tsx";
import { initialCheckoutForm } from "./initial-checkout-form.ts";
import type { DestinationForm } from "./destinations-form.ts";
import { forgetCheckoutForm, keepCheckoutForm, keptCheckoutForm } from "./kept-checkout-form.ts";
import type { CouponPreview } from "../../../domain/coupon-input.ts";
import "../../i18n/member-forms-texts.ts";

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
 * The checkout form and the messages under its fields: where it starts (the post it answers, what
 * was typed before hydration, what the tab kept, the member's saved address), its edits, and
 * keeping it for the tab until an order is placed (decisions 053, 058).
 */
export function useCheckoutForm({
  savedAddress,
  start,
  addressBook,
  formRef,
  completed,
  onTypedBeforeHydration,
}: {
  savedAddress: AddressResource | null | undefined;
  start: CheckoutStart | undefined;
  addressBook: readonly AddressBookEntry[] | undefined;
  formRef: RefObject<HTMLFormElement | null>;
  /** Set once an order is placed: nothing is kept after it. */
  completed: RefObject<boolean>;
  /** The form's fields as typed before hydration, for the parts that draw fields of their own (the several destinations' blocks). */
  onTypedBeforeHydration?: (fields: Record<string, string>) => void;
}) {
  const { t } = useI18n();
  const { user } = useAuth();
  const { shop } = useSite();
  const defaultCountryName = t("address.defaultCountryName");
  const account = user?.id ?? null;
  // The server draws the form too (decision 058): it starts from what was posted, or empty, on both
  // sides; what this tab kept (a gateway's page, a failed 3-D Secure, a reload) is taken after hydration.
  const [form, setForm] = useState<CheckoutForm>(() => start?.form ?? initialCheckoutForm(user, defaultCountryName, shop));
  const [errors, setErrors] = useState<CheckoutFieldErrors>(start?.errors ?? NO_FIELD_ERRORS);

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
    onTypedBeforeHydration?.(fields);
  });
  const takenOver = useRef(false);
  useEffect(() => {
    if (takenOver.current) return;
    takenOver.current = true;
    if (start || typedFirst.current) return;
    const kept = keptCheckoutForm(initialCheckoutForm(user, defaultCountryName, shop), account);
    if (kept) {
      // What the tab kept is outside React (sessionStorage), read once the page is hydrated, since the
      // server cannot draw it: one extra render, once.
      setAddressEdited(true);
      setForm(kept);
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
    else if (!completed.current) keepCheckoutForm(form, account);
  }, [form, account, typedBy, completed]);

  const apply = (edit: CheckoutEdit) => {
    setForm(edit.form);
    if (edit.errors) setErrors(edit.errors);
  };
  /** What each section calls as the shopper types. */
  const edit = {
    setContact: (...change: Parameters<typeof checkoutEdits.contact>) => apply(checkoutEdits.contact(...change)),
    setAddress: (update: AddressFormValue | ((current: AddressFormValue) => AddressFormValue)) => {
      setAddressEdited(true);
      apply(checkoutEdits.address(update));
    },
    setWish: (...change: Parameters<typeof checkoutEdits.wish>) => apply(checkoutEdits.wish(...change)),
    setDelivery: (update: DeliveryFormValue | ((current: DeliveryFormValue) => DeliveryFormValue)) => apply(checkoutEdits.delivery(update)),
    setMemo: (...change: Parameters<typeof checkoutEdits.memo>) => apply(checkoutEdits.memo(...change)),
    setBirthDate: (...change: Parameters<typeof checkoutEdits.birthDate>) => apply(checkoutEdits.birthDate(...change)),
    setGift: (...change: Parameters<typeof checkoutEdits.gift>) => apply(checkoutEdits.gift(...change)),
    setUsePoints: (...change: Parameters<typeof checkoutEdits.usePoints>) => apply(checkoutEdits.usePoints(...change)),
    setCoupons: (...change: Parameters<typeof checkoutEdits.coupons>) => apply(checkoutEdits.coupons(...change)),
  };

  return { form, setForm, errors, setErrors, edit };
}

export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;
