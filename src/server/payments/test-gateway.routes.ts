import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { lineText } from "../../domain/input-rules.ts";
import { isLocale } from "../../domain/locale.ts";
import type { Locale } from "../../domain/locale.ts";
import { csrfTokenFor } from "../http/csrf.ts";
import { allowFramingBySelf } from "../http/security-headers.ts";
import { PaymentGatewayError } from "./payment-gateway.ts";
import { challengePage } from "./test-gateway.page.ts";
import type { TestGateway } from "./test-gateway.ts";

/** Every path of the fake gateway's browser side; app.ts keeps them CSRF-protected like the shop's API. */
export const TEST_GATEWAY_PREFIX = "/test-gateway/";

const text = lineText;

const paymentMethodBody = z.object({
  card: z.object({
    number: text(40),
    exp_month: z.coerce.number().int(),
    exp_year: z.coerce.number().int(),
    cvc: text(8),
  }),
  billing_details: z.object({ name: text(255).optional(), email: text(255).optional(), phone: text(40).optional() }).optional(),
  locale: text(100).optional(),
});

const clientSecret = text(200).min(1);
const confirmSetupBody = z.object({ client_secret: clientSecret, payment_method: text(100).min(1), locale: text(100).optional() });
const challengeBody = z.object({ client_secret: clientSecret, result: z.enum(["complete", "fail"]) });
const secretQuery = z.object({ client_secret: clientSecret });
const idParams = z.object({ id: text(100) });

export function localeOf(request: FastifyRequest, requested: string | undefined): Locale {
  return isLocale(requested) ? requested : request.locale;
}

/** Answers as Stripe's API does: 400 with an error object, never a 500 for a bad request. */
function refuse(reply: FastifyReply, status: number, error: { type: string; code?: string; message: string; param?: string; decline_code?: string }) {
  return reply.status(status).header("cache-control", "no-store").send({ error });
}

export function invalidRequest(reply: FastifyReply, message = "Invalid request") {
  return refuse(reply, 400, { type: "invalid_request_error", message });
}

export function notFound(reply: FastifyReply) {
  return refuse(reply, 404, { type: "invalid_request_error", code: "resource_missing", message: "No such intent" });
}

async function gatewayAnswer<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentGatewayError) return invalidRequest(reply, error.message);
    throw error;
  }
}

/**
 * The test gateway's browser side, playing Stripe.js and api.stripe.com: the card number goes here,
 * never to the shop's order API. Client secrets travel in query strings and bodies, never in paths
 * (the access log writes paths). Input that fails its schema is answered as Stripe answers it (400
 * with an error object, or the page's "not found"), so every route attaches its validation error.
 */
export function registerTestGatewayRoutes(fastify: FastifyInstance, deps: { gateway: TestGateway; secret: string }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { gateway } = deps;

  app.post("/test-gateway/payment_methods", { schema: { body: paymentMethodBody }, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return invalidRequest(reply);
    const { card, billing_details, locale } = request.body;
    const created = await gateway.createCardPaymentMethod({ ...card, billing_details }, localeOf(request, locale));
    if (!created.ok) {
      const { code, declineCode, message, param } = created.error;
      return refuse(reply, 402, { type: "card_error", code, message, param, ...(declineCode ? { decline_code: declineCode } : {}) });
    }
    reply.header("cache-control", "no-store");
    return { id: created.id, object: "payment_method", type: "card", card: created.card };
  });

  app.get("/test-gateway/intent", { schema: { querystring: secretQuery }, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return invalidRequest(reply);
    const intent = await gateway.browserIntent(request.query.client_secret);
    if (!intent) return notFound(reply);
    reply.header("cache-control", "no-store");
    return intent;
  });

  app.post("/test-gateway/setup_intents/confirm", { schema: { body: confirmSetupBody }, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return invalidRequest(reply);
    const { client_secret, payment_method, locale } = request.body;
    return gatewayAnswer(reply, async () => {
      const intent = await gateway.confirmSetupIntent(client_secret, payment_method, localeOf(request, locale));
      if (!intent) return notFound(reply);
      reply.header("cache-control", "no-store");
      return intent;
    });
  });

  app.get("/test-gateway/3ds/:id", { schema: { params: idParams, querystring: secretQuery }, attachValidation: true }, async (request, reply) => {
    // The page of an id or secret that cannot be one says "not found", as for an unknown one.
    const secret = request.validationError ? "" : request.query.client_secret;
    const found = secret.startsWith(`${request.params.id}_secret_`) ? await gateway.browserIntent(secret) : null;
    allowFramingBySelf(reply);
    const html = challengePage({
      intent: found,
      clientSecret: secret,
      locale: request.locale,
      csrfToken: csrfTokenFor(request.sessionId, deps.secret),
      nonce: { script: reply.cspNonce?.script, style: reply.cspNonce?.style },
    });
    return reply
      .status(found ? 200 : 404)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      .send(html);
  });

  app.post("/test-gateway/3ds/:id", { schema: { params: idParams, body: challengeBody }, attachValidation: true }, async (request, reply) => {
    if (request.validationError || !request.body.client_secret.startsWith(`${request.params.id}_secret_`)) return invalidRequest(reply);
    const intent = await gateway.settleChallenge(request.body.client_secret, request.body.result, request.locale);
    if (!intent) return notFound(reply);
    reply.header("cache-control", "no-store");
    return intent;
  });
}
