import type { FastifyInstance } from "fastify";
import { requireStaff } from "../http/auth.ts";
import { bodyOf, numericIdOf } from "./admin-params.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { StaffManagementService } from "./staff-management.service.ts";

/** The owner adds and removes back-office accounts (GET /admin/api/staff lists them). */
export function registerStaffManagementRoutes(app: FastifyInstance, deps: { staffManagement: StaffManagementService }): void {
  /** { email, role }: answers the account and its generated password, the only time it is shown. */
  app.post(`${ADMIN_API}/staff`, async (request, reply) => {
    requireStaff(request, "owner");
    const added = await deps.staffManagement.add(bodyOf(request), request.locale);
    return reply.status(201).send({ data: added.staff, password: added.password });
  });

  app.delete(`${ADMIN_API}/staff/:id`, async (request, reply) => {
    const owner = requireStaff(request, "owner");
    await deps.staffManagement.remove(numericIdOf(request), owner);
    return reply.status(204).send();
  });
}
