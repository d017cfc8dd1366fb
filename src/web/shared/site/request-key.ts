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
 * The header of one write the visitor asked for once (a click, a form sent): a resend of it, by a
 * load balancer or after a lost answer, is answered with the first result instead of booked again
 * (docs/decisions/049).
 */
export function requestKeyHeader(): Record<string, string> {
  return { "idempotency-key": newIdempotencyKey() };
}
