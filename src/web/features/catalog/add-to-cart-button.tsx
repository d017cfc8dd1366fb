import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { Product } from "../../../domain/catalog-api.ts";
import { imageVariantUrl } from "../../../domain/catalog-api.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Notice } from "../../ui/notice.tsx";
import { useCart } from "../../shared/cart/cart-context.tsx";
import { TransitionLink } from "../../shared/layout/page-transition.tsx";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { CART_OUTCOME_ID, CART_OUTCOME_PARAM, SELECTOR_MAX } from "./add-to-cart-action.ts";
import styles from "./add-to-cart.module.css";

/** How many bottles the selector offers: stock, the purchase limit and SELECTOR_MAX, at least 1. */
export function selectableQuantity(product: Pick<Product, "buyable_limit">, stockLeft: number): number {
  return Math.max(1, Math.min(SELECTOR_MAX, stockLeft, product.buyable_limit ?? SELECTOR_MAX));
}

/**
 * 数量 and カートに入れる: the chosen number of bottles go in the cart and the drawer opens.
 * A plain <select> bounded by stock and the purchase limit works with keyboards, screen readers and
 * phones' native pickers. It is a real form: before the page's script has started (or without one)
 * it posts to the product page, whose action adds the bottles to the server's cart (decision 057).
 */
export function AddToCartButton({ product, stockLeft }: { product: Product; stockLeft: number }) {
  const { t } = useI18n();
  const cart = useCart();
  const selectId = useId();
  const [quantity, setQuantity] = useState(1);
  const max = selectableQuantity(product, stockLeft);
  const thumbnail = product.image_details[0];
  return (
    <form
      className={styles.buy}
      method="post"
      data-testid="add-to-cart-form"
      onSubmit={(event) => {
        event.preventDefault();
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
        );
      }}
    >
      <CsrfField />
      <div className={styles.quantity}>
        <label htmlFor={selectId}>{t("catalog.quantity")}</label>
        <select
          id={selectId}
          name="quantity"
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
      <Button type="submit" block>
        {t("catalog.addToCart")}
      </Button>
    </form>
  );
}

/** What the form posted without JavaScript did (`?cart=` from the page's action), in the drawer's words. */
export function AddedToCartNotice() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const outcome = searchParams.get(CART_OUTCOME_PARAM);
  const count = Number(searchParams.get("count"));
  if (outcome === "unavailable") {
    return (
      <Notice tone="danger" testId="cart-outcome" id={CART_OUTCOME_ID}>
        {t("cart.unavailable")}
      </Notice>
    );
  }
  if (outcome !== "added" && outcome !== "limit" && outcome !== "stock") return null;
  return (
    <Notice tone={outcome === "added" ? "success" : "info"} testId="cart-outcome" id={CART_OUTCOME_ID}>
      <p>{outcome === "added" ? t("catalog.addedToCart") : t(outcome === "limit" ? "cart.reducedToLimit" : "cart.reducedToStock", { count })}</p>
      <p>
        <TransitionLink to="/checkout">{t("cart.purchase")}</TransitionLink>
      </p>
    </Notice>
  );
}
