import crypto from "node:crypto";
import { PAYMENT_LINK_DAYS } from "../../domain/payment-link.ts";
import { PAYMENT_LINK_PATH } from "../../domain/payment-link-path.ts";

/**
 * The card payment link staff mail for an unpaid card order (decision 082), signed as the guest's
 * receipt link is (decision 037) but for another purpose: `{order}.{expires}.{HMAC}` with the app
 * secret, so a receipt token never opens a payment page nor the other way round. Nothing is stored;
 * whether the order can still be paid is read from the order.
 */
const TOKEN = /^([0-9A-HJKMNP-TV-Z]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, publicId: string, expires: number): string {
  return crypto.createHmac("sha256", secret).update(`payment-link:${publicId}:${expires}`).digest("base64url");
}

export interface PaymentLink {
  token: string;
  url: string;
  expiresAt: Date;
}

/** A new link for the order, working PAYMENT_LINK_DAYS from `now`. */
export function paymentLinkFor(publicUrl: string, secret: string, publicId: string, now: Date = new Date()): PaymentLink {
  const expires = Math.floor(now.getTime() / 1000) + PAYMENT_LINK_DAYS * 86_400;
  const token = `${publicId}.${expires}.${signature(secret, publicId, expires)}`;
  return { token, url: `${publicUrl.replace(/\/$/, "")}${PAYMENT_LINK_PATH}/${token}`, expiresAt: new Date(expires * 1000) };
}

export type PaymentLinkCheck = { ok: true; publicId: string; expiresAt: Date; expired: boolean } | { ok: false };

/**
 * The order a token names, when its signature holds; `expired` once its time has passed (the page
 * then says so, with the shop's contact). Anything else — a tampered token, a receipt token — names
 * no order.
 */
export function checkPaymentLink(secret: string, token: unknown, now: Date = new Date()): PaymentLinkCheck {
  const match = typeof token === "string" ? TOKEN.exec(token) : null;
  if (!match) return { ok: false };
  const publicId = match[1]!;
  const expires = Number(match[2]);
  const expected = Buffer.from(signature(secret, publicId, expires));
  const sent = Buffer.from(match[3]!);
  if (sent.length !== expected.length || !crypto.timingSafeEqual(sent, expected)) return { ok: false };
  return { ok: true, publicId, expiresAt: new Date(expires * 1000), expired: expires * 1000 < now.getTime() };
}
