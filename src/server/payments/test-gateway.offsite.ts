import crypto from "node:crypto";
import { japanDateOf } from "../../domain/japan-time.ts";

// The test gateway's rules for payments finished away from the checkout (konbini at the store,
// PayPay in its app), taken from Stripe's so the shop meets the same numbers and dates either way.

/** Japan has no daylight saving time: JST is always UTC+9. */
const JST_OFFSET_HOURS = 9;

/**
 * Stripe's konbini deadline: `days` calendar days after the day of confirmation in Japan, at
 * 23:59:59 Japan time (confirmed on Monday with 2 days: Wednesday 23:59:59 JST).
 */
export function konbiniDeadline(confirmedAt: Date, days: number): Date {
  const today = japanDateOf(confirmedAt);
  return new Date(Date.UTC(today.year, today.month - 1, today.day + days, 23 - JST_OFFSET_HOURS, 59, 59));
}

function digits(count: number): string {
  let out = String(crypto.randomInt(1, 10));
  while (out.length < count) out += String(crypto.randomInt(0, 10));
  return out;
}

/** 11 digits, never starting with 0 (Stripe's are 10 to 11 digits, never all zeroes). */
export function newConfirmationNumber(): string {
  return digits(11);
}

export function newPaymentCode(): string {
  return digits(6);
}

export function validReturnUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" || url.protocol === "http:";
}

/** The return URL with Stripe's redirect parameters added to whatever query it has. */
export function returnUrlWith(returnUrl: string, parameters: Record<string, string>): string {
  const url = new URL(returnUrl);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
}
