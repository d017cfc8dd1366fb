import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AGE_CONFIRMED_COOKIE,
  isAgeConfirmedCookie,
  AGE_CONFIRMED_MAX_AGE_SECONDS,
  AGE_GATE_ANSWER_PARAM,
  AGE_GATE_PATH,
  judgeAgeGateAnswer,
} from "../../domain/age-gate.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { safeRedirectPath } from "../../domain/paths.ts";
import { queryValue } from "./route-schemas.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The visitor stated an adult birth date (the gate's cookie): pages are rendered without the gate. */
    ageConfirmed: boolean;
  }
}

/** The gate's form as a browser posts it: the three selects, the page to go back to and the CSRF field. */
const gateForm = z.object({ year: queryValue, month: queryValue, day: queryValue, to: queryValue });

/**
 * POST /age-gate: the age gate's form when its JavaScript is not running yet (decision 056). The
 * same rule as the gate in the browser judges the birth date; an adult gets the cookie the pages
 * are rendered by (without the gate) and goes back to the page they were on, anyone else goes back
 * to it with the answer in `?age_gate=`, which the gate shows in the visitor's language. A Fastify
 * route, like the language switch: it needs neither a page render nor the page routes' actions.
 * The CSRF hook checks the form's `_csrf` field.
 */
export function registerAgeGate(app: FastifyInstance, options: { secureCookies: boolean }): void {
  app.decorateRequest("ageConfirmed", false);
  app.addHook("onRequest", async (request) => {
    request.ageConfirmed = isAgeConfirmedCookie(request.cookies[AGE_CONFIRMED_COOKIE]);
  });
  app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(AGE_GATE_PATH, { schema: { body: gateForm } }, async (request, reply) => {
      const { to, ...answer } = request.body;
      const back = safeRedirectPath(to);
      const verdict = judgeAgeGateAnswer(answer, japanDateOf(new Date()));
      if (verdict !== "adult") return reply.redirect(withAnswer(back, verdict), 303);
      reply.setCookie(AGE_CONFIRMED_COOKIE, "1", {
        path: "/",
        maxAge: AGE_CONFIRMED_MAX_AGE_SECONDS,
        sameSite: "lax",
        secure: options.secureCookies,
      });
      return reply.redirect(withAnswer(back, null), 303);
    });
  });
}

/** The page to go back to, with the gate's answer set (or an earlier one removed). */
function withAnswer(path: string, answer: string | null): string {
  const url = new URL(path, "http://kura.invalid");
  if (answer) url.searchParams.set(AGE_GATE_ANSWER_PARAM, answer);
  else url.searchParams.delete(AGE_GATE_ANSWER_PARAM);
  // Checked again: the URL parser folds dot segments ("/.//host" becomes "//host").
  return safeRedirectPath(url.pathname + url.search + url.hash);
}
