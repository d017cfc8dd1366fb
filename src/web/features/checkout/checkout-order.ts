import { EMAIL_PATTERN } from "../../../domain/account.ts";
import type { CartItem } from "../../../domain/cart.ts";
import { ORDER_BIRTH_DATE_MESSAGES, judgeOrderBirthDate } from "../../../domain/age-gate.ts";
import type { CheckoutPayload } from "../../../domain/checkout.ts";
import { japanDateOf } from "../../../domain/japan-time.ts";
import type { Locale } from "../../../domain/locale.ts";
import type { GiftOptions, GiftPayload, NoshiPlacement } from "../../../domain/gift.ts";
import type { PaymentMethodChoice } from "../../../domain/payment-methods/payment-method.ts";
import type { I18n } from "../../i18n/i18n.tsx";
import type { AddressFormErrors, AddressFormValue } from "../../shared/address/address-fields.tsx";
import { addressErrorMessages, addressPayload } from "../../shared/address/address-fields.tsx";
import { checkAddress } from "../../shared/address/address-rules.ts";
import type { RecipientFormErrors } from "../../shared/address/recipient-fields.tsx";
import type { DeliveryFormValue } from "./delivery-choice.tsx";
import { recipientOf } from "./delivery-choice.tsx";
import "../../i18n/checkout-texts.ts";
import "../../i18n/member-forms-texts.ts";

/** Customer contact. */
export interface ContactValue {
  name: string;
  email: string;
  phone: string;
}
export type ContactField = keyof ContactValue;

/** Delivery wish: "" is no wish. */
export interface DeliveryWish {
  date: string;
  timezone: string;
}

/** Everything the shopper fills in on /checkout. */
export interface CheckoutForm {
  method: PaymentMethodChoice;
  contact: ContactValue;
  address: AddressFormValue;
  /** 「お届け先」: the orderer, an address-book entry, or another address. */
  delivery: DeliveryFormValue;
  wish: DeliveryWish;
  memo: string;
  /** yyyy-mm-dd: the order form's age field (decision 036), prefilled from a member's profile. */
  birthDate: string;
  gift: GiftFormValue;
  /** The coupon applied (decision 086): with the script, the code the summary shows; without it, as typed. */
  couponCode?: string;
  /** Further codes applied with it (decision 086: only coupons that all combine), posted as coupon_codes. */
  couponCodes?: string[];
  /** 「ポイントを使う」 (decision 089): whole points as typed; "" or absent: none. */
  usePoints?: string;
}

/** The ギフト設定 section: each option on or off, with what it needs. */
export interface GiftFormValue {
  wrapping: boolean;
  noshi: boolean;
  omotegaki: string;
  placement: NoshiPlacement;
  /** 名入れ: the giver's name on the のし, "" for none. */
  name: string;
  messageCard: boolean;
  message: string;
  hidePrices: boolean;
}

export function emptyGiftForm(omotegaki: readonly string[]): GiftFormValue {
  return { wrapping: false, noshi: false, omotegaki: omotegaki[0] ?? "", placement: "outer", name: "", messageCard: false, message: "", hidePrices: false };
}

/** The options the form says, as the order would keep them (null: none), for the summary's charges. */
export function giftOptionsOfForm(gift: GiftFormValue): GiftOptions | null {
  const noshi = gift.noshi ? { omotegaki: gift.omotegaki, placement: gift.placement, name: gift.name.trim() } : null;
  const messageCard = gift.messageCard ? gift.message.replace(/\r\n?/g, "\n").trim() : "";
  if (!gift.wrapping && !noshi && !messageCard && !gift.hidePrices) return null;
  return { wrapping: gift.wrapping, noshi, messageCard, hidePrices: gift.hidePrices };
}

/** The payload's gift part; undefined (left out, as the contract's payload) when nothing is chosen. */
export function giftPayloadOf(gift: GiftFormValue): GiftPayload | undefined {
  const options = giftOptionsOfForm(gift);
  if (!options) return undefined;
  return { wrapping: options.wrapping, noshi: options.noshi, message_card: options.messageCard, hide_prices: options.hidePrices };
}

export const MEMO_MAX_LENGTH = 1000;

/** A further coupon code's field (decision 086): coupon_codes.0 is the second code typed. */
export type CouponCodesField = `coupon_codes.${number}`;

/** The field a coupon code typed in the nth place (0: the spec's coupon_code) is named and refused under. */
export function couponFieldName(place: number): "coupon_code" | CouponCodesField {
  return place === 0 ? "coupon_code" : `coupon_codes.${place - 1}`;
}

/** Messages under the fields: contact fields by name, the address's by its own field names. */
export interface CheckoutFieldErrors {
  contact: Partial<Record<ContactField, string>>;
  address: AddressFormErrors;
  /** desired_delivery_date, desired_delivery_timezone, memo, payment_method; payment is about the card. */
  other: Partial<
    Record<
      | "desired_delivery_date"
      | "desired_delivery_timezone"
      | "memo"
      | "payment_method"
      | "payment"
      | "birth_date"
      | "coupon_code"
      | "use_points"
      | CouponCodesField,
      string
    >
  >;
  /** The gift section's, keyed as the server names them: gift, gift.wrapping, gift.noshi.omotegaki, … */
  gift?: Record<string, string>;
  /** お届け先's, when it goes to another address: name, phone, zip, … */
  recipient?: RecipientFormErrors;
}

export const NO_FIELD_ERRORS: CheckoutFieldErrors = { contact: {}, address: {}, other: {} };

export function hasFieldErrors(errors: CheckoutFieldErrors): boolean {
  return [errors.contact, errors.address, errors.other, errors.gift ?? {}, errors.recipient ?? {}].some((group) => Object.keys(group).length > 0);
}

/** Every message under a field, in the page's order, once each: the summary a page answering a post shows at its top. */
export function fieldErrorMessages(errors: CheckoutFieldErrors): string[] {
  const messages: string[] = [];
  for (const group of [errors.contact, errors.address, errors.recipient ?? {}, errors.other, errors.gift ?? {}]) {
    for (const value of Object.values(group) as (string | string[] | undefined)[]) {
      for (const message of Array.isArray(value) ? value : value ? [value] : []) if (!messages.includes(message)) messages.push(message);
    }
  }
  return messages;
}

/** The bottles that can be bought: an item at 0 is sold out or withdrawn (the API contract's Cart item). */
export function purchasableItems(items: CartItem[]): CartItem[] {
  return items.filter((item) => item.amount > 0);
}

/**
 * Order payload, without the card's part. The address carries the prefecture too, as the
 * address form (and /api/address) keep it apart from the rest of the address.
 */
export function orderPayload(items: CartItem[], form: CheckoutForm): CheckoutPayload {
  return {
    items: purchasableItems(items).map((item) => ({ id: Number(item.id), amount: item.amount })),
    memo: form.memo,
    payment: {},
    address: addressPayload(form.address),
    // Absent when the parcel goes to the orderer: the contract's payload as it is.
    ...(recipientOf(form.delivery) ? { recipient: recipientOf(form.delivery) } : {}),
    payment_method: form.method,
    name: form.contact.name.trim(),
    email: form.contact.email.trim(),
    phone: form.contact.phone.trim(),
    desired_delivery_date: form.wish.date,
    desired_delivery_timezone: form.wish.timezone,
    birth_date: form.birthDate.trim(),
    ...(giftPayloadOf(form.gift) ? { gift: giftPayloadOf(form.gift) } : {}),
    ...(form.couponCode?.trim() ? { coupon_code: form.couponCode.trim() } : {}),
    // Further codes in their places (a blank one kept as "", so a refusal's key names the field it concerns).
    ...((form.couponCodes ?? []).some((code) => code.trim() !== "") ? { coupon_codes: (form.couponCodes ?? []).map((code) => code.trim()) } : {}),
    ...(form.usePoints?.trim() ? { use_points: form.usePoints.trim() } : {}),
  };
}

/** What makes two submissions the same order (the card's ids are the attempt's, not the order's). */
export function orderFingerprint(payload: CheckoutPayload): string {
  const { payment: _payment, payment_intent_id: _intent, order_id: _order, ...order } = payload;
  return JSON.stringify(order);
}

/** The checks made before anything is sent: contact required, e-mail shaped, address complete. */
export async function checkForm(form: CheckoutForm, t: I18n["t"], locale: Locale): Promise<CheckoutFieldErrors> {
  const contact: CheckoutFieldErrors["contact"] = {};
  const labels: Record<ContactField, string> = { name: t("checkout.name"), email: t("checkout.email"), phone: t("checkout.phone") };
  for (const field of ["name", "email", "phone"] as const) {
    if (form.contact[field].trim() === "") contact[field] = t("checkout.error.blank", { field: labels[field] });
  }
  if (!contact.email && !EMAIL_PATTERN.test(form.contact.email.trim())) contact.email = t("checkout.error.email");
  const address = await checkAddress(addressPayload(form.address));
  const other: CheckoutFieldErrors["other"] = {};
  // The same rule the server applies, on today's date in Japan (decision 036).
  const age = judgeOrderBirthDate(form.birthDate, japanDateOf(new Date()));
  if (age !== "adult") other.birth_date = ORDER_BIRTH_DATE_MESSAGES[age][locale];
  return { contact, address: address.ok ? {} : addressErrorMessages(address.errors, t), other };
}

/**
 * A 422's `fields` ({ name: [...], "address.zip": [...] }) sorted to the fields they are about.
 * Messages for fields the page does not show come back in `unplaced`, for a snackbar.
 */
export function serverFieldErrors(fields: Record<string, string[]>): { errors: CheckoutFieldErrors; unplaced: string[] } {
  const errors: CheckoutFieldErrors = { contact: {}, address: {}, other: {} };
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const text = messages.join(" ");
    if (text === "") continue;
    const [head, tail] = key.split(".", 2);
    if (head === "name" || head === "email" || head === "phone") errors.contact[head] = text;
    else if (head === "address" && (tail === "country" || tail === "zip" || tail === "prefecture" || tail === "address" || tail === "building_name")) {
      errors.address[tail] = messages;
    } else if (
      head === "desired_delivery_date" ||
      head === "desired_delivery_timezone" ||
      head === "memo" ||
      head === "payment_method" ||
      head === "payment" ||
      head === "birth_date" ||
      head === "coupon_code" ||
      head === "use_points"
    ) {
      errors.other[head] = text;
    } else if (head === "coupon_codes" && tail !== undefined && /^\d$/.test(tail)) {
      errors.other[`coupon_codes.${Number(tail)}`] = text;
    } else if (head === "recipient" && tail) {
      errors.recipient = { ...errors.recipient, [tail]: messages };
    } else if (head === "gift") {
      errors.gift = { ...errors.gift, [key]: text };
    } else unplaced.push(...messages);
  }
  return { errors, unplaced };
}
