import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireStaff } from "../http/auth.ts";
import { DomainError } from "../../domain/errors.ts";
import { idParam } from "../i18n/form-reader.ts";
import { readProductInput, readRestockInput } from "../catalog/admin-products.input.ts";
import type { AdminProductFilters, AdminProductsService } from "../catalog/admin-products.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";

function queryValue(query: unknown, name: string): string {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value.trim() : "";
}

/** ?q=…&published=published|unpublished&low_stock=1; anything else in them means "any". */
export function productFilters(query: unknown): AdminProductFilters {
  const published = queryValue(query, "published");
  return {
    q: queryValue(query, "q").slice(0, 100) || undefined,
    published: published === "published" ? true : published === "unpublished" ? false : undefined,
    lowStock: queryValue(query, "low_stock") === "1",
  };
}

function productId(request: FastifyRequest): number {
  const id = idParam(request.params);
  if (id === undefined) throw new DomainError("not-found");
  return id;
}

/**
 * The back office's products: list, one product, create, change (PATCH: only the fields sent, so
 * the list's quick price edit and the publish switch send one), restock, and the images' order.
 */
export function registerAdminProductRoutes(app: FastifyInstance, deps: { products: AdminProductsService }): void {
  const { products } = deps;
  const path = `${ADMIN_API}/products`;

  app.get(path, async (request) => {
    requireStaff(request);
    return { data: await products.list(productFilters(request.query)) };
  });

  app.get(`${path}/:id`, async (request) => {
    requireStaff(request);
    return { data: await products.detail(productId(request)) };
  });

  app.post(path, async (request, reply) => {
    requireStaff(request);
    const created = await products.create(readProductInput(request.body, request.locale, false), request.locale);
    return reply.status(201).send({ data: created });
  });

  app.patch(`${path}/:id`, async (request) => {
    requireStaff(request);
    const id = productId(request);
    return { data: await products.update(id, readProductInput(request.body, request.locale, true), request.locale) };
  });

  app.post(`${path}/:id/restock`, async (request) => {
    requireStaff(request);
    const id = productId(request);
    return { data: await products.restock(id, readRestockInput(request.body, request.locale), request.locale) };
  });

  app.post(`${path}/:id/images`, async (request) => {
    requireStaff(request);
    const id = productId(request);
    const signedId = (request.body as { signed_id?: unknown } | undefined)?.signed_id;
    return { data: await products.attachImage(id, signedId, request.locale) };
  });

  app.put(`${path}/:id/images`, async (request) => {
    requireStaff(request);
    return { data: await products.arrangeImages(productId(request), request.body, request.locale) };
  });
}
