import { useId, useState } from "react";
import type { Product } from "../../../domain/catalog-api.ts";
import { imageVariantUrl } from "../../../domain/catalog-api.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { useCart } from "../../shared/cart/cart-context.tsx";
import styles from "./add-to-cart.module.css";

/** The selector never offers more than this many bottles at once, whatever the stock. */
const SELECTOR_MAX = 24;

/** How many bottles the selector offers: stock, the purchase limit and SELECTOR_MAX, at least 1. */
export function selectableQuantity(product: Pick<Product, "buyable_limit">, stockLeft: number): number {
  return Math.max(1, Math.min(SELECTOR_MAX, stockLeft, product.buyable_limit ?? SELECTOR_MAX));
}

/**
 * 数量 and カートに入れる: the chosen number of bottles go in the cart and the drawer opens (spec §4).
 * A plain <select> bounded by stock and the purchase limit works with keyboards, screen readers and
 * phones' native pickers.
 */
export function AddToCartButton({ product, stockLeft }: { product: Product; stockLeft: number }) {
  const { t } = useI18n();
  const cart = useCart();
  const selectId = useId();
  const [quantity, setQuantity] = useState(1);
  const max = selectableQuantity(product, stockLeft);
  const thumbnail = product.image_details[0];
  return (
    <div className={styles.buy}>
      <div className={styles.quantity}>
        <label htmlFor={selectId}>{t("catalog.quantity")}</label>
        <select
          id={selectId}
          className={styles.select}
          value={Math.min(quantity, max)}
          onChange={(event) => setQuantity(Number(event.currentTarget.value))}
          data-testid="quantity-select"
        >
          {Array.from({ length: max }, (_, index) => (
            <option key={index + 1} value={index + 1}>
              {index + 1}
            </option>
          ))}
        </select>
      </div>
      <Button
        type="button"
        block
        onClick={() =>
          cart.add(
            {
              id: product.id,
              name: product.name,
              images: thumbnail ? [imageVariantUrl(thumbnail.id, 240, "jpg")] : [],
              price: product.price,
              price_include_tax: product.price_include_tax,
              buyable_limit: product.buyable_limit,
              shipping_type: product.shipping_type,
              volume_ml: product.specification.volume_ml,
            },
            Math.min(quantity, max),
          )
        }
      >
        {t("catalog.addToCart")}
      </Button>
    </div>
  );
}
