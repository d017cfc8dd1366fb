import path from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import { reactRouterFastify } from "@mcansh/remix-fastify/react-router";
import type { FastifyInstance, FastifyRequest } from "fastify";
import Fastify from "fastify";
import type { AppLoadContext } from "react-router";
import type { PageContext } from "../web/load-context.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { registerCsrfProtection, csrfTokenFor } from "./http/csrf.ts";
import { registerErrorHandler } from "./http/errors.ts";
import { registerLocale } from "./http/locale.ts";
import { loggerOptions, registerAccessLog } from "./http/logging.ts";
import { resolveSessionSecret } from "./http/secret.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerSessions } from "./http/session.ts";
import { message } from "./i18n/messages.ts";
import { ShopProfileService } from "./shop/shop-profile.service.ts";
import { registerHealthRoutes } from "./health/health.routes.ts";
import { registerCatalogRoutes } from "./catalog/catalog.routes.ts";
import { CatalogService } from "./catalog/catalog.service.ts";
import { registerImageRoutes } from "./images/image.routes.ts";
import { ImageService } from "./images/image.service.ts";
import { registerSeoRoutes } from "./seo/seo.routes.ts";
import { registerCartRoutes } from "./cart/cart.routes.ts";
import { CartService } from "./cart/cart.service.ts";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /**
   * How pages are served: the production build, the Vite dev server with hot reload, or not at all
   * (API tests).
   */
  pages: "production" | "development" | "none";
}

/** Path prefixes of the JSON APIs; each is served plain and under /ja and /en (spec §7). */
const API_PREFIXES = ["/api", "/ja/api", "/en/api", "/admin/api"];

function isApiRequest(request: FastifyRequest): boolean {
  return API_PREFIXES.some((prefix) => request.url === prefix || request.url.startsWith(`${prefix}/`));
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const https = config.publicUrl.startsWith("https://");
  const secret = resolveSessionSecret(config.sessionSecret, config.dataDir);
  const shopProfiles = new ShopProfileService(database.db);
  const images = new ImageService(database.db);
  const catalog = new CatalogService(database, shopProfiles, config.hashidSalt);
  await catalog.startListening();
  const carts = new CartService(database.db, catalog);

  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    // One access line per request (registerAccessLog) instead of Fastify's two.
    disableRequestLogging: true,
  });
  registerAccessLog(app);

  await app.register(cookie);
  await app.register(compress, { threshold: 1024 });
  await registerSecurityHeaders(app, { https, contentSecurityPolicy: deps.pages !== "development" });
  registerSessions(app, { secureCookies: https });
  registerLocale(app, { secureCookies: https });
  registerCsrfProtection(app, { secret, isProtected: isApiRequest });
  registerErrorHandler(app);

  registerHealthRoutes(app, { database });
  registerCatalogRoutes(app, { catalog });
  registerImageRoutes(app, { images });
  registerCartRoutes(app, { carts });
  registerSeoRoutes(app, { catalog, publicUrl: config.publicUrl });

  // Unknown API paths answer JSON in the request's locale instead of falling through to the pages.
  for (const prefix of API_PREFIXES) {
    app.all(`${prefix}/*`, async (request, reply) =>
      reply.status(404).send({ errors: [message("apiNotFound", request.locale)] }),
    );
  }

  app.get("/favicon.ico", async (_request, reply) => reply.redirect("/favicon.svg", 301));

  if (deps.pages !== "none") {
    await app.register(reactRouterFastify, {
      mode: deps.pages,
      buildDirectory: path.resolve("build"),
      viteOptions: { server: { hmr: { server: app.server } } },
      getLoadContext: async (request, reply): Promise<AppLoadContext> => ({
        locale: request.locale,
        csrfToken: csrfTokenFor(request.sessionId, secret),
        nonce: reply.cspNonce?.script ?? "",
        shop: await shopProfiles.profile(),
        user: null,
        publicUrl: config.publicUrl,
        catalog,
      }) satisfies PageContext,
    });
  }

  app.decorate("services", { catalog, images, shopProfiles, carts });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's services, for tests and commands that need them beside HTTP. */
    services: { catalog: CatalogService; images: ImageService; shopProfiles: ShopProfileService; carts: CartService };
  }
}
