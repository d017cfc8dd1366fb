import type { FastifyInstance } from "fastify";
import { requireStaff } from "../http/auth.ts";
import type { AdminMembersService } from "../accounts/admin-members.service.ts";
import { numericIdOf, pageOf, queryText } from "./admin-params.ts";
import { ADMIN_API } from "./admin-session.routes.ts";

/** Members: search (e-mail, name, phone) with pages, lock, unlock, a new confirmation mail. Staff and owner alike. */
export function registerAdminMemberRoutes(app: FastifyInstance, deps: { adminMembers: AdminMembersService }): void {
  const { adminMembers } = deps;

  app.get(`${ADMIN_API}/members`, async (request) => {
    requireStaff(request);
    return adminMembers.list({ q: queryText(request, "q").slice(0, 100) || undefined, page: pageOf(request) });
  });

  app.get(`${ADMIN_API}/members/:id`, async (request) => {
    requireStaff(request);
    return { data: await adminMembers.detail(numericIdOf(request)) };
  });

  app.post(`${ADMIN_API}/members/:id/lock`, async (request) => {
    requireStaff(request);
    return { data: await adminMembers.lock(numericIdOf(request)) };
  });

  app.post(`${ADMIN_API}/members/:id/unlock`, async (request) => {
    requireStaff(request);
    return { data: await adminMembers.unlock(numericIdOf(request)) };
  });

  app.post(`${ADMIN_API}/members/:id/confirmation`, async (request) => {
    requireStaff(request);
    return { data: await adminMembers.resendConfirmation(numericIdOf(request)) };
  });
}
