import type { FastifyInstance } from "fastify";
import { countriesAnswer } from "../../domain/answers/member.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CountriesService } from "./countries.service.ts";
import { SHOP_API_PREFIXES } from "../http/route-schemas.ts";

/** A repeated ?q= counts once; an overlong one is cut rather than refused (it only narrows a list). */
const countriesQuery = z.object({
  q: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .catch(undefined)
    .transform((q) => (Array.isArray(q) ? (q[0] ?? "") : (q ?? "")).slice(0, 100)),
});

const ONE_DAY_SECONDS = 24 * 60 * 60;

/** GET /api/countries?q=, in every locale prefix; names in the request's locale. */
export function registerCountryRoutes(fastify: FastifyInstance, deps: { countries: CountriesService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/countries`, { schema: { querystring: countriesQuery, response: { 200: countriesAnswer } } }, async (request, reply) => {
      // The list changes only with a package update; /api answers in the cookie's language, so
      // shared caches must keep one copy per cookie there.
      reply.header("cache-control", `public, max-age=${ONE_DAY_SECONDS}`);
      if (prefix === "/api") reply.header("vary", "cookie");
      return { data: deps.countries.search(request.query.q, request.locale) };
    });
  }
}
