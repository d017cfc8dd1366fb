import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { b2CloudCheckAnswer } from "../../domain/answers/admin-orders.ts";
import { staffOnly } from "../http/route-schemas.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import { orderFilters, orderFiltersQuery } from "./admin-orders.routes.ts";
import type { CsvFile, OrderExportService } from "./order-export.service.ts";
import { sendDownload } from "../http/download.ts";

function download(reply: FastifyReply, file: CsvFile) {
  return sendDownload(reply, { fileName: file.filename, contentType: file.contentType, body: file.body });
}

/**
 * The orders list as files, with the list's filters (status, payment_method, from, to, q): a plain
 * CSV of orders and lines, and the Yamato B2 Cloud upload. Plain GETs, so the page links to them.
 */
export function registerOrderExportRoutes(fastify: FastifyInstance, deps: { orderExports: OrderExportService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const filtered = { ...staffOnly(), schema: { querystring: orderFiltersQuery } };

  app.get(`${ADMIN_API}/orders/export.csv`, filtered, async (request, reply) => {
    const { page: _page, ...filters } = orderFilters(request.query, request.locale);
    return download(reply, await deps.orderExports.plainCsv(filters, request.locale));
  });

  app.get(`${ADMIN_API}/orders/b2-cloud.csv`, filtered, async (request, reply) => {
    const { page: _page, ...filters } = orderFilters(request.query, request.locale);
    return download(reply, await deps.orderExports.b2CloudCsv(filters));
  });

  // Before the download: whether the file can be made, how many parcels, and the rows to look at.
  app.get(
    `${ADMIN_API}/orders/b2-cloud-check`,
    { ...filtered, schema: { ...filtered.schema, response: { 200: b2CloudCheckAnswer } } },
    async (request, reply) => {
      const { page: _page, ...filters } = orderFilters(request.query, request.locale);
      reply.header("cache-control", "private, no-store");
      return { data: await deps.orderExports.b2CloudCheck(filters) };
    },
  );
}
