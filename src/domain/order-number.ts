// The order number as a shopper reads it out on the phone (docs/decisions/030): the order's public
// id (12 characters of Crockford base32, which has no I, L, O or U) in three groups of four,
// 7K3M-Q9XA-2BCD. The API and the database keep the plain 12 characters of the API contract.

const GROUP = 4;
const PUBLIC_ID = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** "7K3MQ9XA2BCD" → "7K3M-Q9XA-2BCD"; anything not a public id is shown as it is. */
export function orderNumberForShopper(publicId: string): string {
  if (!PUBLIC_ID.test(publicId)) return publicId;
  const groups: string[] = [];
  for (let at = 0; at < publicId.length; at += GROUP) groups.push(publicId.slice(at, at + GROUP));
  return groups.join("-");
}

/**
 * The public id in an order number as typed or heard: full-width, lower case, hyphens and spaces
 * allowed, and the letters Crockford reads as digits (O as 0, I and L as 1). Undefined if it is none.
 */
export function publicIdFromOrderNumber(text: string): string | undefined {
  const id = text
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-‐–—ー]/gu, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return PUBLIC_ID.test(id) ? id : undefined;
}

export function isOrderPublicId(text: unknown): text is string {
  return typeof text === "string" && PUBLIC_ID.test(text);
}
