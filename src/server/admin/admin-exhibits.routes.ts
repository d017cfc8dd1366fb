import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireStaff } from "../http/auth.ts";
import { AppError } from "../http/errors.ts";
import type { AdminExhibitsService } from "../catalog/admin-exhibits.service.ts";
import { readExhibitInput } from "../catalog/admin-exhibits.service.ts";
import { idParam } from "../http/form-reader.ts";
import { ADMIN_API } from "./admin-session.routes.ts";

function exhibitId(request: FastifyRequest): number {
  const id = idParam(request.params);
  if (id === undefined) throw new AppError("not-found");
  return id;
}

/** The back office's exhibits: list, one, create, change (only the fields sent), delete, pictures. */
export function registerAdminExhibitRoutes(app: FastifyInstance, deps: { exhibits: AdminExhibitsService }): void {
  const { exhibits } = deps;
  const path = `${ADMIN_API}/exhibits`;

  app.get(path, async (request) => {
    requireStaff(request);
    return { data: await exhibits.list() };
  });

  app.get(`${path}/:id`, async (request) => {
    requireStaff(request);
    return { data: await exhibits.detail(exhibitId(request)) };
  });

  app.post(path, async (request, reply) => {
    requireStaff(request);
    return reply.status(201).send({ data: await exhibits.create(readExhibitInput(request.body, request.locale, false)) });
  });

  app.patch(`${path}/:id`, async (request) => {
    requireStaff(request);
    const id = exhibitId(request);
    return { data: await exhibits.update(id, readExhibitInput(request.body, request.locale, true)) };
  });

  app.delete(`${path}/:id`, async (request, reply) => {
    requireStaff(request);
    await exhibits.remove(exhibitId(request));
    return reply.status(204).send();
  });

  app.post(`${path}/:id/images`, async (request) => {
    requireStaff(request);
    const id = exhibitId(request);
    const signedId = (request.body as { signed_id?: unknown } | undefined)?.signed_id;
    return { data: await exhibits.attachImage(id, signedId, request.locale) };
  });

  app.put(`${path}/:id/images`, async (request) => {
    requireStaff(request);
    return { data: await exhibits.arrangeImages(exhibitId(request), request.body, request.locale) };
  });
}
