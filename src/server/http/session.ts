import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_ID_PATTERN, SIGNED_IN_PREFIX, newSessionId } from "../accounts/session-id.ts";
import type { SessionService } from "../accounts/session.service.ts";
import { isKeptPagePath } from "./page-cache.ts";

export const SESSION_COOKIE = "kura_sid";

declare module "fastify" {
  interface FastifyRequest {
    /** Random id of the visitor's browser session; carts and sign-ins hang off it. */
    sessionId: string;
    /** The member's idle session ended on this request (Devise timeoutable). */
    sessionExpired: boolean;
    /** The answer depends on who is asking (see `answerDependsOnSession`): it must not be stored by any cache. */
    sessionBound: boolean;
  }
}

/** What every answer that depends on the session says to caches: only this browser, and not even it may keep a copy. */
export const PRIVATE_NO_STORE = "private, no-store";

// Static files and images never need to know who is asking.
const ANONYMOUS_PREFIXES = ["/assets/", "/images/", "/favicon", "/healthz", "/robots.txt"];

/**
 * Gives every visitor a session id in an httpOnly, SameSite=Lax cookie (Secure over https).
 * Guests' sessions are not stored, so a page view writes nothing to the database; a signed-in
 * session is a row in `sessions`, looked up here and set as `request.user`.
 */
export function registerSessions(app: FastifyInstance, options: { secureCookies: boolean; sessions: SessionService }): void {
  app.decorateRequest("sessionId", "");
  app.decorateRequest("sessionExpired", false);
  app.decorateRequest("sessionBound", false);
  app.decorateRequest("user", null);
  app.decorateRequest("staff", null);
  app.decorateRequest("enrollingStaff", null);
  app.addHook("onRequest", async (request, reply) => {
    const existing = request.cookies[SESSION_COOKIE];
    if (!existing || !SESSION_ID_PATTERN.test(existing)) {
      request.sessionId = newSessionId();
      setSessionCookie(request, reply, options.secureCookies, null);
      return;
    }
    request.sessionId = existing;
    if (!existing.startsWith(SIGNED_IN_PREFIX)) return;
    if (ANONYMOUS_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    // The catalogue pages may take the member from memory (a few seconds at most, decision 044): they
    // show nothing of the member but the header. Everything else reads the session afresh.
    await readSession(request, options.sessions, request.method === "GET" && isKeptPagePath(request.url));
  });
  // One place decides the caching of personal answers, whatever route or page gave them: an answer
  // that depends on the session gets `private, no-store`, unless its route declared it public
  // (images, postcodes: the same for everyone). A member's orders, a staff member's lists and a
  // signed-in page all pass here; a route cannot forget it.
  app.addHook("onSend", async (request, reply, payload) => {
    // A sign-in moved this request to a signed-in session: its answer is the member's or staff's.
    const signedInNow = request.sessionId.startsWith(SIGNED_IN_PREFIX);
    if (!request.sessionBound && !signedInNow) return payload;
    const declared = reply.getHeader("cache-control");
    if (typeof declared === "string" && /(^|,)\s*public\b/i.test(declared)) return payload;
    reply.header("cache-control", PRIVATE_NO_STORE);
    return payload;
  });
}

async function readSession(request: FastifyRequest, sessions: SessionService, fromMemory: boolean): Promise<void> {
  const found = await sessions.lookup(request.sessionId, new Date(), { fromMemory });
  if (found.user) {
    request.user = found.user;
    request.sessionBound = true;
  } else if (found.staff) {
    request.staff = found.staff;
    request.sessionBound = true;
  } else if (found.expired) {
    request.sessionExpired = true;
  }
}

/**
 * Reads the session of a request the hook let through without it (an image): a picture that is not
 * public is shown to staff only (decision 050), so only such a request pays for the lookup. Its
 * answer is then marked as the session's, like any signed-in answer.
 */
export async function readSkippedSession(request: FastifyRequest, sessions: SessionService): Promise<void> {
  if (request.user || request.staff || !request.sessionId.startsWith(SIGNED_IN_PREFIX)) return;
  await readSession(request, sessions, false);
}

/**
 * Marks an answer as depending on the session although nobody is signed in: a guest's own state,
 * such as the cart kept under the browser session. Signed-in sessions are marked by the hook above.
 */
export function answerDependsOnSession(request: FastifyRequest): void {
  request.sessionBound = true;
}

/**
 * Sets the cookie for `request.sessionId`: a browser-session cookie, or one that lasts until
 * `rememberUntil` for remember_me.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean, rememberUntil: Date | null): void {
  reply.setCookie(SESSION_COOKIE, request.sessionId, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    ...(rememberUntil ? { expires: rememberUntil } : {}),
  });
}
