import type { FastifyInstance } from "fastify";
import { postcodesAnswer } from "../../domain/answers/member.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PostcodesService } from "./postcodes.service.ts";
import { SHOP_API_PREFIXES } from "../http/route-schemas.ts";

const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;

/** The first three digits of a postcode; any other path names no list (404). */
const postcodeParams = z.object({ zip3: z.string().regex(/^\d{3}$/) });

/**
 * GET /api/postcodes/{first 3 digits}: every postcode of the prefix
 * with its prefecture (1–47), city and town, served by the shop itself instead of an outside host.
 * The same for every visitor and language, and it changes only with the data, so caches keep it.
 */
export function registerPostcodeRoutes(fastify: FastifyInstance, deps: { postcodes: PostcodesService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/postcodes/:zip3`, { schema: { params: postcodeParams, response: { 200: postcodesAnswer } } }, async (request, reply) => {
      const data = await deps.postcodes.byPrefix(request.params.zip3);
      reply.header("cache-control", `public, max-age=${ONE_WEEK_SECONDS}`);
      return { data };
    });
  }
}
