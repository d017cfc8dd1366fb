import { newIdempotencyKey } from "../../shared/site/request-key.ts";

/**
 * One checkout attempt's identity. The key stays while the order
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
