import type { FastifyInstance } from "fastify";
import { adminExhibitAnswer, adminExhibitsAnswer } from "../../domain/answers/admin-catalog.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AdminExhibitsService } from "../catalog/admin-exhibits.service.ts";
import { exhibitChangeSchema, exhibitCreateSchema } from "../../domain/catalog-input.ts";
import { KEYED_WRITE, checkedBody, formSchema, recordIdParams, staffOnly } from "../http/route-schemas.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import { registerImageRoutes } from "./admin-images.routes.ts";

/** The back office's exhibits: list, one, create, change (only the fields sent), delete, pictures. */
export function registerAdminExhibitRoutes(fastify: FastifyInstance, deps: { exhibits: AdminExhibitsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { exhibits } = deps;
  const path = `${ADMIN_API}/exhibits`;
  const staff = staffOnly();
  const oneExhibit = { ...staff, schema: { params: recordIdParams } };

  app.get(path, { ...staff, schema: { response: { 200: adminExhibitsAnswer } } }, async () => ({ data: await exhibits.list() }));

  app.get(`${path}/:id`, { ...staff, schema: { params: recordIdParams, response: { 200: adminExhibitAnswer } } }, async (request) => ({
    data: await exhibits.detail(request.params.id),
  }));

  app.post(
    path,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: exhibitCreateSchema, response: { 201: adminExhibitAnswer } }) },
    async (request, reply) => reply.status(201).send({ data: await exhibits.create(checkedBody(request), request.locale) }),
  );

  app.patch(
    `${path}/:id`,
    { ...staff, ...formSchema({ params: recordIdParams, body: exhibitChangeSchema, response: { 200: adminExhibitAnswer } }) },
    async (request) => ({
      data: await exhibits.update(request.params.id, checkedBody(request), request.locale),
    }),
  );

  app.delete(`${path}/:id`, oneExhibit, async (request, reply) => {
    await exhibits.remove(request.params.id);
    return reply.status(204).send();
  });

  registerImageRoutes(fastify, path, adminExhibitAnswer, exhibits.images);
}
