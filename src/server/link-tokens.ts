import crypto from "node:crypto";

/**
 * The tokens of the shop's mail links, one home for every module that mails one (accounts, magazine,
 * wishlist):
 * - a random token whose hash is stored (confirmation, password reset, double opt-in): only the mail
 *   holds the token, and a leaked table opens nothing;
 * - a signed id (`{id}.{HMAC-SHA256 of purpose:id}`, base64url) for a link every mail ever sent must
 *   keep working (unsubscribe, stop a restock request): nothing stored, the purpose keeps one kind of
 *   link from opening another.
 */

/** A random token for a mail link and the hash that is stored instead of it. */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(24).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function signature(secret: string, purpose: string, id: number): string {
  return crypto.createHmac("sha256", secret).update(`${purpose}:${id}`).digest("base64url");
}

/** The signed token naming record `id` for `purpose`. */
export function signedIdToken(secret: string, purpose: string, id: number): string {
  return `${id}.${signature(secret, purpose, id)}`;
}

/** The id a signed token names, or undefined for a token this shop did not sign for `purpose`. */
export function idOfSignedToken(secret: string, purpose: string, token: string): number | undefined {
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(secret, purpose, id));
  const sent = Buffer.from(match[2]!);
  return sent.length === expected.length && crypto.timingSafeEqual(sent, expected) ? id : undefined;
}
