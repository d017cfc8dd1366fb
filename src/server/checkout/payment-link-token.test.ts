import { describe, expect, it } from "vitest";
import { PAYMENT_LINK_DAYS } from "../../domain/payment-link.ts";
import { receiptToken } from "../documents/receipt-link.ts";
import { checkPaymentLink, paymentLinkFor } from "./payment-link-token.ts";

// The card payment link's token (decision 082): signed with the app secret for its own purpose,
// naming one order and a deadline; tampering with any part, or a receipt link's token, names nothing.

const SECRET = "a-secret-that-is-at-least-32-characters-long";
const ORDER = "7K3MQ9XA2BCD";
const SENT = new Date("2026-11-27T01:00:00Z");

describe("payment link tokens", () => {
  it("signs the order and a deadline PAYMENT_LINK_DAYS after sending, under the shop's /pay page", () => {
    const link = paymentLinkFor("https://shop.example/", SECRET, ORDER, SENT);
    expect(link.url).toBe(`https://shop.example/pay/${link.token}`);
    expect(link.expiresAt.getTime() - SENT.getTime()).toBe(PAYMENT_LINK_DAYS * 86_400_000);
    expect(checkPaymentLink(SECRET, link.token, SENT)).toEqual({ ok: true, publicId: ORDER, expiresAt: link.expiresAt, expired: false });
  });

  it("holds until its deadline and says expired after it, still naming its order", () => {
    const { token, expiresAt } = paymentLinkFor("https://shop.example", SECRET, ORDER, SENT);
    expect(checkPaymentLink(SECRET, token, expiresAt)).toMatchObject({ ok: true, expired: false });
    expect(checkPaymentLink(SECRET, token, new Date(expiresAt.getTime() + 1000))).toMatchObject({ ok: true, publicId: ORDER, expired: true });
  });

  it("names no order when tampered with, signed with another secret or for another purpose", () => {
    const { token } = paymentLinkFor("https://shop.example", SECRET, ORDER, SENT);
    const [publicId, expires, signature] = token.split(".") as [string, string, string];
    const otherOrder = `7K3MQ9XA2BCE.${expires}.${signature}`;
    const longer = `${publicId}.${Number(expires) + 86_400}.${signature}`;
    const flipped = `${publicId}.${expires}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const bad of [otherOrder, longer, flipped, `${token}x`, "", "not-a-token", 42, undefined]) {
      expect(checkPaymentLink(SECRET, bad, SENT)).toEqual({ ok: false });
    }
    expect(checkPaymentLink("another-secret-that-is-at-least-32-chars", token, SENT)).toEqual({ ok: false });
    // The guest's receipt link has the same shape and secret but another purpose.
    expect(checkPaymentLink(SECRET, receiptToken(SECRET, ORDER, SENT), SENT)).toEqual({ ok: false });
  });
});
