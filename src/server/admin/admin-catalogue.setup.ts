import type { FastifyInstance } from "fastify";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { Database } from "../db/client.ts";
import type { ImageService } from "../images/image.service.ts";
import { registerAdminExhibitRoutes } from "./admin-exhibits.routes.ts";
import { AdminExhibitsService } from "../catalog/admin-exhibits.service.ts";
import { AdminLiquorTypesService } from "../catalog/admin-liquor-types.service.ts";
import { registerAdminProductRoutes } from "./admin-products.routes.ts";
import { AdminProductsService } from "../catalog/admin-products.service.ts";
import { AdminSeriesService } from "../catalog/admin-series.service.ts";
import { registerAdminTaxonomyRoutes } from "./admin-taxonomy.routes.ts";
import { registerAdminUploadRoutes } from "./admin-uploads.routes.ts";
import { AdminUploadsService } from "./admin-uploads.service.ts";

/**
 * The back office's catalogue (issue 7): products, direct uploads of their pictures, exhibits, the
 * series tree and liquor types. Staff and owner alike; the catalogue's services refresh the shop's
 * cached catalogue on every write themselves.
 */
export async function registerAdminCatalogue(app: FastifyInstance, deps: { db: Database; catalog: CatalogService; images: ImageService }) {
  const { db, catalog } = deps;
  const uploads = new AdminUploadsService(db, deps.images);
  await registerAdminUploadRoutes(app, { uploads });
  registerAdminProductRoutes(app, { products: new AdminProductsService({ catalog, uploads }) });
  registerAdminExhibitRoutes(app, { exhibits: new AdminExhibitsService({ catalog, uploads }) });
  registerAdminTaxonomyRoutes(app, {
    series: new AdminSeriesService({ catalog }),
    liquorTypes: new AdminLiquorTypesService({ catalog }),
  });
}
