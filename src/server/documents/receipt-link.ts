import crypto from "node:crypto";

/**
 * The guest's receipt link in the order mail (decision 037): `{order}.{expires}.{HMAC}` signed with
 * the app secret, naming one order and a deadline, so the link opens that order's receipt only and
 * stops working after RECEIPT_LINK_DAYS. Nothing is stored; a changed secret voids every link.
 */
export const RECEIPT_LINK_DAYS = 400;

const TOKEN = /^([0-9A-HJKMNP-TV-Z]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, publicId: string, expires: number): string {
  return crypto.createHmac("sha256", secret).update(`receipt:${publicId}:${expires}`).digest("base64url");
}

export function receiptToken(secret: string, publicId: string, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + RECEIPT_LINK_DAYS * 86_400;
  return `${publicId}.${expires}.${signature(secret, publicId, expires)}`;
}

export type ReceiptTokenCheck = { ok: true; publicId: string } | { ok: false; reason: "invalid" | "expired" };

/** The order a token names, when its signature holds and it has not run out. */
export function checkReceiptToken(secret: string, token: unknown, now: Date = new Date()): ReceiptTokenCheck {
  const match = typeof token === "string" ? TOKEN.exec(token) : null;
  if (!match) return { ok: false, reason: "invalid" };
  const publicId = match[1]!;
  const expires = Number(match[2]);
  const expected = Buffer.from(signature(secret, publicId, expires));
  const sent = Buffer.from(match[3]!);
  if (sent.length !== expected.length || !crypto.timingSafeEqual(sent, expected)) return { ok: false, reason: "invalid" };
  if (expires * 1000 < now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, publicId };
}

/** The page a guest opens from the order mail to type the addressee and download the receipt. */
export function receiptPageUrl(publicUrl: string, secret: string, publicId: string, now: Date = new Date()): string {
  return `${publicUrl.replace(/\/$/, "")}/receipt?token=${receiptToken(secret, publicId, now)}`;
}
