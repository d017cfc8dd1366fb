import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { formBody, staffOnly } from "../http/route-schemas.ts";
import type { AdminSettingsService } from "./admin-settings.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";

/** The shop's settings (the shop profile): the owner's alone, staff get 403. */
export function registerAdminSettingsRoutes(fastify: FastifyInstance, deps: { adminSettings: AdminSettingsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const owner = staffOnly("owner");

  app.get(`${ADMIN_API}/settings`, owner, async () => ({ data: await deps.adminSettings.settings() }));

  /** The whole profile as GET gives it (time bands as a list); answers the saved settings or a 422 per field. */
  app.post(`${ADMIN_API}/settings`, { ...owner, schema: { body: formBody } }, async (request) => ({
    data: await deps.adminSettings.update(request.body, request.locale),
  }));
}
