import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./account.ts";
import { formFields, formProblems, manyLinesText, oneLineText } from "./field-rules.ts";
import type { GiftPayload } from "./gift.ts";
import { GIVER_NAME_MAX, MESSAGE_CARD_MAX, OMOTEGAKI_MAX } from "./gift.ts";
import { KANA_NAME_MAX_LENGTH, isKanaName } from "./kana.ts";
import type { LocalizedText } from "./payment-methods/payment-method.ts";
import { isStaffPaymentMethod } from "./payment-methods/payment-method.registry.ts";
import { RECIPIENT_PHONE_MAX_LENGTH, isPhoneNumber } from "./recipient.ts";
import { z } from "./zod.ts";

// An order entered by staff (phone, FAX, in the shop; decision 081): the one schema of
// POST /admin/api/orders, read by the route as its declared body and by /admin/orders/new, whose
// plain HTML form posts these very field names (decision 075). What needs the shop's data — the
// address book of postcodes, the delivery calendar, the age on the order day, stock — is checked by
// the server with the checkout's own rules, after this.

/** How an order entered by staff came in. */
export const STAFF_ORDER_CHANNELS = ["phone", "fax", "shop"] as const;
export type StaffOrderChannel = (typeof STAFF_ORDER_CHANNELS)[number];

export const STAFF_ORDER_CHANNEL_LABELS: Record<StaffOrderChannel, LocalizedText> = {
  phone: { ja: "電話注文", en: "Phone order" },
  fax: { ja: "FAX注文", en: "FAX order" },
  shop: { ja: "店頭注文", en: "In-shop order" },
};

export function isStaffOrderChannel(value: unknown): value is StaffOrderChannel {
  return (STAFF_ORDER_CHANNELS as readonly unknown[]).includes(value);
}

/** How many item rows the form offers; a body may send rows 1 to this. */
export const STAFF_ORDER_ITEM_ROWS = 10;
/** At most this many bottles of one product per row (a case or two; more is a wholesale order). */
export const STAFF_ORDER_QUANTITY_MAX = 99;
export const STAFF_ORDER_MEMO_MAX = 1000;
const NAME_MAX = 100;
const ADDRESS_MAX = 255;
const ZIP_MAX = 20;

/** The item rows' field names: item_product_1 / item_quantity_1, … */
export const itemProductField = (row: number) => `item_product_${row}`;
export const itemQuantityField = (row: number) => `item_quantity_${row}`;

/** The fields' labels, for the route's messages (「お名前を入力してください」) and the page's. */
export const STAFF_ORDER_FIELD_LABELS: Record<string, LocalizedText> = {
  channel: { ja: "受付方法", en: "Received by" },
  member_email: { ja: "会員のメールアドレス", en: "Member's email" },
  name: { ja: "お名前", en: "Name" },
  kana: { ja: "フリガナ", en: "Name in kana" },
  email: { ja: "メールアドレス", en: "Email" },
  phone: { ja: "電話番号", en: "Phone" },
  zip: { ja: "郵便番号", en: "Postcode" },
  prefecture: { ja: "都道府県", en: "Prefecture" },
  address: { ja: "住所", en: "Address" },
  building_name: { ja: "建物名", en: "Building" },
  birth_date: { ja: "生年月日", en: "Date of birth" },
  items: { ja: "商品", en: "Items" },
  recipient_name: { ja: "お届け先のお名前", en: "Recipient's name" },
  recipient_kana: { ja: "お届け先のフリガナ", en: "Recipient's name in kana" },
  recipient_phone: { ja: "お届け先の電話番号", en: "Recipient's phone" },
  recipient_zip: { ja: "お届け先の郵便番号", en: "Recipient's postcode" },
  recipient_prefecture: { ja: "お届け先の都道府県", en: "Recipient's prefecture" },
  recipient_address: { ja: "お届け先の住所", en: "Recipient's address" },
  recipient_building_name: { ja: "お届け先の建物名", en: "Recipient's building" },
  desired_delivery_date: { ja: "お届け希望日", en: "Delivery date" },
  desired_delivery_timezone: { ja: "お届け時間帯", en: "Delivery time" },
  gift: { ja: "ギフト", en: "Gift" },
  gift_omotegaki: { ja: "のしの表書き", en: "Noshi inscription" },
  gift_placement: { ja: "のしの掛け方", en: "Noshi placement" },
  gift_name: { ja: "のしのお名前", en: "Name on the noshi" },
  gift_message: { ja: "メッセージカード", en: "Message card" },
  payment_method: { ja: "お支払い方法", en: "Payment method" },
  memo: { ja: "スタッフメモ", en: "Staff memo" },
};
for (let row = 1; row <= STAFF_ORDER_ITEM_ROWS; row += 1) {
  STAFF_ORDER_FIELD_LABELS[itemProductField(row)] = { ja: `商品（${row}行目）`, en: `Item (row ${row})` };
  STAFF_ORDER_FIELD_LABELS[itemQuantityField(row)] = { ja: `数量（${row}行目）`, en: `Quantity (row ${row})` };
}

/** An address as the checkout's address rules read it (country, postcode, prefecture, address, building). */
export interface StaffOrderAddress {
  country: string;
  zip: string;
  prefecture: string;
  address: string;
  building_name: string;
}

/** The form once its fields' own rules passed. */
export interface StaffOrderInput {
  channel: StaffOrderChannel;
  /** The member the order is for (looked up by this address), or null for a customer without an account. */
  memberEmail: string | null;
  name: string;
  /** フリガナ as typed (kana only), "" when not given. */
  kana: string;
  /** "" when the customer has none (a FAX customer): then no mail is sent. */
  email: string;
  phone: string;
  address: StaffOrderAddress;
  recipient: (StaffOrderAddress & { name: string; kana: string; phone: string }) | null;
  birthDate: string;
  items: { id: number; amount: number }[];
  desiredDeliveryDate: string;
  desiredDeliveryTimezone: string;
  gift: GiftPayload | null;
  paymentMethod: string;
  memo: string;
}

/** A member as the order form starts from them (GET /admin/api/members/lookup): their details on file. */
export interface StaffOrderMember {
  email: string;
  name: string;
  phone: string;
  birth_date: string | null;
  address: { country: string; zip: string; prefecture: number | null; address: string; building_name: string } | null;
}

/** A checkbox from a form ("on", "true") or JSON (true); absent, "" and "false" are unticked. */
function ticked(value: unknown): boolean {
  return value === true || value === "on" || value === "true" || value === "yes";
}

/** A whole number from JSON or a form (full-width digits folded), or the problem's kind. */
function wholeNumber(value: unknown): number | "blank" | "not_a_number" | "not_an_integer" {
  if (value === undefined || value === null || value === "") return "blank";
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.normalize("NFKC").trim() : "";
  if (text === "") return "blank";
  if (!/^-?\d+(\.\d+)?$/.test(text)) return "not_a_number";
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : "not_an_integer";
}

const text = (value: unknown) => (typeof value === "string" ? value.replace(/[\r\n]+/g, " ").trim() : "");
const chars = (value: string) => Array.from(value).length;

function addressOf(fields: Record<string, unknown>, prefix: string): StaffOrderAddress {
  // Orders by phone and FAX are taken within Japan: the country is Japan's unless a body says otherwise.
  return {
    country: text(fields[`${prefix}country`]) || "jp",
    zip: text(fields[`${prefix}zip`]),
    prefecture: text(fields[`${prefix}prefecture`]),
    address: text(fields[`${prefix}address`]),
    building_name: text(fields[`${prefix}building_name`]),
  };
}

/** The rows as order lines; a product on two rows (added as the customer went on) is one line of both quantities. */
function itemsOf(fields: Record<string, unknown>): { id: number; amount: number }[] {
  const items = new Map<number, number>();
  for (let row = 1; row <= STAFF_ORDER_ITEM_ROWS; row += 1) {
    const id = wholeNumber(fields[itemProductField(row)]);
    const amount = wholeNumber(fields[itemQuantityField(row)]);
    if (typeof id === "number" && typeof amount === "number") items.set(id, (items.get(id) ?? 0) + amount);
  }
  return [...items].map(([id, amount]) => ({ id, amount }));
}

function giftOf(fields: Record<string, unknown>): GiftPayload | null {
  const wrapping = ticked(fields.gift_wrapping);
  const noshi = ticked(fields.gift_noshi);
  const card = ticked(fields.gift_message_card);
  const hidePrices = ticked(fields.gift_hide_prices);
  if (!wrapping && !noshi && !card && !hidePrices) return null;
  return {
    wrapping,
    noshi: noshi ? { omotegaki: text(fields.gift_omotegaki), placement: text(fields.gift_placement) || "outer", name: text(fields.gift_name) } : null,
    message_card: card
      ? String(fields.gift_message ?? "")
          .replace(/\r\n?/g, "\n")
          .trim()
      : "",
    hide_prices: hidePrices,
  };
}

/**
 * POST /admin/api/orders's body, a form's fields or JSON with the same names. Every field's own rule
 * runs, so one answer names every wrong field; the server then applies the checkout's rules.
 */
export const staffOrderInputSchema = z.preprocess(
  (body) => formFields(body),
  z
    .looseObject({
      channel: z.unknown().optional(),
      member_email: oneLineText,
      name: oneLineText,
      kana: oneLineText,
      email: oneLineText,
      phone: oneLineText,
      birth_date: oneLineText,
      to_recipient: z.unknown().optional(),
      desired_delivery_date: oneLineText,
      desired_delivery_timezone: oneLineText,
      payment_method: z.unknown().optional(),
      memo: manyLinesText,
    })
    .superRefine((fields, context) => {
      const { problem } = formProblems(context);
      const all = fields as Record<string, unknown>;
      if (fields.channel === undefined || fields.channel === "") problem("blank", "channel");
      else if (!isStaffOrderChannel(fields.channel)) problem("inclusion", "channel");
      if (fields.member_email && !EMAIL_PATTERN.test(fields.member_email)) problem("invalid", "member_email");

      const person = (prefix: string, name: string, kana: string, phone: string) => {
        if (!name) problem("blank", `${prefix}name`);
        else if (chars(name) > NAME_MAX) problem("too_long", `${prefix}name`, { count: NAME_MAX });
        if (chars(kana) > KANA_NAME_MAX_LENGTH) problem("too_long", `${prefix}kana`, { count: KANA_NAME_MAX_LENGTH });
        else if (kana && !isKanaName(kana)) problem("not_kana", `${prefix}kana`);
        if (!phone) problem("blank", `${prefix}phone`);
        else if (phone.length > RECIPIENT_PHONE_MAX_LENGTH) problem("too_long", `${prefix}phone`, { count: RECIPIENT_PHONE_MAX_LENGTH });
        else if (!isPhoneNumber(phone)) problem("invalid", `${prefix}phone`);
        const address = addressOf(all, prefix);
        if (!address.zip) problem("blank", `${prefix}zip`);
        else if (address.zip.length > ZIP_MAX) problem("too_long", `${prefix}zip`, { count: ZIP_MAX });
        if (!address.address) problem("blank", `${prefix}address`);
        else if (chars(address.address) > ADDRESS_MAX) problem("too_long", `${prefix}address`, { count: ADDRESS_MAX });
        if (chars(address.building_name) > ADDRESS_MAX) problem("too_long", `${prefix}building_name`, { count: ADDRESS_MAX });
      };
      person("", fields.name, fields.kana, fields.phone);
      // The order mail needs an address; a customer without one (a FAX customer) gets none.
      if (fields.email.length > EMAIL_MAX_LENGTH) problem("too_long", "email", { count: EMAIL_MAX_LENGTH });
      else if (fields.email && !EMAIL_PATTERN.test(fields.email)) problem("invalid", "email");
      if (ticked(fields.to_recipient)) person("recipient_", text(all.recipient_name), text(all.recipient_kana), text(all.recipient_phone));

      // The age is judged on the order day by the server (the clock is not read here): only its presence and shape.
      if (!fields.birth_date) problem("blank", "birth_date");
      else if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.birth_date)) problem("invalid", "birth_date");

      let rows = 0;
      for (let row = 1; row <= STAFF_ORDER_ITEM_ROWS; row += 1) {
        const id = wholeNumber(all[itemProductField(row)]);
        const amount = wholeNumber(all[itemQuantityField(row)]);
        if (id === "blank" && amount === "blank") continue;
        rows += 1;
        if (id === "blank") problem("blank", itemProductField(row));
        else if (typeof id === "string" || id <= 0) problem("inclusion", itemProductField(row));
        if (typeof amount === "string") problem(amount, itemQuantityField(row));
        else if (amount < 1) problem("greater_than_or_equal_to", itemQuantityField(row), { count: 1 });
        else if (amount > STAFF_ORDER_QUANTITY_MAX) problem("less_than_or_equal_to", itemQuantityField(row), { count: STAFF_ORDER_QUANTITY_MAX });
      }
      if (rows === 0) problem("blank", "items");

      if (fields.desired_delivery_date && !/^\d{4}-\d{2}-\d{2}$/.test(fields.desired_delivery_date)) problem("invalid", "desired_delivery_date");
      if (fields.desired_delivery_timezone.length > 20) problem("inclusion", "desired_delivery_timezone");
      const gift = giftOf(all);
      if (gift?.noshi && chars(gift.noshi.omotegaki ?? "") > OMOTEGAKI_MAX) problem("too_long", "gift_omotegaki", { count: OMOTEGAKI_MAX });
      if (gift?.noshi && chars(gift.noshi.name ?? "") > GIVER_NAME_MAX) problem("too_long", "gift_name", { count: GIVER_NAME_MAX });
      if (gift && chars(gift.message_card ?? "") > MESSAGE_CARD_MAX) problem("too_long", "gift_message", { count: MESSAGE_CARD_MAX });

      const method = fields.payment_method;
      if (method === undefined || method === "") problem("blank", "payment_method");
      else if (typeof method !== "string" || !isStaffPaymentMethod(method)) problem("inclusion", "payment_method");
      if (chars(fields.memo) > STAFF_ORDER_MEMO_MAX) problem("too_long", "memo", { count: STAFF_ORDER_MEMO_MAX });
    })
    .transform((fields): StaffOrderInput => {
      const all = fields as Record<string, unknown>;
      return {
        channel: fields.channel as StaffOrderChannel,
        memberEmail: fields.member_email || null,
        name: fields.name,
        kana: fields.kana,
        email: fields.email,
        phone: fields.phone,
        address: addressOf(all, ""),
        recipient: ticked(fields.to_recipient)
          ? { ...addressOf(all, "recipient_"), name: text(all.recipient_name), kana: text(all.recipient_kana), phone: text(all.recipient_phone) }
          : null,
        birthDate: fields.birth_date,
        items: itemsOf(all),
        desiredDeliveryDate: fields.desired_delivery_date,
        desiredDeliveryTimezone: fields.desired_delivery_timezone,
        gift: giftOf(all),
        paymentMethod: fields.payment_method as string,
        memo: fields.memo,
      };
    }),
);

/** The form's fields a refusal's field key (the checkout's rules name them address.zip, recipient.name, gift.noshi.name) is shown under. */
export function staffOrderFieldOf(checkoutKey: string): string {
  const gift: Record<string, string> = {
    "gift.noshi.omotegaki": "gift_omotegaki",
    "gift.noshi.placement": "gift_placement",
    "gift.noshi.name": "gift_name",
    "gift.message_card": "gift_message",
  };
  if (gift[checkoutKey]) return gift[checkoutKey];
  if (checkoutKey.startsWith("gift")) return "gift";
  if (checkoutKey.startsWith("address.")) return checkoutKey.slice("address.".length);
  if (checkoutKey.startsWith("recipient.")) return `recipient_${checkoutKey.slice("recipient.".length)}`;
  return checkoutKey;
}
