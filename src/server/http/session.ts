import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";

export const SESSION_COOKIE = "kura_sid";
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

declare module "fastify" {
  interface FastifyRequest {
    /** Random id of the visitor's browser session; carts and sign-ins hang off it. */
    sessionId: string;
  }
}

/**
 * Gives every visitor a session id in an httpOnly, SameSite=Lax cookie (Secure over https).
 * Nothing is stored until a feature needs it, so a page view writes nothing to the database.
 */
export function registerSessions(app: FastifyInstance, options: { secureCookies: boolean }): void {
  app.decorateRequest("sessionId", "");
  app.addHook("onRequest", async (request, reply) => {
    const existing = request.cookies[SESSION_COOKIE];
    if (existing && SESSION_ID_PATTERN.test(existing)) {
      request.sessionId = existing;
      return;
    }
    request.sessionId = newSessionId();
    reply.setCookie(SESSION_COOKIE, request.sessionId, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: options.secureCookies,
    });
  });
}

export function newSessionId(): string {
  return crypto.randomBytes(32).toString("base64url");
}
