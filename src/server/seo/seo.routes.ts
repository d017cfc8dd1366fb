import type { FastifyInstance } from "fastify";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { KeptBodies } from "../http/kept-encodings.ts";

const STATIC_PAGES = ["/", "/shop", "/products", "/company", "/privacy-policy", "/specified-commercial-transaction-act-notes", "/inquiry"];

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** robots.txt and a sitemap of every public page, product and exhibit. */
export function registerSeoRoutes(app: FastifyInstance, deps: { catalog: CatalogService; publicUrl: string; kept?: KeptBodies }): void {
  const kept = deps.kept ?? new KeptBodies();
  app.get("/robots.txt", async (_request, reply) => {
    const lines = [
      "User-agent: *",
      "Disallow: /mypage",
      "Disallow: /checkout",
      "Disallow: /api/",
      "Disallow: /admin",
      `Sitemap: ${deps.publicUrl}/sitemap.xml`,
    ];
    return reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(`${lines.join("\n")}\n`);
  });

  // A kept body: compressed once per encoding (decision 066), not again by @fastify/compress.
  app.get("/sitemap.xml", { compress: false }, async (request, reply) => {
    const body = await deps.catalog.cachedBody("sitemap", async () => {
      const snapshot = await deps.catalog.snapshot();
      const paths = [
        ...STATIC_PAGES,
        ...snapshot.products.map((product) => `/products/${product.id}`),
        ...snapshot.exhibits.map((exhibit) => `/exhibits/${exhibit.id}`),
      ];
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...paths.map((path) => `  <url><loc>${escapeXml(deps.publicUrl + path)}</loc></url>`),
        "</urlset>",
      ].join("\n");
    });
    const bytes = await kept.encode(request.headers["accept-encoding"], reply, body);
    return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(bytes);
  });
}
