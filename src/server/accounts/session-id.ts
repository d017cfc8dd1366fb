import crypto from "node:crypto";

// Session ids are made by the accounts module (it stores signed-in sessions) and read by the HTTP
// layer (the cookie); they live here so that neither imports the other's file for them.

/**
 * A signed-in session's id (a member's or a staff member's) starts with this prefix; a guest's has
 * none. Guests' sessions are never stored, so a guest's request skips the session lookup: on PGlite
 * that lookup cost ~2 ms, most of a cached catalogue answer (measured, docs/performance.md).
 */
export const SIGNED_IN_PREFIX = "m.";
export const SESSION_ID_PATTERN = /^(?:m\.)?[A-Za-z0-9_-]{43}$/;

/** A guest's session id (also the one a visitor gets back after signing out). */
export function newSessionId(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The id of a session that will be stored: a member's or a staff member's, made at sign-in. */
export function newSignedInSessionId(): string {
  return SIGNED_IN_PREFIX + newSessionId();
}
