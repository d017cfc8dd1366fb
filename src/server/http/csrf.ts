import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { message } from "../i18n/messages.ts";

export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF tokens are an HMAC of the session id: every page carries its token in
 * <meta name="csrf-token">, the browser sends it back as X-CSRF-Token, and no token
 * needs storing. A token from another session, or none, gets a 403. The token is read from the
 * header only: a plain form (JavaScript not running yet) posts it in the hidden field `_csrf` to a
 * page route, whose action checks it or sends it on as this header (web/shared/site/form-action.ts). It runs at preValidation,
 * before the routes' own preValidation (staffOnly/memberOnly) and their declared schemas (decision
 * 032): a forged request learns nothing about who may call the route or what input it takes.
 */
export function csrfTokenFor(sessionId: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`csrf:${sessionId}`).digest("base64url");
}

export function registerCsrfProtection(app: FastifyInstance, options: { secret: string; isProtected(request: FastifyRequest): boolean }): void {
  app.addHook("preValidation", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !options.isProtected(request)) return;
    const sent = request.headers[CSRF_HEADER];
    const expected = csrfTokenFor(request.sessionId, options.secret);
    if (typeof sent !== "string" || !timingSafeEqual(sent, expected)) {
      return reply.status(403).send({ errors: [message("csrfInvalid", request.locale)] });
    }
  });
}

function timingSafeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
