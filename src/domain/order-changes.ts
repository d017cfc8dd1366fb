import type { OrderStatus } from "./checkout.ts";
import { formatDeliveryDate } from "./delivery-calendar.ts";
import { fillText } from "./fill-text.ts";
import { formObject } from "./field-rules.ts";
import { formText } from "./form-fields.ts";
import type { GiftAnswer, GiftOptions, GiftPayload, GiftSettings } from "./gift.ts";
import { giftLines } from "./gift.ts";
import type { Locale } from "./locale.ts";
import { z } from "./zod.ts";

/**
 * Order changes before shipping (issue 32 item 7, decision 074): the delivery wish (date and time
 * band), the recipient's address and the gift options (のし, wrapping, card), by the member from My
 * Page and by staff. An order may change while it has not left: not cancelled, not sent, no slip number yet (a slip means a label
 * was issued for the parcel — the carrier's issued-data file or the ship move wrote it), and not a
 * card or voucher payment still being made (pending is not an order yet for the shopper).
 */

/** Why an order cannot change any more; null when it can. */
export type OrderChangeRefusal = "shipped" | "cancelled" | "pending";

export function orderChangeRefusal(order: { status: OrderStatus; slipNumber: string | null }): OrderChangeRefusal | null {
  if (order.status === "cancelled") return "cancelled";
  if (order.status === "sent" || order.slipNumber !== null) return "shipped";
  if (order.status === "pending") return "pending";
  return null;
}

/** What the member and staff read when an order can no longer change (My Page says it instead of the form). */
export const ORDER_CHANGE_REFUSALS: Record<OrderChangeRefusal, Record<Locale, string>> = {
  shipped: {
    ja: "このご注文は発送の準備が済んでいる(送り状番号が発行済み、または発送済み)ため、お届け日時・お届け先・ギフト設定を変更できません。お急ぎの場合はお問い合わせください。",
    en: "This order is ready to ship or has shipped (its slip number has been issued), so its delivery date, time, address or gift options can no longer be changed. Please contact us if it is urgent.",
  },
  cancelled: {
    ja: "このご注文はキャンセルされているため、変更できません。",
    en: "This order has been cancelled, so it cannot be changed.",
  },
  pending: {
    ja: "このご注文はお支払いの手続き中のため、まだ変更できません。お支払いが済んでからもう一度お試しください。",
    en: "The payment of this order is still being made, so it cannot be changed yet. Please try again once the payment is complete.",
  },
};

/** Longer than any date (yyyy-MM-dd, yyyy/MM/dd) or time band code a form sends. */
const DELIVERY_WISH_TEXT_MAX = 20;

/** The wish asked for: a date (yyyy-MM-dd) or none, a time band code or none. */
export interface DeliveryWish {
  date: string | null;
  timeBand: string | null;
}

/** A posted wish: blank (or absent) is none; anything else is checked against the calendar and the shop's time bands. */
export function deliveryWishOf(body: { desired_delivery_date?: unknown; desired_delivery_timezone?: unknown }): DeliveryWish {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : value === undefined || value === null ? "" : String(value));
  const date = text(body.desired_delivery_date).normalize("NFKC").replaceAll("/", "-");
  const band = text(body.desired_delivery_timezone);
  return { date: date || null, timeBand: band || null };
}

/**
 * A delivery wish as posted to POST …/orders/:id/delivery (the member's and the back office's, one
 * schema for both): two texts, blank for none, read by `deliveryWishOf`. A body that is not a form
 * (a number, a list) is refused on base; the calendar and the time bands are checked by the service.
 */
export const deliveryWishSchema = z.preprocess(
  (body) => (body === undefined || body === null ? {} : body),
  formObject({
    desired_delivery_date: formText({ max: DELIVERY_WISH_TEXT_MAX }),
    desired_delivery_timezone: formText({ max: DELIVERY_WISH_TEXT_MAX }),
  }).transform(deliveryWishOf),
);

export type DeliveryWishProblem =
  | { field: "desired_delivery_date"; kind: "outside"; first: string; last: string }
  | { field: "desired_delivery_date"; kind: "none" }
  | { field: "desired_delivery_timezone"; kind: "unknown" }
  | { field: "desired_delivery_date"; kind: "unchanged" };

/**
 * The checkout's calendar rules for a new wish: a date must be one of the window's (the dates a
 * parcel leaving from now can arrive, domain/delivery-calendar.ts); the date already wished may be
 * kept as it is (it was promised at checkout, e.g. only the time band moves); a time band must be
 * one of the shop's. A wish equal to the current one changes nothing and is refused as such.
 */
export function deliveryWishProblems(
  wish: DeliveryWish,
  current: DeliveryWish,
  window: readonly string[],
  timeBandCodes: readonly string[],
): DeliveryWishProblem[] {
  const problems: DeliveryWishProblem[] = [];
  if (wish.date !== null && wish.date !== current.date && !window.includes(wish.date)) {
    problems.push(
      window.length === 0
        ? { field: "desired_delivery_date", kind: "none" }
        : { field: "desired_delivery_date", kind: "outside", first: window[0]!, last: window.at(-1)! },
    );
  }
  if (wish.timeBand !== null && !timeBandCodes.includes(wish.timeBand)) problems.push({ field: "desired_delivery_timezone", kind: "unknown" });
  if (problems.length === 0 && wish.date === current.date && wish.timeBand === current.timeBand)
    problems.push({ field: "desired_delivery_date", kind: "unchanged" });
  return problems;
}

const PROBLEM_TEXTS: Record<Locale, Record<DeliveryWishProblem["kind"], string>> = {
  ja: {
    outside: "お届け希望日は{first}から{last}までの日付を選んでください。",
    none: "ただいまお届け日のご指定はお受けできません。「指定なし」をお選びください。",
    unknown: "お届け時間帯を一覧から選んでください。",
    unchanged: "お届け日時が変更されていません。新しいお届け日または時間帯を選んでください。",
  },
  en: {
    outside: "Please choose a delivery date from {first} to {last}.",
    none: "A delivery date cannot be chosen at the moment. Please choose no date specified.",
    unknown: "Please choose a delivery time from the list.",
    unchanged: "The delivery date and time are the same as before. Please choose a new date or time.",
  },
};

export function deliveryWishProblemText(problem: DeliveryWishProblem, locale: Locale): string {
  const text = PROBLEM_TEXTS[locale][problem.kind];
  return problem.kind === "outside" ? fillText(text, { first: formatDeliveryDate(problem.first), last: formatDeliveryDate(problem.last) }) : text;
}

/** A wish as the history and the mail word it: 「2026/11/30 午前中」, 「指定なし」 for none. */
export function deliveryWishText(wish: DeliveryWish, timeBandLabel: (code: string) => string, locale: Locale): string {
  const none = locale === "ja" ? "指定なし" : "not specified";
  const date = wish.date ? formatDeliveryDate(wish.date) : none;
  const band = wish.timeBand ? timeBandLabel(wish.timeBand) : none;
  return locale === "ja" ? `${date} ${band}` : `${date}, ${band}`;
}

/**
 * A field of a new recipient as posted: text from a form, a number (a prefecture's code sent as
 * JSON), or null (the back office's prefecture not chosen: filled in from the postcode). Anything else (a list, an object) is no field of a form and is refused as invalid here; the
 * checkout's お届け先 rules (name, phone, フリガナ, the address with Japan Post's postcode) need the
 * postcode table and run in the service.
 */
const recipientField = z.union([z.string(), z.number()], { error: "invalid" }).nullable().optional();

/**
 * A new recipient as posted to POST …/orders/:id/recipient (the member's and the back office's, one
 * schema for both, decision 075): checkout's お届け先 fields. A body that is not a form (a number, a
 * list) is refused on base; an empty one is read as an empty form, so each required field is named.
 */
export const recipientChangeSchema = z.preprocess(
  (body) => (body === undefined || body === null ? {} : body),
  formObject({
    name: recipientField,
    kana: recipientField,
    phone: recipientField,
    country: recipientField,
    zip: recipientField,
    prefecture: recipientField,
    address: recipientField,
    building_name: recipientField,
  }),
);

export type RecipientChangeInput = z.infer<typeof recipientChangeSchema>;

/** A gift flag as posted: true or false (JSON), or absent/null for off. */
const giftFlag = z.boolean({ error: "invalid" }).nullable().optional();
/** A text of the gift as posted; its length and characters are the checkout's rules (gift.ts's checkGift). */
const giftFieldText = z.string({ error: "invalid" }).nullable().optional();

/**
 * New gift options as posted to POST …/orders/:id/gift (the member's and the back office's, one
 * schema for both, decision 075): the checkout's `gift` payload (gift.ts's GiftPayload) — wrapping,
 * noshi { omotegaki, placement, name } or null, message_card, hide_prices. Each field must be of its
 * kind (a flag a boolean, a text a string, のし an object or null); a body that is not a form is
 * refused on base, an empty one is "no gift options". The rules that need the trader's settings
 * (the 表書き list, an option switched off, the lengths) are the checkout's `checkGift`, run by the
 * service with the settings.
 */
export const giftChangeSchema = z.preprocess(
  (body) => (body === undefined || body === null ? {} : body),
  formObject({
    wrapping: giftFlag,
    noshi: z
      .union([z.null(), z.literal(false), formObject({ omotegaki: giftFieldText, placement: giftFieldText, name: giftFieldText })], { error: "invalid" })
      .optional(),
    message_card: giftFieldText,
    hide_prices: giftFlag,
  }),
);

export type GiftChangeInput = z.infer<typeof giftChangeSchema>;

/** GET …/orders/:id/gift's answer (the member's and staff's): what the gift form needs. */
export interface GiftChangeOptions {
  order_id: string;
  gift: GiftAnswer | null;
  changeable: boolean;
  /** Why it cannot change, in the asked language; null while it can. */
  reason: string | null;
  /** What may be chosen: the trader's gift settings, with what the order already has kept (giftSettingsForChange). */
  settings: { wrapping: boolean; noshi: boolean; message_card: boolean; hide_prices: boolean; omotegaki: string[] };
  /** What wrapping costs this order, tax included: its line while it has one, else the trader's fee now. */
  wrapping_price: number;
  /** Whether adding or taking off a paid wrapping may change the amount (amountMayChange, decision 070). */
  amount_may_change: boolean;
}

/**
 * A gift form's fields (My Page's and the back office's pages, posted without JavaScript) as the
 * API's body: a ticked box is sent, an unticked one is not, as at checkout (gift_noshi, gift_omotegaki,
 * gift_placement, gift_name, gift_wrapping, gift_message_card, gift_message, gift_hide_prices).
 */
export function giftChangeBodyOf(values: Readonly<Record<string, string>>): GiftPayload {
  return {
    wrapping: "gift_wrapping" in values,
    noshi: "gift_noshi" in values ? { omotegaki: values.gift_omotegaki ?? "", placement: values.gift_placement ?? "", name: values.gift_name ?? "" } : null,
    message_card: "gift_message_card" in values ? (values.gift_message ?? "") : "",
    hide_prices: "gift_hide_prices" in values,
  };
}

/**
 * The trader's settings as they apply to changing an order's gift: what the order already has may be
 * kept even when the trader has since switched it off or dropped the 表書き from the list (it was
 * promised at checkout, as a wished date outside today's window may be kept).
 */
export function giftSettingsForChange(settings: GiftSettings, current: GiftOptions | null): GiftSettings {
  if (!current) return settings;
  const omotegaki =
    current.noshi && !settings.omotegaki.includes(current.noshi.omotegaki) ? [...settings.omotegaki, current.noshi.omotegaki] : settings.omotegaki;
  return {
    ...settings,
    wrapping: settings.wrapping || current.wrapping,
    noshi: settings.noshi || current.noshi !== null,
    messageCard: settings.messageCard || current.messageCard !== "",
    hidePrices: settings.hidePrices || current.hidePrices,
    omotegaki,
  };
}

/** Whether two gifts are the same choice (null and "nothing chosen" alike). */
export function sameGift(a: GiftOptions | null, b: GiftOptions | null): boolean {
  const plain = (gift: GiftOptions | null) =>
    JSON.stringify(
      gift
        ? { w: gift.wrapping, n: gift.noshi ? [gift.noshi.omotegaki, gift.noshi.placement, gift.noshi.name] : null, m: gift.messageCard, h: gift.hidePrices }
        : null,
    );
  return plain(a) === plain(b);
}

/**
 * The wrapping fee (yen before tax) an order has after a gift change: the line it has while wrapping
 * stays (a fee edited in the settings since checkout does not reprice it), the trader's fee now when
 * wrapping is added, nothing when it is taken off.
 */
export function wrappingFeeAfter(current: { wrapping: boolean; fee: number }, wrapping: boolean, settingsFee: number): number {
  if (!wrapping) return 0;
  return current.wrapping ? current.fee : settingsFee;
}

/** The gift as the history and the mail word it, one line: 「のし: 御歳暮(外のし) / ラッピング: あり」, 「なし」 for none. */
export function giftText(gift: GiftOptions | null, locale: Locale): string {
  const lines = giftLines(gift, locale);
  if (lines.length === 0) return locale === "ja" ? "なし" : "none";
  return lines.map((line) => `${line.label}: ${line.value.replaceAll("\n", " ")}`).join(" / ");
}
