import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { lineText } from "../../domain/input-rules.ts";
import type { Locale } from "../../domain/locale.ts";
import { requireUser } from "../http/auth.ts";
import { DomainError } from "../../domain/errors.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { message } from "../i18n/messages.ts";
import type { MagazineService } from "./magazine.service.ts";

const registerFields = z.object({ email: z.unknown(), consent: z.unknown() }).partial();
const registerBody = z.union([z.object({ subscription: registerFields }), registerFields]);
const tokenBody = z.object({ token: lineText(200) });
const subscriptionBody = z.object({ subscribed: z.boolean() });

function tokenQuery(request: FastifyRequest): string {
  const value = (request.query as Record<string, unknown>).token;
  return typeof value === "string" ? value : "";
}

/** Pages a mail link lands on, in the language of the mail. */
function pageInLocale(locale: Locale, path: string): string {
  return `/locale/${locale}?to=${encodeURIComponent(path)}`;
}

/** The mail magazine: sign-up with double opt-in, the mail links, and the member's own switch. */
export function registerMagazineRoutes(app: FastifyInstance, deps: { magazine: MagazineService }): void {
  const { magazine } = deps;
  for (const prefix of ["/api", "/ja/api", "/en/api"]) {
    // One answer for new, pending, unsubscribed and already subscribed addresses alike.
    app.post(`${prefix}/magazine/subscriptions`, { config: { rateLimit: rateLimitFor("magazine") } }, async (request, reply) => {
      const parsed = registerBody.safeParse(request.body ?? {});
      const input = parsed.success ? ("subscription" in parsed.data ? parsed.data.subscription : parsed.data) : {};
      await magazine.register(input, { locale: request.locale, user: request.user });
      return reply.status(202).send({ message: message("magazineConfirmationSent", request.locale) });
    });

    app.get(`${prefix}/magazine/confirm`, async (request, reply) => {
      const outcome = await magazine.confirm(tokenQuery(request));
      const target = outcome === "confirmed" ? "/magazine/confirmed" : `/magazine/register?error=${outcome}`;
      return reply.redirect(pageInLocale(request.locale, target), 302);
    });

    // The link in every magazine mail: only leads to the page with the button (scanners follow links).
    app.get(`${prefix}/magazine/unsubscribe`, async (request, reply) => {
      const path = `/magazine/unsubscribe?token=${encodeURIComponent(tokenQuery(request))}`;
      return reply.redirect(pageInLocale(request.locale, path), 302);
    });

    app.post(`${prefix}/magazine/unsubscribe`, async (request) => {
      const parsed = tokenBody.safeParse(request.body);
      if (!parsed.success || !(await magazine.unsubscribe(parsed.data.token))) {
        throw new DomainError("invalid", "magazineLinkInvalid");
      }
      return { data: { status: "unsubscribed" }, message: message("magazineUnsubscribed", request.locale) };
    });

    app.get(`${prefix}/magazine/subscription`, async (request) => ({
      data: await magazine.subscriptionOf(requireUser(request)),
    }));

    app.put(`${prefix}/magazine/subscription`, async (request) => {
      const user = requireUser(request);
      const parsed = subscriptionBody.safeParse(request.body);
      if (!parsed.success) throw new DomainError("invalid");
      const data = await magazine.setSubscription(user, parsed.data.subscribed, request.locale);
      return { data, message: message(parsed.data.subscribed ? "magazineSubscribed" : "magazineUnsubscribed", request.locale) };
    });
  }
}
