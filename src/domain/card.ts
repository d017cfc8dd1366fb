import type { CalendarDate } from "./japan-time.ts";

/**
 * What the browser needs to take a card (server → page): Stripe's publishable key, or the built-in
 * test gateway. Only these values of the payment settings may reach the browser.
 */
export type PaymentBrowserConfig = { kind: "stripe"; publishableKey: string } | { kind: "test" };

/** A member's saved card as GET /api/cards answers it (the API contract's Saved card, plus the brand). */
export interface SavedCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** Contact details sent with a new card (billing_details name, email, phone). */
export interface BillingDetails {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
}

export type CardBrand = "visa" | "mastercard" | "amex" | "jcb" | "diners" | "discover" | "unionpay" | "unknown";

/** Why a typed card cannot be used yet; the card field and the test gateway word them. */
export type CardInputError = "number_incomplete" | "number_invalid" | "expiry_incomplete" | "expiry_invalid" | "expiry_past" | "cvc_incomplete" | "cvc_invalid";

export type CardInputField = "number" | "expiry" | "cvc";

const BRAND_PREFIXES: [CardBrand, RegExp][] = [
  ["amex", /^3[47]/],
  ["jcb", /^35(2[89]|[3-8])/],
  ["diners", /^3(0[0-5]|09|[689])/],
  ["visa", /^4/],
  ["mastercard", /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/],
  ["discover", /^(6011|64[4-9]|65)/],
  ["unionpay", /^62/],
];

const LENGTHS: Record<CardBrand, number[]> = {
  amex: [15],
  diners: [14, 16],
  visa: [13, 16, 19],
  unionpay: [16, 17, 18, 19],
  jcb: [16],
  mastercard: [16],
  discover: [16],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** "４２４２ 4242-4242…" → "42424242…": full-width digits made half-width, spaces and hyphens removed. */
export function cardDigits(input: string): string {
  return input.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0)).replace(/[\s\u3000\-\u2010-\u2015\u30fc\uff0d]/g, "");
}

export function cardBrandOf(digits: string): CardBrand {
  return BRAND_PREFIXES.find(([, prefix]) => prefix.test(digits))?.[0] ?? "unknown";
}

export function maxCardLength(brand: CardBrand): number {
  return Math.max(...LENGTHS[brand]);
}

/** The security code's length: four digits on the front of an American Express card, three elsewhere. */
export function cvcLength(brand: CardBrand): number {
  return brand === "amex" ? 4 : 3;
}

/** Digits grouped as printed on the card: 4-6-5 for American Express and 14-digit Diners, 4-4-4-4 otherwise. */
export function formatCardNumber(digits: string): string {
  const brand = cardBrandOf(digits);
  const groups = brand === "amex" || (brand === "diners" && digits.length <= 14) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(" ");
}

/** The Luhn check digit every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function checkCardNumber(input: string): CardInputError | null {
  const digits = cardDigits(input);
  if (!/^\d*$/.test(digits)) return "number_invalid";
  const lengths = LENGTHS[cardBrandOf(digits)];
  if (digits.length < Math.min(...lengths)) return "number_incomplete";
  if (!lengths.includes(digits.length) || !luhnValid(digits)) return "number_invalid";
  return null;
}

/** "12/34", "1234", "12 / 2034" → month 12 of 2034; null while incomplete or unreadable. */
export function parseExpiry(input: string): { month: number; year: number } | "incomplete" | "invalid" {
  const text = cardDigits(input.replace(/\s/g, "")).replace("/", "");
  if (!/^\d*$/.test(text)) return "invalid";
  if (text.length < 4) return "incomplete";
  if (text.length !== 4 && text.length !== 6) return "invalid";
  const month = Number(text.slice(0, 2));
  const year = text.length === 4 ? 2000 + Number(text.slice(2)) : Number(text.slice(2));
  return { month, year };
}

/** A card is good through the last day of its expiry month (Japan time, where the shop charges). */
export function checkExpiry(month: number, year: number, today: CalendarDate): CardInputError | null {
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return "expiry_invalid";
  if (year < today.year || (year === today.year && month < today.month)) return "expiry_past";
  if (year > today.year + 50) return "expiry_invalid";
  return null;
}

export function checkCvc(cvc: string, brand: CardBrand): CardInputError | null {
  const digits = cardDigits(cvc);
  if (!/^\d*$/.test(digits)) return "cvc_invalid";
  if (digits.length < cvcLength(brand)) return "cvc_incomplete";
  if (digits.length > 4) return "cvc_invalid";
  return null;
}

export interface CheckedCard {
  number: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The whole card, checked field by field in the order they are typed; the first problem wins. */
export function checkCard(
  input: { number: string; exp_month: number; exp_year: number; cvc: string },
  today: CalendarDate,
): { ok: true; card: CheckedCard } | { ok: false; field: CardInputField; error: CardInputError } {
  const numberError = checkCardNumber(input.number);
  if (numberError) return { ok: false, field: "number", error: numberError };
  const number = cardDigits(input.number);
  const brand = cardBrandOf(number);
  const expiryError = checkExpiry(input.exp_month, input.exp_year, today);
  if (expiryError) return { ok: false, field: "expiry", error: expiryError };
  const cvcError = checkCvc(input.cvc, brand);
  if (cvcError) return { ok: false, field: "cvc", error: cvcError };
  return { ok: true, card: { number, brand, expMonth: input.exp_month, expYear: input.exp_year, cvc: cardDigits(input.cvc) } };
}
