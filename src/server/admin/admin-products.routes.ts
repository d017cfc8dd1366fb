import type { FastifyInstance } from "fastify";
import { adminProductAnswer, adminProductsAnswer } from "../../domain/answers/admin-catalog.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../http/auth.ts";
import { productChangeSchema, productCreateSchema, restockSchema } from "../../domain/catalog-input.ts";
import { KEYED_WRITE, checkedBody, formSchema, queryText, recordIdParams, searchText, staffOnly } from "../http/route-schemas.ts";
import type { AdminProductFilters, AdminProductsService } from "../catalog/admin-products.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import { registerImageRoutes } from "./admin-images.routes.ts";

/** ?q=…&published=published|unpublished&low_stock=1; anything else in them means "any". */
const productListQuery = z.object({ q: searchText, published: queryText, low_stock: queryText });

export function productFilters(query: z.output<typeof productListQuery>): AdminProductFilters {
  return {
    q: query.q,
    published: query.published === "published" ? true : query.published === "unpublished" ? false : undefined,
    lowStock: query.low_stock === "1",
  };
}

/**
 * A product's fields whose label differs from the shoppers' attribute of the same name: there
 * `price` is the checkout's 金額 (POST /api/fee), here it is the product's 価格(税抜・円).
 */
const productLabels = { price: { ja: "価格", en: "Price" } };

/**
 * The back office's products: list, one product, create, change (PATCH: only the fields sent, so
 * the list's quick price edit and the publish switch send one), restock, and the images' order.
 */
export function registerAdminProductRoutes(fastify: FastifyInstance, deps: { products: AdminProductsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { products } = deps;
  const path = `${ADMIN_API}/products`;
  const staff = staffOnly();

  app.get(path, { ...staff, schema: { querystring: productListQuery, response: { 200: adminProductsAnswer } } }, async (request) => ({
    data: await products.list(productFilters(request.query)),
  }));

  app.get(`${path}/:id`, { ...staff, schema: { params: recordIdParams, response: { 200: adminProductAnswer } } }, async (request) => ({
    data: await products.detail(request.params.id),
  }));

  app.post(
    path,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: productCreateSchema, response: { 201: adminProductAnswer } }) },
    async (request, reply) => {
      const created = await products.create(checkedBody(request, productLabels), request.locale, requireStaff(request).id);
      return reply.status(201).send({ data: created });
    },
  );

  app.patch(
    `${path}/:id`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: recordIdParams, body: productChangeSchema, response: { 200: adminProductAnswer } }) },
    async (request) => ({
      data: await products.update(request.params.id, checkedBody(request, productLabels), request.locale, requireStaff(request).id),
    }),
  );

  app.post(
    `${path}/:id/restock`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: recordIdParams, body: restockSchema, response: { 200: adminProductAnswer } }) },
    async (request) => ({
      data: await products.restock(request.params.id, checkedBody(request).amount, request.locale, requireStaff(request).id),
    }),
  );

  registerImageRoutes(fastify, path, adminProductAnswer, products.images);
}
