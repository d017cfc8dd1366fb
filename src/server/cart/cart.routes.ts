import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { cartAnswer } from "../../domain/answers/cart.ts";
import { sendRefusal } from "../http/response-schemas.ts";
import { answerDependsOnSession } from "../http/session.ts";
import { message } from "../i18n/messages.ts";
import type { CartOwner, CartService } from "./cart.service.ts";
import { MAX_CART_LINES } from "./cart.service.ts";
import { SHOP_API_PREFIXES } from "../http/route-schemas.ts";

const putCartBody = z.object({
  cart: z.object({
    cart_product_ids: z.record(z.string().regex(/^\d{1,9}$/), z.number().int().min(0).max(9999)).refine((ids) => Object.keys(ids).length <= MAX_CART_LINES),
  }),
});

/** Whose cart a request means: the member's, else the guest session's (the answer then depends on the session). */
export function cartOwnerOf(request: FastifyRequest): CartOwner {
  answerDependsOnSession(request);
  return request.user ? { userId: request.user.id } : { sessionId: request.sessionId };
}

/** GET and PUT /api/carts, in every locale prefix. */
export function registerCartRoutes(fastify: FastifyInstance, deps: { carts: CartService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/carts`, { schema: { response: { 200: cartAnswer } } }, async (request) => ({
      data: await deps.carts.items(cartOwnerOf(request), request.locale),
    }));

    // A cart the drawer could not have sent is the contract's 422 (not the general 400): the failure is
    // attached to the request and answered here.
    app.put(`${prefix}/carts`, { schema: { body: putCartBody, response: { 200: cartAnswer } }, attachValidation: true }, async (request, reply) => {
      if (request.validationError) return sendRefusal(reply, 422, { errors: [message("invalid", request.locale)] });
      const items = await deps.carts.replace(cartOwnerOf(request), request.body.cart.cart_product_ids, request.locale);
      return { data: items };
    });
  }
}
