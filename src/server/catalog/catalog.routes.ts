import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageOf, parsePage, parseProductFilter } from "../../domain/catalog.ts";
import { parseResourceId } from "../../domain/catalog-api.ts";
import { exhibitAnswer, exhibitsAnswer, productAnswer, productsAnswer, rootAnswer } from "../../domain/answers/catalog.ts";
import { message } from "../i18n/messages.ts";
import type { CatalogService } from "./catalog.service.ts";
import { KeptBodies } from "../http/kept-encodings.ts";
import { SHOP_API_PREFIXES } from "../http/route-schemas.ts";

/** A query value as the parser gives it: text, or a list when the key is repeated (the catalogue reads the first). */
const queryValues = z.union([z.string(), z.array(z.string())]);

/** The product list's filter and page: every key is read by the domain's own parsers, which keep only values of their patterns. */
const productsQuery = z.record(z.string(), queryValues);
const exhibitsQuery = z.object({ page: queryValues.optional() });

/** A product's or exhibit's id as the catalogue numbers them; anything else names nothing (404). */
const resourceIdParams = z.object({
  id: z.string().transform((text, context) => {
    const id = parseResourceId(text);
    if (id !== undefined) return id;
    context.addIssue({ code: "custom", message: "invalid" });
    return z.NEVER;
  }),
});

/**
 * A kept body (the catalogue's bytes, the same for every visitor) in the encoding the request
 * accepts, each compressed form made once (decision 066). Its routes say `compress: false`:
 * @fastify/compress would otherwise compress it again on every request.
 */
async function sendJson(kept: KeptBodies, request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  const bytes = await kept.encode(request.headers["accept-encoding"], reply, body);
  return reply.type("application/json; charset=utf-8").send(bytes);
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ errors: [message("apiNotFound", request.locale)] });
}

/** The catalogue calls of the API contract, answered from the in-memory catalogue. */
export function registerCatalogRoutes(fastify: FastifyInstance, deps: { catalog: CatalogService; kept?: KeptBodies }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { catalog } = deps;
  const kept = deps.kept ?? new KeptBodies();
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/root`, { compress: false, schema: { response: { 200: rootAnswer } } }, async (request, reply) => {
      const { locale } = request;
      const body = await catalog.cachedJson(`${locale}:root`, async (reader) => ({
        exhibits: { data: await reader.exhibits(locale, { topOnly: true }) },
        products: { data: await reader.homeProducts(locale) },
      }));
      return sendJson(kept, request, reply, body);
    });

    // The filter keeps only values of its own patterns and ignores the rest (the address bar's query): no guard needed.
    app.get(
      `${prefix}/products`,
      { config: { checksOwnText: true }, schema: { querystring: productsQuery, response: { 200: productsAnswer } }, compress: false },
      async (request, reply) => {
        const { locale, query } = request;
        const filter = parseProductFilter(query);
        const page = parsePage(query.page);
        const body = await catalog.cachedJson(`${locale}:products?${catalog.filterCacheKey(filter)}&page=${page}`, async (reader) =>
          pageOf(await reader.products(locale, filter), page),
        );
        return sendJson(kept, request, reply, body);
      },
    );

    app.get(`${prefix}/products/:id`, { schema: { params: resourceIdParams, response: { 200: productAnswer } } }, async (request, reply) => {
      const product = await catalog.product(request.locale, request.params.id);
      return product ? { data: product } : notFound(request, reply);
    });

    app.get(
      `${prefix}/exhibit_products`,
      { schema: { querystring: exhibitsQuery, response: { 200: exhibitsAnswer } }, compress: false },
      async (request, reply) => {
        const { locale } = request;
        const page = parsePage(request.query.page);
        const body = await catalog.cachedJson(`${locale}:exhibits?page=${page}`, async (reader) => pageOf(await reader.exhibits(locale), page));
        return sendJson(kept, request, reply, body);
      },
    );

    app.get(`${prefix}/exhibit_products/:id`, { schema: { params: resourceIdParams, response: { 200: exhibitAnswer } } }, async (request, reply) => {
      const exhibit = await catalog.exhibit(request.locale, request.params.id);
      return exhibit ? { data: exhibit } : notFound(request, reply);
    });
  }
}
