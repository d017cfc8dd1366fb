import type { FastifyInstance } from "fastify";
import { noticeAnswer } from "../../domain/answers/accounts.ts";
import { magazineSubscriptionAnswer, magazineSubscriptionSavedAnswer, magazineUnsubscribedAnswer } from "../../domain/answers/member.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../http/auth.ts";
import { OPTIONALLY_KEYED_WRITE, checkedBody, formSchema, memberOnly, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { magazineSignUpSchema } from "../../domain/magazine-input.ts";
import { DomainError } from "../../domain/errors.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { message } from "../i18n/messages.ts";
import type { MagazineService } from "./magazine.service.ts";
import { pageInLocale, tokenBody, tokenQuery } from "../http/mail-links.ts";

const subscriptionBody = z.object({ subscribed: z.boolean() });

/** The mail magazine: sign-up with double opt-in, the mail links, and the member's own switch. */
export function registerMagazineRoutes(fastify: FastifyInstance, deps: { magazine: MagazineService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { magazine } = deps;
  const member = memberOnly();
  for (const prefix of SHOP_API_PREFIXES) {
    // One answer for new, pending, unsubscribed and already subscribed addresses alike.
    app.post(
      `${prefix}/magazine/subscriptions`,
      {
        config: { ...OPTIONALLY_KEYED_WRITE, rateLimit: rateLimitFor("magazine") },
        ...formSchema({ body: magazineSignUpSchema, response: { 202: noticeAnswer } }),
      },
      async (request, reply) => {
        await magazine.register(checkedBody(request), { locale: request.locale, user: request.user });
        return reply.status(202).send({ message: message("magazineConfirmationSent", request.locale) });
      },
    );

    app.get(`${prefix}/magazine/confirm`, { schema: { querystring: tokenQuery } }, async (request, reply) => {
      const outcome = await magazine.confirm(request.query.token);
      const target = outcome === "confirmed" ? "/magazine/confirmed" : `/magazine/register?error=${outcome}`;
      return reply.redirect(pageInLocale(request.locale, target), 302);
    });

    // The link in every magazine mail: only leads to the page with the button (scanners follow links).
    app.get(`${prefix}/magazine/unsubscribe`, { schema: { querystring: tokenQuery } }, async (request, reply) => {
      const path = `/magazine/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.redirect(pageInLocale(request.locale, path), 302);
    });

    // A token that cannot be one is answered as an unknown one: the contract's 422, not the general 400.
    app.post(
      `${prefix}/magazine/unsubscribe`,
      { schema: { body: tokenBody, response: { 200: magazineUnsubscribedAnswer } }, attachValidation: true },
      async (request) => {
        if (request.validationError || !(await magazine.unsubscribe(request.body.token))) {
          throw new DomainError("invalid", "magazineLinkInvalid");
        }
        return { data: { status: "unsubscribed" as const }, message: message("magazineUnsubscribed", request.locale) };
      },
    );

    app.get(`${prefix}/magazine/subscription`, { ...member, schema: { response: { 200: magazineSubscriptionAnswer } } }, async (request) => ({
      data: await magazine.subscriptionOf(requireUser(request)),
    }));

    // A body that is not the switch is the contract's 422 (not the general 400).
    app.put(
      `${prefix}/magazine/subscription`,
      { ...member, schema: { body: subscriptionBody, response: { 200: magazineSubscriptionSavedAnswer } }, attachValidation: true },
      async (request) => {
        if (request.validationError) throw new DomainError("invalid");
        const { subscribed } = request.body;
        const data = await magazine.setSubscription(requireUser(request), subscribed, request.locale);
        return { data, message: message(subscribed ? "magazineSubscribed" : "magazineUnsubscribed", request.locale) };
      },
    );
  }
}
