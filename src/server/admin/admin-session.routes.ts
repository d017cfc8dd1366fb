import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../http/auth.ts";
import { staffOnly } from "../http/route-schemas.ts";
import { csrfTokenFor } from "../http/csrf.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { newSessionId } from "../accounts/session-id.ts";
import { setSessionCookie } from "../http/session.ts";
import type { SessionService } from "../accounts/session.service.ts";
import type { StaffService } from "./staff.service.ts";

export const ADMIN_API = "/admin/api";

// Wrong types are answered like a wrong password: the sign-in form has nothing else to say.
const signInBody = z.object({ email: z.unknown(), password: z.unknown() }).partial().catch({});

/**
 * Back-office sign-in, the signed-in staff member, sign-out, and (owner only) the staff list.
 * Every answer under /admin/api is private and never cached.
 */
export function registerAdminSessionRoutes(
  fastify: FastifyInstance,
  deps: { staff: StaffService; sessions: SessionService; secret: string; secureCookies: boolean },
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
    const signedIn = await deps.staff.signIn(request.body);
    // The browser's previous signed-in session (a shopper's or another staff member's) ends here.
    if (request.user || request.staff) await deps.sessions.destroy(request.sessionId);
    const csrfToken = moveSession(request, reply, signedIn.sessionId);
    return { staff: signedIn.staff, csrf_token: csrfToken };
  });

  app.get(`${ADMIN_API}/session`, staffOnly(), async (request) => ({ staff: requireStaff(request) }));

  app.delete(`${ADMIN_API}/session`, staffOnly(), async (request, reply) => {
    await deps.staff.signOut(request.sessionId);
    moveSession(request, reply, newSessionId());
    return reply.status(204).send();
  });

  app.get(`${ADMIN_API}/staff`, staffOnly("owner"), async () => ({ data: await deps.staff.list() }));
}
