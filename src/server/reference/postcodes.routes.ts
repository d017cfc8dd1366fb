import type { FastifyInstance } from "fastify";
import { DomainError } from "../../domain/errors.ts";
import type { PostcodesService } from "./postcodes.service.ts";

const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;

/**
 * GET /api/postcodes/{first 3 digits} (spec §4 Postcode lookup, §7): every postcode of the prefix
 * with its prefecture (1–47), city and town, served by the shop itself instead of an outside host.
 * The same for every visitor and language, and it changes only with the data, so caches keep it.
 */
export function registerPostcodeRoutes(app: FastifyInstance, deps: { postcodes: PostcodesService }): void {
  for (const prefix of ["/api", "/ja/api", "/en/api"]) {
    app.get<{ Params: { zip3: string } }>(`${prefix}/postcodes/:zip3`, async (request, reply) => {
      const { zip3 } = request.params;
      if (!/^\d{3}$/.test(zip3)) throw new DomainError("not-found");
      const data = await deps.postcodes.byPrefix(zip3);
      reply.header("cache-control", `public, max-age=${ONE_WEEK_SECONDS}`);
      return { data };
    });
  }
}
