import type { FastifyInstance } from "fastify";
import { adminOrderAnswer } from "../../domain/answers/admin-orders.ts";
import { staffOrderMemberAnswer } from "../../domain/answers/admin-people.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { STAFF_ORDER_FIELD_LABELS, staffOrderInputSchema } from "../../domain/staff-order.ts";
import type { StaffOrdersService } from "../checkout/staff-orders.service.ts";
import { requireStaff } from "../http/auth.ts";
import { sendAnswer } from "../http/response-schemas.ts";
import { KEYED_WRITE, checkedBody, formSchema, queryValue, staffOnly } from "../http/route-schemas.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { AdminOrdersService } from "./admin-orders.service.ts";

const memberQuery = z.object({ email: queryValue });

/**
 * Orders entered by staff (phone, FAX, in the shop; decision 081): the form's one write, keyed (a
 * form posted twice books one order), and the member lookup the form starts from. Staff and owner
 * alike, as the other order writes.
 */
export function registerStaffOrderRoutes(fastify: FastifyInstance, deps: { staffOrders: StaffOrdersService; adminOrders: AdminOrdersService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = staffOnly();

  // 201 { data: the order as its page shows it }; 422 { errors, fields } for the form, or
  // { errors: CheckoutItemError[], items_rejected: true } when stock or a buyable limit refuses an item (as checkout).
  app.post(
    `${ADMIN_API}/orders`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: staffOrderInputSchema, response: { 201: adminOrderAnswer } }) },
    async (request, reply) => {
      const input = checkedBody(request, STAFF_ORDER_FIELD_LABELS);
      const author = requireStaff(request);
      const result = await deps.staffOrders.create(input, { id: author.id, email: author.email }, request.locale);
      if (!result.ok) return sendAnswer(reply, { status: 422, body: { errors: result.itemErrors, items_rejected: true } });
      return reply.code(201).send({ data: await deps.adminOrders.detail(result.order.publicId, request.locale) });
    },
  );

  // The member an order is entered for, by their address: what the form starts from (404 when none).
  app.get(
    `${ADMIN_API}/members/lookup`,
    { ...staff, schema: { querystring: memberQuery, response: { 200: staffOrderMemberAnswer } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { data: await deps.staffOrders.member(request.query.email ?? "", request.locale) };
    },
  );
}
