import type { FastifyInstance } from "fastify";
import { requireStaff } from "../http/auth.ts";
import type { AdminSettingsService } from "./admin-settings.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";

/** The shop's settings (the shop profile): the owner's alone, staff get 403. */
export function registerAdminSettingsRoutes(app: FastifyInstance, deps: { adminSettings: AdminSettingsService }): void {
  app.get(`${ADMIN_API}/settings`, async (request) => {
    requireStaff(request, "owner");
    return { data: await deps.adminSettings.settings() };
  });

  /** The whole profile as GET gives it (time bands as a list); answers the saved settings or a 422 per field. */
  app.post(`${ADMIN_API}/settings`, async (request) => {
    requireStaff(request, "owner");
    return { data: await deps.adminSettings.update(request.body, request.locale) };
  });
}
