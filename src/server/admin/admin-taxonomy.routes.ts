import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireStaff } from "../http/auth.ts";
import { DomainError } from "../../domain/errors.ts";
import { idParam } from "../i18n/form-reader.ts";
import type { AdminLiquorTypesService } from "../catalog/admin-liquor-types.service.ts";
import { readLiquorTypeInput } from "../catalog/admin-liquor-types.service.ts";
import type { AdminSeriesService } from "../catalog/admin-series.service.ts";
import { readSeriesInput } from "../catalog/admin-series.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";

function seriesId(request: FastifyRequest): number {
  const id = idParam(request.params);
  if (id === undefined) throw new DomainError("not-found");
  return id;
}

function liquorTypeKey(request: FastifyRequest): string {
  const key = (request.params as { key?: unknown }).key;
  if (typeof key !== "string" || key.length > 40) throw new DomainError("not-found");
  return key;
}

/** How the shop sorts its products: the series tree and the liquor types. */
export function registerAdminTaxonomyRoutes(
  app: FastifyInstance,
  deps: { series: AdminSeriesService; liquorTypes: AdminLiquorTypesService },
): void {
  const { series, liquorTypes } = deps;

  app.get(`${ADMIN_API}/series`, async (request) => {
    requireStaff(request);
    return { data: await series.list() };
  });

  app.post(`${ADMIN_API}/series`, async (request, reply) => {
    requireStaff(request);
    return reply.status(201).send({ data: await series.create(readSeriesInput(request.body, request.locale, false), request.locale) });
  });

  app.patch(`${ADMIN_API}/series/:id`, async (request) => {
    requireStaff(request);
    const id = seriesId(request);
    return { data: await series.update(id, readSeriesInput(request.body, request.locale, true), request.locale) };
  });

  app.delete(`${ADMIN_API}/series/:id`, async (request, reply) => {
    requireStaff(request);
    await series.remove(seriesId(request));
    return reply.status(204).send();
  });

  app.get(`${ADMIN_API}/liquor_types`, async (request) => {
    requireStaff(request);
    return { data: await liquorTypes.list() };
  });

  app.post(`${ADMIN_API}/liquor_types`, async (request, reply) => {
    requireStaff(request);
    const { key, changes } = readLiquorTypeInput(request.body, request.locale, { partial: false, withKey: true });
    return reply.status(201).send({ data: await liquorTypes.create(key!, changes, request.locale) });
  });

  app.patch(`${ADMIN_API}/liquor_types/:key`, async (request) => {
    requireStaff(request);
    const key = liquorTypeKey(request);
    const { changes } = readLiquorTypeInput(request.body, request.locale, { partial: true, withKey: false });
    return { data: await liquorTypes.update(key, changes) };
  });

  app.delete(`${ADMIN_API}/liquor_types/:key`, async (request, reply) => {
    requireStaff(request);
    await liquorTypes.remove(liquorTypeKey(request));
    return reply.status(204).send();
  });
}
