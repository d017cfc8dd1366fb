import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cardAnswer, cardSavedAnswer, cardSetupAnswer } from "../../domain/answers/member.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { lineText } from "../../domain/input-rules.ts";
import { requireUser } from "../http/auth.ts";
import { memberOnly, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { DomainError } from "../../domain/errors.ts";
import { message } from "../i18n/messages.ts";
import type { CardsService } from "./cards.service.ts";
import { PaymentGatewayError } from "./payment-gateway.ts";

const setupIntentId = lineText(100).trim().min(1);

/** The card-setup result (the API contract's PUT /api/cards): our `{ setup_intent_id }`, or Stripe.js's `{ setupIntent: { id } }` as it is. */
const saveCardBody = z.union([
  z.object({ setup_intent_id: setupIntentId }).transform((body) => body.setup_intent_id),
  z.object({ setupIntent: z.object({ id: setupIntentId }) }).transform((body) => body.setupIntent.id),
]);

/** The gateway out of reach is a 503 with a message, not a 500; its other refusals are the member's 422. */
async function withGateway<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    if (error.kind === "unavailable") return reply.status(503).send({ errors: [message("paymentUnavailable", request.locale)] });
    throw new DomainError("invalid", "cardNotSaved");
  }
}

/** GET/PUT/DELETE /api/cards and GET /api/cards/edit: the member's saved card, members only. */
export function registerCardRoutes(fastify: FastifyInstance, deps: { cards: CardsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const member = memberOnly();
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/cards`, { ...member, schema: { response: { 200: cardAnswer } } }, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { card: await deps.cards.saved(requireUser(request).id) };
    });

    app.get(`${prefix}/cards/edit`, { ...member, schema: { response: { 200: cardSetupAnswer } } }, async (request, reply) => {
      const user = requireUser(request);
      reply.header("cache-control", "private, no-store");
      return withGateway(request, reply, async () => ({ client_secret: await deps.cards.setupSecret(user, { sessionId: request.sessionId, ip: request.ip }) }));
    });

    // A body that is no card-setup result is the contract's "card not saved" (422), not the general 400.
    app.put(
      `${prefix}/cards`,
      { ...member, schema: { body: saveCardBody, response: { 200: cardSavedAnswer } }, attachValidation: true },
      async (request, reply) => {
        if (request.validationError) throw new DomainError("invalid", "cardNotSaved");
        const user = requireUser(request);
        const setupIntentId = request.body;
        return withGateway(request, reply, async () => ({
          card: await deps.cards.save(user.id, setupIntentId, { sessionId: request.sessionId, ip: request.ip }),
          message: message("saved", request.locale),
        }));
      },
    );

    app.delete(`${prefix}/cards`, { ...member, schema: { response: { 200: cardAnswer } } }, async (request) => {
      await deps.cards.remove(requireUser(request).id);
      return { card: null };
    });
  }
}
