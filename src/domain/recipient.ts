import { PREFECTURES, type AddressInput } from "./address.ts";

// ご依頼主 / お届け先: the shopper is the buyer and the contact; the parcel may go to someone else
// (a gift to a relative). What the order stores of that person, the rules shared by the API and the
// browser, and the prefecture an address without one (the API contract gives none) takes from its text.

/** The person a parcel goes to when it is not the buyer (spec-less extension of POST /api/checkout): a name, a phone and an address. */
export interface RecipientInput extends AddressInput {
  name: string;
  phone: string;
  /** フリガナ of the name as full-width katakana (optional; B2 Cloud's お届け先名(ｶﾅ)). */
  kana?: string;
}

/** As the order keeps it: the same, with the building camel-cased like the order's own address columns. */
export interface OrderRecipient extends Omit<RecipientInput, "building_name" | "kana"> {
  buildingName: string;
  /** フリガナ (full-width katakana); absent on orders placed before it was asked, or left blank. */
  kana?: string;
}

/**
 * The buyer's (ご依頼主) name, phone and address as an order keeps them: the order's own columns,
 * which have the recipient's shape, so the buyer can stand where a recipient does.
 */
export function buyerOf(order: OrderRecipient): OrderRecipient {
  return {
    name: order.name,
    phone: order.phone,
    country: order.country,
    zip: order.zip,
    prefecture: order.prefecture,
    address: order.address,
    buildingName: order.buildingName,
  };
}

export const RECIPIENT_NAME_MAX_LENGTH = 100;
export const RECIPIENT_PHONE_MAX_LENGTH = 30;

/**
 * The prefecture an address text starts with: "沖縄県那覇市…" → 47. Also the names without their
 * 都/府/県 ("東京千代田区" is how some write it), except where the short name begins a city's name
 * too (京都 of 京都市 is 京都府 anyway; 北海道 has no short form).
 */
export function prefectureFromAddressText(text: string): number | undefined {
  const trimmed = text
    .normalize("NFKC")
    .replace(/^[\s〒\d-]+/, "")
    .trimStart();
  const full = PREFECTURES.find((prefecture) => trimmed.startsWith(prefecture.ja));
  if (full) return full.code;
  const short = PREFECTURES.find((prefecture) => {
    const stem = prefecture.ja.replace(/[都府県]$/, "");
    return stem !== prefecture.ja && stem.length >= 2 && trimmed.startsWith(stem);
  });
  return short?.code;
}

// Every dash a Japanese keyboard or a copied number may hold (see ZIP_SEPARATORS in address.ts).
const PHONE_DASHES = /[-\u30fc\uff70\uff0d\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63]/g;

/**
 * A phone number as carriers take it: half-width digits and hyphens only. 「０３－１２３４－５６７８」
 * → "03-1234-5678"; "(03) 1234 5678" → "03-1234-5678"; "+81 90-1234-5678" → "090-1234-5678".
 * Brackets and spaces become hyphens (never two in a row, none at either end). Nothing is cut: a
 * number longer than a column is the caller's to handle (drop hyphens first).
 */
export function normalizePhone(input: string): string {
  let text = input.normalize("NFKC").replace(PHONE_DASHES, "-").trim();
  // +81 is Japan: the trunk 0 comes back ("+81 3-…" → "03-…", "+81-90-…" → "090-…").
  text = text.replace(/^\+\s*81[\s-]*(?:\(0\)[\s-]*)?/, "0");
  return text
    .replace(/[\s()（）]+/g, "-")
    .replace(/[^\d-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * A phone number as an order keeps it: {@link normalizePhone}'s half-width digits and hyphens, with
 * a foreign number's leading "+" kept ("＋４４ ２０…" → "+44-20-…"; "+81 90-…" is "090-…").
 * What the buyer typed goes to mails, the back office, labels and the B2 file in this form.
 */
export function phoneAsStored(input: string): string {
  const phone = normalizePhone(input);
  const international = /^\+(?!\s*81)/.test(input.normalize("NFKC").trim());
  return international && phone ? `+${phone}` : phone;
}

/** Digits only: what a number is when its hyphens do not fit. */
export function phoneDigits(phone: string): string {
  return normalizePhone(phone).replace(/-/g, "");
}

/** Domestic numbers have 10 or 11 digits, international ones up to 15; hyphens, spaces and brackets are fine. */
export function isPhoneNumber(phone: string): boolean {
  const digits = phone.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
  if (!/^\+?[\d\s\-‐－()（）]+$/.test(digits)) return false;
  const count = digits.replace(/\D/g, "").length;
  return count >= 10 && count <= 15;
}
