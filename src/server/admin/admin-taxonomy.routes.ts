import type { FastifyInstance } from "fastify";
import { adminLiquorTypeAnswer, adminLiquorTypesAnswer, adminSeriesAnswer, adminSeriesListAnswer } from "../../domain/answers/admin-catalog.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { liquorTypeChangeSchema, liquorTypeCreateSchema, seriesChangeSchema, seriesCreateSchema } from "../../domain/catalog-input.ts";
import { KEYED_WRITE, checkedBody, formSchema, recordIdParams, staffOnly } from "../http/route-schemas.ts";
import type { AdminLiquorTypesService } from "../catalog/admin-liquor-types.service.ts";
import type { AdminSeriesService } from "../catalog/admin-series.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";

/** A liquor type's key; a longer one names no type (404). */
const liquorTypeParams = z.object({ key: z.string().max(40) });

/** How the shop sorts its products: the series tree and the liquor types. */
export function registerAdminTaxonomyRoutes(fastify: FastifyInstance, deps: { series: AdminSeriesService; liquorTypes: AdminLiquorTypesService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { series, liquorTypes } = deps;
  const staff = staffOnly();

  app.get(`${ADMIN_API}/series`, { ...staff, schema: { response: { 200: adminSeriesListAnswer } } }, async () => ({ data: await series.list() }));

  app.post(
    `${ADMIN_API}/series`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: seriesCreateSchema, response: { 201: adminSeriesAnswer } }) },
    async (request, reply) => reply.status(201).send({ data: await series.create(checkedBody(request), request.locale) }),
  );

  app.patch(
    `${ADMIN_API}/series/:id`,
    { ...staff, ...formSchema({ params: recordIdParams, body: seriesChangeSchema, response: { 200: adminSeriesAnswer } }) },
    async (request) => ({
      data: await series.update(request.params.id, checkedBody(request), request.locale),
    }),
  );

  app.delete(`${ADMIN_API}/series/:id`, { ...staff, schema: { params: recordIdParams } }, async (request, reply) => {
    await series.remove(request.params.id);
    return reply.status(204).send();
  });

  app.get(`${ADMIN_API}/liquor_types`, { ...staff, schema: { response: { 200: adminLiquorTypesAnswer } } }, async () => ({ data: await liquorTypes.list() }));

  app.post(
    `${ADMIN_API}/liquor_types`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: liquorTypeCreateSchema, response: { 201: adminLiquorTypeAnswer } }) },
    async (request, reply) => {
      const { key, changes } = checkedBody(request);
      return reply.status(201).send({ data: await liquorTypes.create(key, changes, request.locale) });
    },
  );

  app.patch(
    `${ADMIN_API}/liquor_types/:key`,
    { ...staff, ...formSchema({ params: liquorTypeParams, body: liquorTypeChangeSchema, response: { 200: adminLiquorTypeAnswer } }) },
    async (request) => {
      return { data: await liquorTypes.update(request.params.key, checkedBody(request)) };
    },
  );

  app.delete(`${ADMIN_API}/liquor_types/:key`, { ...staff, schema: { params: liquorTypeParams } }, async (request, reply) => {
    await liquorTypes.remove(request.params.key);
    return reply.status(204).send();
  });
}
