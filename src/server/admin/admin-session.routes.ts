import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../http/auth.ts";
import { queryValue, staffOnly } from "../http/route-schemas.ts";
import { csrfTokenFor } from "../http/csrf.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { newSessionId } from "../accounts/session-id.ts";
import { setSessionCookie } from "../http/session.ts";
import type { SessionService } from "../accounts/session.service.ts";
import { message } from "../i18n/messages.ts";
import type { StaffService } from "./staff.service.ts";
import type { StaffUnlock } from "./staff-unlock.ts";
import { STAFF_UNLOCK_PATH } from "./staff-unlock.ts";

export const ADMIN_API = "/admin/api";

// Wrong types are answered like a wrong password: the sign-in form has nothing else to say.
const signInBody = z.object({ email: z.unknown(), password: z.unknown() }).partial().catch({});
/** The unlock request's address (anything else is answered as an address that is not locked), and the mail link's token. */
const unlockBody = z.object({ email: z.unknown() }).partial().catch({});
const unlockQuery = z.object({ token: queryValue });

/**
 * Back-office sign-in, the signed-in staff member, sign-out, and (owner only) the staff list.
 * Every answer under /admin/api is private and never cached.
 */
export function registerAdminSessionRoutes(
  fastify: FastifyInstance,
  deps: { staff: StaffService; staffUnlock: StaffUnlock; sessions: SessionService; secret: string; secureCookies: boolean },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith(`${ADMIN_API}/`) || request.url === ADMIN_API) reply.header("cache-control", "private, no-store");
  });

  /** Moves the browser to `sessionId` (a new one at sign-in and sign-out: no fixation) and answers its CSRF token. */
  function moveSession(request: FastifyRequest, reply: FastifyReply, sessionId: string): string {
    request.sessionId = sessionId;
    setSessionCookie(request, reply, deps.secureCookies, null);
    return csrfTokenFor(sessionId, deps.secret);
  }

  app.post(`${ADMIN_API}/session`, { config: { rateLimit: rateLimitFor("staffSignIn") }, schema: { body: signInBody } }, async (request, reply) => {
    const signedIn = await deps.staff.signIn(request.body, { ip: request.ip });
    // The browser's previous signed-in session (a shopper's or another staff member's) ends here.
    if (request.user || request.staff) await deps.sessions.destroy(request.sessionId);
    const csrfToken = moveSession(request, reply, signedIn.sessionId);
    return { staff: signedIn.staff, csrf_token: csrfToken };
  });

  app.get(`${ADMIN_API}/session`, staffOnly(), async (request) => ({ staff: requireStaff(request) }));

  // "Resend unlock" for staff: one answer whatever the address; the mail only to a locked account.
  app.post(STAFF_UNLOCK_PATH, { config: { rateLimit: rateLimitFor("resend") }, schema: { body: unlockBody } }, async (request) => {
    deps.staffUnlock.request(request.body.email, request.locale);
    return { message: message("unlockInstructionsSent", request.locale) };
  });

  // The mail's link: act, then land on the sign-in page, which says what happened.
  app.get(STAFF_UNLOCK_PATH, { schema: { querystring: unlockQuery } }, async (request, reply) => {
    const outcome = await deps.staffUnlock.unlock(request.query.token);
    return reply.redirect(outcome === "unlocked" ? "/admin/login?unlocked=1" : "/admin/login?unlock=invalid", 303);
  });

  app.delete(`${ADMIN_API}/session`, staffOnly(), async (request, reply) => {
    await deps.staff.signOut(request.sessionId);
    moveSession(request, reply, newSessionId());
    return reply.status(204).send();
  });

  app.get(`${ADMIN_API}/staff`, staffOnly("owner"), async () => ({ data: await deps.staff.list() }));
}
