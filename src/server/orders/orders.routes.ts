import type { FastifyInstance } from "fastify";
import { deliveryOptionsAnswer, giftOptionsAnswer, ordersAnswer, recipientOptionsAnswer } from "../../domain/answers/orders.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../domain/errors.ts";
import { KEYED_WRITE, checkedBody, formSchema, memberOnly, pageQuery, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { requireUser } from "../http/auth.ts";
import { deliveryWishSchema, giftChangeSchema, recipientChangeSchema } from "../../domain/order-changes.ts";
import type { OrderChanges } from "./order-changes.ts";
import { shopperActor } from "./order-moves.ts";
import type { OrderRow, OrdersService } from "./orders.service.ts";

const ordersQuery = z.object({ page: pageQuery });
const orderParams = z.object({ id: z.string() });

/**
 * GET /api/orders: the signed-in member's order history, 10 a page, newest first. Also the member's
 * change of an order's delivery wish before shipping (decision 074): GET and POST
 * /api/orders/{id}/delivery, for the member's own orders only (another's is a 404, as the receipt's);
 * and of its recipient (お届け先): GET and POST /api/orders/{id}/recipient, the staff change's rules
 * (a changed shipping fee only while the amount may still change); and of its gift options (のし,
 * wrapping, card): GET and POST /api/orders/{id}/gift, the same rules (a wrapping fee added or taken
 * off only while the amount may still change).
 */
export function registerOrderRoutes(fastify: FastifyInstance, deps: { orders: OrdersService; changes: OrderChanges }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ownOrder = async (publicId: string, userId: number): Promise<OrderRow> => {
    const order = await deps.orders.byPublicId(publicId);
    if (!order || order.userId !== userId) throw new DomainError("not-found");
    return order;
  };
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/orders`, { ...memberOnly(), schema: { querystring: ordersQuery, response: { 200: ordersAnswer } } }, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return deps.orders.history(request.user!.id, request.query.page, request.locale);
    });
    app.get(
      `${prefix}/orders/:id/delivery`,
      { ...memberOnly(), schema: { params: orderParams, response: { 200: deliveryOptionsAnswer } } },
      async (request, reply) => {
        reply.header("cache-control", "private, no-store");
        const order = await ownOrder(request.params.id, requireUser(request).id);
        return { data: await deps.changes.deliveryOptions(order, request.locale) };
      },
    );
    app.post(
      `${prefix}/orders/:id/delivery`,
      { ...memberOnly(), config: KEYED_WRITE, ...formSchema({ params: orderParams, body: deliveryWishSchema, response: { 200: deliveryOptionsAnswer } }) },
      async (request) => {
        const user = requireUser(request);
        const order = await ownOrder(request.params.id, user.id);
        const changed = await deps.changes.changeDelivery(order, checkedBody(request), shopperActor(user.id), request.locale);
        return { data: await deps.changes.deliveryOptions(changed, request.locale) };
      },
    );
    app.get(
      `${prefix}/orders/:id/recipient`,
      { ...memberOnly(), schema: { params: orderParams, response: { 200: recipientOptionsAnswer } } },
      async (request, reply) => {
        reply.header("cache-control", "private, no-store");
        const order = await ownOrder(request.params.id, requireUser(request).id);
        return { data: deps.changes.recipientOptions(order, request.locale) };
      },
    );
    app.post(
      `${prefix}/orders/:id/recipient`,
      { ...memberOnly(), config: KEYED_WRITE, ...formSchema({ params: orderParams, body: recipientChangeSchema, response: { 200: recipientOptionsAnswer } }) },
      async (request) => {
        const user = requireUser(request);
        const order = await ownOrder(request.params.id, user.id);
        const changed = await deps.changes.changeRecipient(order, checkedBody(request), shopperActor(user.id), request.locale);
        return { data: deps.changes.recipientOptions(changed, request.locale) };
      },
    );
    app.get(`${prefix}/orders/:id/gift`, { ...memberOnly(), schema: { params: orderParams, response: { 200: giftOptionsAnswer } } }, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const order = await ownOrder(request.params.id, requireUser(request).id);
      return { data: await deps.changes.giftOptions(order, request.locale) };
    });
    app.post(
      `${prefix}/orders/:id/gift`,
      { ...memberOnly(), config: KEYED_WRITE, ...formSchema({ params: orderParams, body: giftChangeSchema, response: { 200: giftOptionsAnswer } }) },
      async (request) => {
        const user = requireUser(request);
        const order = await ownOrder(request.params.id, user.id);
        const changed = await deps.changes.changeGift(order, checkedBody(request), shopperActor(user.id), request.locale);
        return { data: await deps.changes.giftOptions(changed, request.locale) };
      },
    );
  }
}
