import type { Product } from "../../../domain/catalog-api.ts";
import { imageVariantUrl } from "../../../domain/catalog-api.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { useCart } from "../../shared/cart/cart-context.tsx";

/** カートに入れる: one more bottle in the cart, and the drawer opens (spec §4). */
export function AddToCartButton({ product }: { product: Product }) {
  const { t } = useI18n();
  const cart = useCart();
  const thumbnail = product.image_details[0];
  return (
    <Button
      type="button"
      block
      onClick={() =>
        cart.add({
          id: product.id,
          name: product.name,
          images: thumbnail ? [imageVariantUrl(thumbnail.id, 240, "jpg")] : [],
          price: product.price,
          price_include_tax: product.price_include_tax,
          buyable_limit: product.buyable_limit,
        })
      }
    >
      {t("catalog.addToCart")}
    </Button>
  );
}
