import type { UserResource } from "./account.ts";

/** The id of the page's data block that carries the signed-in member (or null) to the browser. */
export const VISITOR_ELEMENT_ID = "kura-visitor";

/**
 * The member as the text of a `<script type="application/json">` data block: JSON with every `<`,
 * `>` and `&` written as a \u escape, so a name or address can never close the element or open a
 * comment, and with U+2028/U+2029 escaped as well (JSON.parse reads all of them back unchanged).
 */
export function visitorJson(user: UserResource | null): string {
  return JSON.stringify(user).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
