import type { FastifyInstance } from "fastify";
import { staffAddedAnswer } from "../../domain/answers/admin-session.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireStaff } from "../http/auth.ts";
import { checkedBody, formSchema, recordIdParams, staffOnly } from "../http/route-schemas.ts";
import { staffAddSchema } from "../../domain/staff-input.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { StaffManagementService } from "./staff-management.service.ts";

/** The owner adds and removes back-office accounts (GET /admin/api/staff lists them). */
export function registerStaffManagementRoutes(fastify: FastifyInstance, deps: { staffManagement: StaffManagementService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const owner = staffOnly("owner");

  /** { email, role }: answers the account and its generated password, the only time it is shown. */
  app.post(`${ADMIN_API}/staff`, { ...owner, ...formSchema({ body: staffAddSchema, response: { 201: staffAddedAnswer } }) }, async (request, reply) => {
    const added = await deps.staffManagement.add(checkedBody(request), request.locale);
    return reply.status(201).send({ data: added.staff, password: added.password });
  });

  app.delete(`${ADMIN_API}/staff/:id`, { ...owner, schema: { params: recordIdParams } }, async (request, reply) => {
    await deps.staffManagement.remove(request.params.id, requireStaff(request, "owner"));
    return reply.status(204).send();
  });
}
