import type { FastifyInstance } from "fastify";
import { adminMemberAnswer, adminMembersAnswer } from "../../domain/answers/admin-people.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminMembersService } from "../accounts/admin-members.service.ts";
import { KEYED_WRITE, pageQuery, recordIdParams, searchText, staffOnly } from "../http/route-schemas.ts";
import type { AdminMember } from "../../domain/back-office.ts";
import type { Locale } from "../../domain/locale.ts";
import type { RanksService } from "../ranks/ranks.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";

const membersQuery = z.object({ q: searchText, page: pageQuery });

/** Members: search (e-mail, name, phone) with pages, lock, unlock, a new confirmation mail. Staff and owner alike. */
export function registerAdminMemberRoutes(
  fastify: FastifyInstance,
  deps: { adminMembers: AdminMembersService; ranks?: Pick<RanksService, "views"> | undefined },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { adminMembers } = deps;
  const staff = staffOnly();
  const oneMember = { ...staff, schema: { params: recordIdParams, response: { 200: adminMemberAnswer } } };

  // Each member with their rank and purchases over 12 months (decision 090), read from the ranks module's stored standing.
  const withRanks = async (members: AdminMember[], locale: Locale): Promise<AdminMember[]> => {
    if (!deps.ranks) return members;
    const views = await deps.ranks.views(
      members.map((member) => member.id),
      locale,
    );
    return members.map((member) => ({ ...member, rank: views.get(member.id) }));
  };

  app.get(`${ADMIN_API}/members`, { ...staff, schema: { querystring: membersQuery, response: { 200: adminMembersAnswer } } }, async (request) => {
    const answer = await adminMembers.list(request.query);
    return { ...answer, data: await withRanks(answer.data, request.locale) };
  });

  app.get(`${ADMIN_API}/members/:id`, oneMember, async (request) => ({
    data: (await withRanks([await adminMembers.detail(request.params.id)], request.locale))[0]!,
  }));

  app.post(`${ADMIN_API}/members/:id/lock`, oneMember, async (request) => ({ data: await adminMembers.lock(request.params.id) }));

  app.post(`${ADMIN_API}/members/:id/unlock`, oneMember, async (request) => ({ data: await adminMembers.unlock(request.params.id) }));

  app.post(`${ADMIN_API}/members/:id/confirmation`, { ...oneMember, config: KEYED_WRITE }, async (request) => ({
    data: await adminMembers.resendConfirmation(request.params.id),
  }));
}
