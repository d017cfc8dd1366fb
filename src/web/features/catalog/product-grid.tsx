import type { Exhibit, ProductTile } from "../../../domain/catalog-api.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { TransitionLink } from "../../shared/layout/page-transition.tsx";
import { AgeNotice } from "../../shared/site/age-notice.tsx";
import { CatalogImage } from "./catalog-image.tsx";
import styles from "./catalog.module.css";
import { FavoriteButton } from "./favorite-button.tsx";
import favoriteStyles from "./favorite.module.css";
import { SalesTileLabel } from "./sales-window.tsx";

const GRID_SIZES = "(min-width: 72rem) 17rem, (min-width: 48rem) 30vw, 46vw";

/**
 * Product tiles; sold-out ones are dimmed and labelled. The first row loads eagerly. The under-20
 * notice stands above the tiles (decision 060) unless the page shows it already (a product page's
 * related products, under the product's own notice).
 */
export function ProductGrid({ products, eagerCount = 4, notice = true }: { products: ProductTile[]; eagerCount?: number; notice?: boolean }) {
  const { t, productPrice } = useI18n();
  return (
    <>
      {notice && products.length > 0 && <AgeNotice level="list" />}
      <ul className={styles.grid} data-testid="product-grid">
        {products.map((product, index) => (
          <li key={product.id} className={`${styles.tile} ${favoriteStyles.tileHost}`} data-sold-out={product.sold_out} data-testid="product-tile">
            <FavoriteButton productId={product.id} productName={product.name} />
            <TransitionLink to={`/products/${product.id}`} className={styles.tileLink}>
              <div className={styles.tileImage}>
                <CatalogImage image={product.image_details[0]} alt="" sizes={GRID_SIZES} priority={index < eagerCount} maxWidth={960} />
                {product.sold_out && (product.sales?.phase ?? "on_sale") !== "before" && (product.sales?.phase ?? "on_sale") !== "ended" && (
                  <span className={styles.soldOutLabel}>{t("catalog.soldOut")}</span>
                )}
              </div>
              <h3 className={styles.tileName}>{product.name}</h3>
              <p className={styles.tilePrice} data-price="">
                {productPrice(product.price_include_tax)}
              </p>
              <SalesTileLabel sales={product.sales} />
            </TransitionLink>
            {product.sold_out && (product.sales?.phase ?? "on_sale") !== "ended" && (product.sales?.phase ?? "on_sale") !== "before" && (
              <TransitionLink to={`/products/${product.id}#restock`} className={favoriteStyles.restockLink} data-testid="restock-link">
                {t("wishlist.restockLink")}
              </TransitionLink>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function ExhibitGrid({ exhibits, eagerCount = 2 }: { exhibits: Exhibit[]; eagerCount?: number }) {
  return (
    <ul className={styles.exhibitGrid} data-testid="exhibit-grid">
      {exhibits.map((exhibit, index) => (
        <li key={exhibit.id} className={styles.exhibitTile}>
          <TransitionLink to={`/exhibits/${exhibit.id}`} className={styles.tileLink}>
            <div className={styles.exhibitImage}>
              <CatalogImage
                image={exhibit.image_details[0]}
                alt=""
                sizes="(min-width: 72rem) 23rem, (min-width: 48rem) 46vw, 92vw"
                priority={index < eagerCount}
              />
            </div>
            <h3 className={styles.tileName}>{exhibit.name}</h3>
          </TransitionLink>
        </li>
      ))}
    </ul>
  );
}
