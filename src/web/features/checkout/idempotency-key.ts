/**
 * A v4 UUID for the Idempotency-Key header. crypto.randomUUID exists only in secure contexts
 * (https, localhost); a shop reached over plain http on a LAN still gets a random key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One checkout attempt's identity (spec §4 Checkout submission). The key stays while the order
 * stays the same, so a retried submission (lost answer, double click) replays the first answer
 * instead of ordering twice; any change to what is ordered (cart, payment method, address, contact,
 * delivery wish, memo) or a failed 3-D Secure challenge starts a new attempt with a new key.
 *
 * The card's payment method belongs to the attempt too: a retry under the same key must send the
 * same payload, so it reuses the payment method the gateway already made.
 */
export class CheckoutAttempt {
  private order: string | null = null;
  private key: string | null = null;
  paymentMethodId: string | null = null;

  /** The key for this order (its fingerprint); a new one when the order changed since the last call. */
  keyFor(orderFingerprint: string): string {
    if (this.key === null || this.order !== orderFingerprint) {
      this.order = orderFingerprint;
      this.key = newIdempotencyKey();
      this.paymentMethodId = null;
    }
    return this.key;
  }

  /** The next submission is a new attempt (after a 3-D Secure failure, a declined or edited card). */
  renew(): void {
    this.key = null;
    this.paymentMethodId = null;
  }
}
