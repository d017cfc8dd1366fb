import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { payByLinkAnswer, paymentLinkAnswer } from "../../domain/answers/checkout.ts";
import { payByLinkSchema } from "../../domain/payment-link-input.ts";
import { sendAnswer } from "../http/response-schemas.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { KEYED_WRITE, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import type { PaymentLinkService } from "./payment-link.service.ts";

/** The link's token as the path carries it; anything else is a 404 from the service. */
const tokenParams = z.object({ token: z.string().max(200) });

/**
 * The card payment link's API (decision 082), in every locale prefix, no sign-in:
 * GET /api/pay/{token} → { data: PaymentLinkView }; POST /api/pay/{token} (Idempotency-Key, CSRF,
 * the checkout's rate limit) with { payment_method_id } or, after 3-D Secure, { payment_intent_id } →
 * 200 { paid } or { require_action, payment_intent_client_secret }; 402 { errors, code, payment_failed }
 * for a refused card; 409 when the order cannot be paid; 403 once the link expired; 404 for a bad token.
 */
export function registerPaymentLinkRoutes(fastify: FastifyInstance, deps: { paymentLinks: PaymentLinkService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/pay/:token`, { schema: { params: tokenParams, response: { 200: paymentLinkAnswer } } }, async (request) => ({
      data: await deps.paymentLinks.view(request.params.token, request.locale),
    }));

    app.post(
      `${prefix}/pay/:token`,
      {
        config: { ...KEYED_WRITE, rateLimit: rateLimitFor("checkout") },
        schema: { params: tokenParams, body: payByLinkSchema, response: { 200: payByLinkAnswer } },
      },
      async (request, reply) => {
        const answer = await deps.paymentLinks.pay(request.params.token, request.body, {
          attemptKey: String(request.headers["idempotency-key"]),
          locale: request.locale,
          client: { sessionId: request.sessionId, ip: request.ip },
        });
        return sendAnswer(reply, answer);
      },
    );
  }
}
