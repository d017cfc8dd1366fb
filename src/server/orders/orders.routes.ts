import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireUser } from "../http/auth.ts";
import type { OrdersService } from "./orders.service.ts";

/** ?page= from 1; anything else (missing, 0, text) is page 1, as a first load asks. */
const ordersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** GET /api/orders (spec §7): the signed-in member's order history, 10 a page, newest first. */
export function registerOrderRoutes(app: FastifyInstance, deps: { orders: OrdersService }): void {
  for (const prefix of ["/api", "/ja/api", "/en/api"]) {
    app.get(`${prefix}/orders`, async (request, reply) => {
      const user = requireUser(request);
      const { page } = ordersQuery.parse(request.query ?? {});
      reply.header("cache-control", "private, no-store");
      return deps.orders.history(user.id, page, request.locale);
    });
  }
}
