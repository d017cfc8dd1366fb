import type { FastifyInstance } from "fastify";
import { deliveryOptionsAnswer, giftOptionsAnswer, ordersAnswer, recipientOptionsAnswer } from "../../domain/answers/orders.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../domain/errors.ts";
import { KEYED_WRITE, checkedBody, formSchema, memberOnly, pageQuery, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { requireUser } from "../http/auth.ts";
import { deliveryWishSchema, giftChangeSchema, recipientChangeSchema } from "../../domain/order-changes.ts";
import type { OrderChanges } from "./order-changes.ts";
import type { OrderActor } from "./order-moves.ts";
import { shopperActor } from "./order-moves.ts";
import type { Locale } from "../../domain/locale.ts";
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
  /**
   * GET and POST /api/orders/{id}/{part} for the member's own order: the form's options, and the
   * change, answered with the options as they are after it.
   */
  const orderChangeRoutes = <I, O>(
    prefix: string,
    part: string,
    route: {
      body: z.ZodType<I>;
      answer: z.ZodType<{ data: O }>;
      options: (order: OrderRow, locale: Locale) => O | Promise<O>;
      change: (order: OrderRow, input: I, actor: OrderActor, locale: Locale) => Promise<OrderRow>;
    },
  ): void => {
    app.get(`${prefix}/orders/:id/${part}`, { ...memberOnly(), schema: { params: orderParams, response: { 200: route.answer } } }, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const order = await ownOrder(request.params.id, requireUser(request).id);
      return { data: await route.options(order, request.locale) };
    });
    app.post(
      `${prefix}/orders/:id/${part}`,
      { ...memberOnly(), config: KEYED_WRITE, ...formSchema({ params: orderParams, body: route.body, response: { 200: route.answer } }) },
      async (request) => {
        const user = requireUser(request);
        const order = await ownOrder(request.params.id, user.id);
        // The body schema made it an I; the type provider cannot see through a generic schema.
        const input = checkedBody(request) as I;
        const changed = await route.change(order, input, shopperActor(user.id), request.locale);
        return { data: await route.options(changed, request.locale) };
      },
    );
  };
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/orders`, { ...memberOnly(), schema: { querystring: ordersQuery, response: { 200: ordersAnswer } } }, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return deps.orders.history(request.user!.id, request.query.page, request.locale);
    });
    orderChangeRoutes(prefix, "delivery", {
      body: deliveryWishSchema,
      answer: deliveryOptionsAnswer,
      options: (order, locale) => deps.changes.deliveryOptions(order, locale),
      change: (order, wish, actor, locale) => deps.changes.changeDelivery(order, wish, actor, locale),
    });
    orderChangeRoutes(prefix, "recipient", {
      body: recipientChangeSchema,
      answer: recipientOptionsAnswer,
      options: (order, locale) => deps.changes.recipientOptions(order, locale),
      change: (order, input, actor, locale) => deps.changes.changeRecipient(order, input, actor, locale),
    });
    orderChangeRoutes(prefix, "gift", {
      body: giftChangeSchema,
      answer: giftOptionsAnswer,
      options: (order, locale) => deps.changes.giftOptions(order, locale),
      change: (order, input, actor, locale) => deps.changes.changeGift(order, input, actor, locale),
    });
  }
}
