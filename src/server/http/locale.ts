import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Locale } from "../../domain/locale.ts";
import { LOCALE_COOKIE, isLocale, localeOrDefault } from "../../domain/locale.ts";
import { safeRedirectPath } from "../../domain/paths.ts";
import { queryValue } from "./route-schemas.ts";

declare module "fastify" {
  interface FastifyRequest {
    locale: Locale;
  }
}

const LOCALE_PREFIX = /^\/(ja|en)\/api(\/|$)/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** /locale/:locale?to=<path>: the language, checked by the route (its own 404), and the page to go back to. */
const localeParams = z.object({ locale: z.string() });
const switchQuery = z.object({ to: queryValue });

/** `/{ja|en}/api/*` answers in the locale of its path; everything else in the visitor's chosen one. */
export function localeOf(request: FastifyRequest): Locale {
  const prefixed = LOCALE_PREFIX.exec(request.url);
  if (prefixed) return prefixed[1] as Locale;
  return localeOrDefault(request.cookies[LOCALE_COOKIE]);
}

export function registerLocale(app: FastifyInstance, options: { secureCookies: boolean }): void {
  app.decorateRequest("locale", "ja");
  app.addHook("onRequest", async (request) => {
    request.locale = localeOf(request);
  });

  // The header's language switch: a plain link, so it works before (or without) JavaScript.
  app.withTypeProvider<ZodTypeProvider>().get("/locale/:locale", { schema: { params: localeParams, querystring: switchQuery } }, async (request, reply) => {
    const { locale } = request.params;
    if (!isLocale(locale)) return reply.status(404).send({ errors: ["Unknown locale"] });
    reply.setCookie(LOCALE_COOKIE, locale, {
      path: "/",
      maxAge: ONE_YEAR_SECONDS,
      sameSite: "lax",
      secure: options.secureCookies,
    });
    return reply.redirect(safeRedirectPath(request.query.to), 303);
  });
}
