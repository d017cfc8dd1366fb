import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { memberOnly, pageQuery } from "../http/route-schemas.ts";
import type { OrdersService } from "./orders.service.ts";

const ordersQuery = z.object({ page: pageQuery });

/** GET /api/orders (spec §7): the signed-in member's order history, 10 a page, newest first. */
export function registerOrderRoutes(fastify: FastifyInstance, deps: { orders: OrdersService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const prefix of ["/api", "/ja/api", "/en/api"]) {
    app.get(`${prefix}/orders`, { ...memberOnly(), schema: { querystring: ordersQuery } }, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return deps.orders.history(request.user!.id, request.query.page, request.locale);
    });
  }
}
