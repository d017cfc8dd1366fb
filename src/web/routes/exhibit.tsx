import { useLoaderData } from "react-router";
import type { Route } from "./+types/exhibit";
import { flatten, imageVariantUrl, parseResourceId, tileOf } from "../../domain/catalog-api.ts";
import { ProductGallery } from "../features/catalog/product-gallery.tsx";
import { ProductGrid } from "../features/catalog/product-grid.tsx";
import { Breadcrumb } from "../features/catalog/breadcrumb.tsx";
import { sharedPageMeta, summaryOf } from "../features/catalog/product-meta.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { rootDataOf } from "../page-meta.ts";
import styles from "./product.module.css";
import { pageContext } from "../load-context.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const id = parseResourceId(params.id);
  const exhibit = id === undefined ? undefined : await page.catalog.exhibit(page.locale, id);
  if (!exhibit) throw new Response("Not Found", { status: 404 });
  const products = await Promise.all(exhibit.attributes.product_ids.map((productId) => page.catalog.product(page.locale, Number(productId))));
  return {
    exhibit: flatten(exhibit),
    products: products.flatMap((product) => (product ? [tileOf(product)] : [])),
    publicUrl: page.publicUrl,
  };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const root = rootDataOf(matches);
  if (!data || !root) return [];
  const shopName = root.shop.shopName[root.locale];
  const title = `${data.exhibit.name} | ${shopName}`;
  const url = `${data.publicUrl}/exhibits/${data.exhibit.id}`;
  const image = data.exhibit.image_details[0];
  const description = summaryOf(data.exhibit.description);
  return [
    ...sharedPageMeta({ title, description, url, type: "article", shopName }),
    ...(image ? [{ property: "og:image", content: `${data.publicUrl}${imageVariantUrl(image.id, 1200, "jpg")}` }] : []),
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

export default function ExhibitPage() {
  const { t } = useI18n();
  const { exhibit, products } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <Breadcrumb className={styles.breadcrumb} trail={[{ to: "/products", label: t("products.title") }]} />
      <article className={styles.layout}>
        <ProductGallery images={exhibit.image_details} name={exhibit.name} />
        <div>
          <h1 className={styles.name}>{exhibit.name}</h1>
          <div className={styles.description} data-testid="exhibit-description">
            {exhibit.description}
          </div>
        </div>
      </article>
      {products.length > 0 && (
        <section className={styles.related} aria-labelledby="exhibit-products-title" data-testid="exhibit-products">
          <h2 id="exhibit-products-title" className={styles.relatedTitle}>
            {t("catalog.exhibitProducts")}
          </h2>
          <ProductGrid products={products} eagerCount={0} />
        </section>
      )}
    </div>
  );
}
