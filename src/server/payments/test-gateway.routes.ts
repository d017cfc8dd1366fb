import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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
 * (the access log writes paths).
 */
export function registerTestGatewayRoutes(app: FastifyInstance, deps: { gateway: TestGateway; secret: string }): void {
  const { gateway } = deps;

  app.post("/test-gateway/payment_methods", async (request, reply) => {
    const body = paymentMethodBody.safeParse(request.body);
    if (!body.success) return invalidRequest(reply);
    const { card, billing_details } = body.data;
    const created = await gateway.createCardPaymentMethod({ ...card, billing_details }, localeOf(request, body.data.locale));
    if (!created.ok) {
      const { code, declineCode, message, param } = created.error;
      return refuse(reply, 402, { type: "card_error", code, message, param, ...(declineCode ? { decline_code: declineCode } : {}) });
    }
    reply.header("cache-control", "no-store");
    return { id: created.id, object: "payment_method", type: "card", card: created.card };
  });

  app.get("/test-gateway/intent", async (request, reply) => {
    const query = secretQuery.safeParse(request.query);
    if (!query.success) return invalidRequest(reply);
    const intent = await gateway.browserIntent(query.data.client_secret);
    if (!intent) return notFound(reply);
    reply.header("cache-control", "no-store");
    return intent;
  });

  app.post("/test-gateway/setup_intents/confirm", async (request, reply) => {
    const body = confirmSetupBody.safeParse(request.body);
    if (!body.success) return invalidRequest(reply);
    const { client_secret, payment_method } = body.data;
    return gatewayAnswer(reply, async () => {
      const intent = await gateway.confirmSetupIntent(client_secret, payment_method, localeOf(request, body.data.locale));
      if (!intent) return notFound(reply);
      reply.header("cache-control", "no-store");
      return intent;
    });
  });

  app.get("/test-gateway/3ds/:id", async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const query = secretQuery.safeParse(request.query);
    const secret = query.success ? query.data.client_secret : "";
    const found = params.success && secret.startsWith(`${params.data.id}_secret_`) ? await gateway.browserIntent(secret) : null;
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

  app.post("/test-gateway/3ds/:id", async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = challengeBody.safeParse(request.body);
    if (!params.success || !body.success || !body.data.client_secret.startsWith(`${params.data.id}_secret_`)) return invalidRequest(reply);
    const intent = await gateway.settleChallenge(body.data.client_secret, body.data.result, request.locale);
    if (!intent) return notFound(reply);
    reply.header("cache-control", "no-store");
    return intent;
  });
}
