import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminMembersService } from "../accounts/admin-members.service.ts";
import { KEYED_WRITE, pageQuery, recordIdParams, searchText, staffOnly } from "../http/route-schemas.ts";
import { ADMIN_API } from "./admin-session.routes.ts";

const membersQuery = z.object({ q: searchText, page: pageQuery });

/** Members: search (e-mail, name, phone) with pages, lock, unlock, a new confirmation mail. Staff and owner alike. */
export function registerAdminMemberRoutes(fastify: FastifyInstance, deps: { adminMembers: AdminMembersService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { adminMembers } = deps;
  const staff = staffOnly();
  const oneMember = { ...staff, schema: { params: recordIdParams } };

  app.get(`${ADMIN_API}/members`, { ...staff, schema: { querystring: membersQuery } }, async (request) => adminMembers.list(request.query));

  app.get(`${ADMIN_API}/members/:id`, oneMember, async (request) => ({ data: await adminMembers.detail(request.params.id) }));

  app.post(`${ADMIN_API}/members/:id/lock`, oneMember, async (request) => ({ data: await adminMembers.lock(request.params.id) }));

  app.post(`${ADMIN_API}/members/:id/unlock`, oneMember, async (request) => ({ data: await adminMembers.unlock(request.params.id) }));

  app.post(`${ADMIN_API}/members/:id/confirmation`, { ...oneMember, config: KEYED_WRITE }, async (request) => ({
    data: await adminMembers.resendConfirmation(request.params.id),
  }));
}
