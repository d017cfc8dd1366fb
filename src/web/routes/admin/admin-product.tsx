import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { adminProductAnswer } from "../../../domain/answers/admin-catalog.ts";
import type { restockCountsAnswer } from "../../../domain/answers/loyalty.ts";
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-product";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import css from "../../features/admin/admin-catalogue.module.css";
import { loadChoices, useUpdateItem } from "../../features/admin/catalogue-loaders.ts";
import { ImageManager } from "../../features/admin/image-manager.tsx";
import { ProductForm } from "../../features/admin/product-form.tsx";
import { StockLedgerSection } from "../../features/admin/stock-ledger-section.tsx";
import type { ProductStockMoves } from "../../../domain/stock-ledger.ts";
import { Badge } from "../../ui/badge.tsx";
import { PublishedBadge } from "../../features/admin/ui/catalogue-cells.tsx";

async function load({ request, params }: Route.ClientLoaderArgs) {
  const id = encodeURIComponent(params.id);
  const [product, choices, ledger, waiting] = await Promise.all([
    loadAdmin<ApiAnswer<typeof adminProductAnswer>>(request, `/products/${id}`),
    loadChoices(request),
    loadAdmin<{ data: ProductStockMoves }>(request, `/products/${id}/stock-moves`),
    // 再入荷のお知らせ waiting for this bottle (decision 083).
    loadAdmin<ApiAnswer<typeof restockCountsAnswer>>(request, "/restock-requests/counts"),
  ]);
  return { product: product.data, ledger: ledger.data, restockWaiting: waiting.data[String(product.data.id)] ?? 0, ...choices };
}
export const clientLoader = adminLoader(load);

export function meta({ matches, loaderData: data }: Route.MetaArgs) {
  return adminMeta(matches, data ? { text: data.product.name_ja } : "adminProducts.title");
}

/** One product: every field, its pictures, and a link to its page in the shop once published. */
export default function AdminProductPage() {
  const ta = useAdminText();
  const { product, ledger, series, liquorTypes, restockWaiting } = useLoaderData<typeof clientLoader>();
  const save = useUpdateItem(`/products/${product.id}`);

  return (
    <>
      <p>
        <Link to="/admin/products">{ta("adminProduct.back")}</Link>
      </p>
      <div className={css.toolbar}>
        <h1 className={styles.title}>
          {product.name_ja} <PublishedBadge published={product.published} />{" "}
          {restockWaiting > 0 && (
            <span data-testid="restock-waiting">
              <Badge tone="wine">{ta("adminProduct.restockWaiting", { count: restockWaiting })}</Badge>
            </span>
          )}
        </h1>
        {product.published && (
          <a href={`/products/${product.id}`} target="_blank" rel="noopener">
            {ta("adminProduct.viewInShop")}
          </a>
        )}
      </div>
      <section className={styles.section}>
        <ImageManager ownerPath={`/products/${product.id}`} images={product.images} label={ta("adminImages.title")} />
      </section>
      <section className={styles.section}>
        <ProductForm key={product.updated_at} product={product} series={series} liquorTypes={liquorTypes} submitLabel={ta("adminProduct.save")} onSave={save} />
      </section>
      <StockLedgerSection productId={product.id} ledger={ledger} />
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
