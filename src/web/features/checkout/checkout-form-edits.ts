import type { AddressFormValue } from "../../shared/address/address-fields.tsx";
import type { DeliveryFormValue } from "./delivery-choice.tsx";
import type { CheckoutFieldErrors, CheckoutForm, ContactField, CouponCodesField, DeliveryWish, GiftFormValue } from "./checkout-order.ts";

/**
 * One change the shopper makes to the checkout form: what it does to the form and, where a field
 * shows a message, what it clears of the messages (a field typed again no longer says it is wrong).
 * Pure, so each rule is tested alone (checkout-form-edits.test.ts); `useCheckoutForm` applies them.
 */
export interface CheckoutEdit {
  form(current: CheckoutForm): CheckoutForm;
  errors?(current: CheckoutFieldErrors): CheckoutFieldErrors;
}

type Update<Value> = Value | ((current: Value) => Value);
const updated = <Value>(update: Update<Value>, current: Value): Value =>
  typeof update === "function" ? (update as (current: Value) => Value)(current) : update;

/** The order's coupon fields (decision 086): coupon_code and every coupon_codes.N. */
const isCouponField = (field: string) => field === "coupon_code" || field.startsWith("coupon_codes.");

export const checkoutEdits = {
  contact: (field: ContactField, text: string): CheckoutEdit => ({
    form: (current) => ({ ...current, contact: { ...current.contact, [field]: text } }),
    errors: (current) => ({ ...current, contact: { ...current.contact, [field]: undefined } }),
  }),
  address: (update: Update<AddressFormValue>): CheckoutEdit => ({
    form: (current) => ({ ...current, address: updated(update, current.address) }),
  }),
  wish: (wish: DeliveryWish): CheckoutEdit => ({ form: (current) => ({ ...current, wish }) }),
  /** お届け先 chosen again: the other address's messages were about the one left. */
  delivery: (update: Update<DeliveryFormValue>): CheckoutEdit => ({
    form: (current) => ({ ...current, delivery: updated(update, current.delivery) }),
    errors: (current) => ({ ...current, recipient: {} }),
  }),
  memo: (memo: string): CheckoutEdit => ({ form: (current) => ({ ...current, memo }) }),
  birthDate: (birthDate: string): CheckoutEdit => ({
    form: (current) => ({ ...current, birthDate }),
    errors: (current) => ({ ...current, other: { ...current.other, birth_date: undefined } }),
  }),
  gift: (gift: GiftFormValue): CheckoutEdit => ({
    form: (current) => ({ ...current, gift }),
    errors: (current) => (current.gift ? { ...current, gift: undefined } : current),
  }),
  /** The points to use as typed (decision 089): the summary follows them; the server checks them against the balance. */
  usePoints: (usePoints: string): CheckoutEdit => ({
    form: (current) => ({ ...current, usePoints }),
    errors: (current) => ({ ...current, other: { ...current.other, use_points: undefined } }),
  }),
  /**
   * The coupons applied, in the order typed (none: []), and the messages under their fields (a field
   * left out: none): the codes the order is posted with, coupon_code and coupon_codes (decision 086).
   */
  coupons: (codes: readonly string[], messages: Partial<Record<"coupon_code" | CouponCodesField, string>> = {}): CheckoutEdit => ({
    form: (current) => ({ ...current, couponCode: codes[0] ?? "", couponCodes: codes.slice(1) }),
    errors: (current) => {
      const other = Object.fromEntries(Object.entries(current.other).filter(([field]) => !isCouponField(field))) as CheckoutFieldErrors["other"];
      return { ...current, other: { ...other, ...messages } };
    },
  }),
};
