import type { AddressBookEntry } from "../../../domain/address-book.ts";
import { DEFAULT_COUNTRY } from "../../../domain/address.ts";
import type { CartItem } from "../../../domain/cart.ts";
import type { NoshiPlacement } from "../../../domain/gift.ts";
import type { PaymentMethodChoice } from "../../../domain/payment-methods/payment-method.ts";
import { isPaymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import { MAX_COUPONS_PER_ORDER } from "../../../domain/coupons.ts";
import type { AddressFormValue } from "../../shared/address/address-fields.tsx";
import type { CheckoutForm } from "./checkout-order.ts";
import { purchasableItems } from "./checkout-order.ts";

/**
 * The checkout form as its fields are named in the page (decision 058): what a form posted before
 * or without JavaScript sends to the route's action, and what the script reads from the page it
 * takes over (text typed before hydration). One reading for both.
 */

/** Hidden fields of the server-rendered form. */
export const ITEMS_FIELD = "items";
export const CONFIRMED_FIELD = "confirmed_total";

/** The bottles the page shows, as the hidden `items` field carries them: "id:amount,id:amount". */
export function itemsFieldOf(items: readonly CartItem[]): string {
  return purchasableItems([...items])
    .map((item) => `${item.id}:${item.amount}`)
    .join(",");
}

/** The `items` field read back (at most 100 lines; anything malformed is left out and refused by the API's own checks). */
export function parseItemsField(text: string | undefined): { id: number; amount: number }[] {
  if (!text) return [];
  const lines: { id: number; amount: number }[] = [];
  for (const part of text.split(",").slice(0, 100)) {
    const match = /^(\d{1,9}):(\d{1,4})$/.exec(part.trim());
    if (match) lines.push({ id: Number(match[1]), amount: Number(match[2]) });
  }
  return lines;
}

/** What the final confirmation showed: the method and the amount to pay, "bank:12345". */
export function confirmedFieldOf(method: string, total: number): string {
  return `${method}:${total}`;
}

export function addressOfFields(values: Record<string, string>, prefix: string, defaultCountryName: string): AddressFormValue {
  const id = (values[`${prefix}country`] ?? "").trim() || DEFAULT_COUNTRY;
  const name = id === DEFAULT_COUNTRY ? defaultCountryName : (values[`${prefix}country_name`] ?? "").trim() || id;
  return {
    country: { id, name },
    zip: values[`${prefix}zip`] ?? "",
    prefecture: values[`${prefix}prefecture`] ?? "",
    address: values[`${prefix}address`] ?? "",
    building_name: values[`${prefix}building_name`] ?? "",
  };
}

const PLACEMENTS: readonly NoshiPlacement[] = ["outer", "inner"];

/** The further coupon codes posted as coupon_codes.0, coupon_codes.1… (decision 086), up to the last one posted; none posted: `base`'s. */
function couponCodesOf(values: Record<string, string>, base: string[]): string[] {
  const codes = Array.from({ length: MAX_COUPONS_PER_ORDER - 1 }, (_, index) => values[`coupon_codes.${index}`]);
  const last = codes.findLastIndex((code) => code !== undefined);
  return last < 0 ? base : codes.slice(0, last + 1).map((code) => code ?? "");
}

/**
 * The form the posted fields describe. `base` is the form the page started from: a field the page
 * did not post (a section it does not show, a method it does not offer) keeps its value from there.
 * An unchecked box is not posted, so a box reads as checked only when its field is there.
 */
export function checkoutFormOfFields(
  values: Record<string, string>,
  base: CheckoutForm,
  options: { defaultCountryName: string; book?: readonly AddressBookEntry[] },
): CheckoutForm {
  const text = (name: string, fallback: string) => values[name] ?? fallback;
  const method = values.payment_method && isPaymentMethodChoice(values.payment_method) ? (values.payment_method as PaymentMethodChoice) : base.method;
  const choice = values.delivery_choice ?? base.delivery.choice;
  const bookId = choice.startsWith("book:") ? choice.slice("book:".length) : null;
  const entry = bookId === null ? undefined : options.book?.find((each) => String(each.id) === bookId);
  const hasRecipient = "recipient_name" in values;
  const giftPosted = Object.keys(values).some((name) => name.startsWith("gift_"));
  const placement = values.gift_placement as NoshiPlacement | undefined;
  return {
    method,
    contact: { name: text("name", base.contact.name), email: text("email", base.contact.email), phone: text("phone", base.contact.phone) },
    address: "zip" in values ? addressOfFields(values, "", options.defaultCountryName) : base.address,
    delivery: {
      choice: bookId !== null && !entry ? "buyer" : choice,
      other: hasRecipient
        ? {
            name: values.recipient_name ?? "",
            kana: values.recipient_kana ?? "",
            phone: values.recipient_phone ?? "",
            address: addressOfFields(values, "recipient_", options.defaultCountryName),
          }
        : base.delivery.other,
      ...(entry ? { entry } : {}),
    },
    wish: { date: text("desired_delivery_date", base.wish.date), timezone: text("desired_delivery_timezone", base.wish.timezone) },
    memo: text("memo", base.memo),
    birthDate: text("birth_date", base.birthDate),
    couponCode: text("coupon_code", base.couponCode ?? ""),
    couponCodes: couponCodesOf(values, base.couponCodes ?? []),
    usePoints: text("use_points", base.usePoints ?? ""),
    gift:
      giftPosted || "gift_omotegaki" in values
        ? {
            wrapping: "gift_wrapping" in values,
            noshi: "gift_noshi" in values,
            omotegaki: text("gift_omotegaki", base.gift.omotegaki),
            placement: placement && PLACEMENTS.includes(placement) ? placement : base.gift.placement,
            name: text("gift_name", base.gift.name),
            messageCard: "gift_message_card" in values,
            message: text("gift_message", base.gift.message),
            hidePrices: "gift_hide_prices" in values,
          }
        : base.gift,
  };
}
