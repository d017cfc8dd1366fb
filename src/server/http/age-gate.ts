import type { FastifyInstance } from "fastify";
import { AGE_CONFIRMED_COOKIE, isAgeConfirmedCookie } from "../../domain/age-gate.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The visitor stated an adult birth date (the gate's cookie): pages are rendered without the gate. */
    ageConfirmed: boolean;
  }
}

/**
 * Reads the age gate's cookie on every request (decision 056): pages are rendered, and kept, with or
 * without the gate by it. The cookie is set by the gate's form, the route action POST /age-gate
 * (web/routes/age-gate.tsx), or by the gate's script.
 */
export function registerAgeGate(app: FastifyInstance): void {
  app.decorateRequest("ageConfirmed", false);
  app.addHook("onRequest", async (request) => {
    request.ageConfirmed = isAgeConfirmedCookie(request.cookies[AGE_CONFIRMED_COOKIE]);
  });
}
