import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pageOf, parsePage, parseProductFilter } from "../../domain/catalog.ts";
import { parseResourceId } from "../../domain/catalog-api.ts";
import { message } from "../i18n/messages.ts";
import type { CatalogService } from "./catalog.service.ts";

const SHOPPER_API_PREFIXES = ["/api", "/ja/api", "/en/api"];

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function sendJson(reply: FastifyReply, body: string) {
  return reply.type("application/json; charset=utf-8").send(body);
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ errors: [message("apiNotFound", request.locale)] });
}

/** The catalogue calls of spec §7, answered from the in-memory catalogue. */
export function registerCatalogRoutes(app: FastifyInstance, deps: { catalog: CatalogService }): void {
  const { catalog } = deps;
  for (const prefix of SHOPPER_API_PREFIXES) {
    app.get(`${prefix}/root`, async (request, reply) => {
      const { locale } = request;
      const body = await catalog.cachedJson(`${locale}:root`, async (reader) => ({
        exhibits: { data: await reader.exhibits(locale, { topOnly: true }) },
        products: { data: await reader.homeProducts(locale) },
      }));
      return sendJson(reply, body);
    });

    // The filter keeps only values of its own patterns and ignores the rest (the address bar's query): no guard needed.
    app.get(`${prefix}/products`, { config: { checksOwnText: true } }, async (request, reply) => {
      const { locale } = request;
      const query = request.query as Record<string, string | string[]>;
      const filter = parseProductFilter(query);
      const page = parsePage(query.page);
      const body = await catalog.cachedJson(`${locale}:products?${catalog.filterCacheKey(filter)}&page=${page}`, async (reader) =>
        pageOf(await reader.products(locale, filter), page),
      );
      return sendJson(reply, body);
    });

    app.get(`${prefix}/products/:id`, async (request: IdRequest, reply) => {
      const id = parseResourceId(request.params.id);
      const product = id === undefined ? undefined : await catalog.product(request.locale, id);
      return product ? { data: product } : notFound(request, reply);
    });

    app.get(`${prefix}/exhibit_products`, async (request: FastifyRequest<{ Querystring: { page?: string | string[] } }>, reply) => {
      const { locale } = request;
      const page = parsePage(request.query.page);
      const body = await catalog.cachedJson(`${locale}:exhibits?page=${page}`, async (reader) => pageOf(await reader.exhibits(locale), page));
      return sendJson(reply, body);
    });

    app.get(`${prefix}/exhibit_products/:id`, async (request: IdRequest, reply) => {
      const id = parseResourceId(request.params.id);
      const exhibit = id === undefined ? undefined : await catalog.exhibit(request.locale, id);
      return exhibit ? { data: exhibit } : notFound(request, reply);
    });
  }
}
