import { Suspense, lazy } from "react";
import { useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/product";
import { seriesPathByHashid } from "../features/catalog/series-path.ts";
import { flatten, parseResourceId, tileOf } from "../../domain/catalog-api.ts";
import { shippingPromise } from "../../domain/delivery-calendar.ts";
import { Breadcrumb } from "../features/catalog/breadcrumb.tsx";
import { ProductGallery } from "../features/catalog/product-gallery.tsx";
import { useSite } from "../shared/site/site-context.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { rootDataOf } from "../page-meta.ts";
import { Badge } from "../ui/badge.tsx";
import { AddToCartButton, AddedToCartNotice } from "../features/catalog/add-to-cart-button.tsx";
import { cartOutcome, cartOutcomePath, cartWithMore, postedQuantity } from "../features/catalog/add-to-cart-action.ts";
import type { CartItem } from "../../domain/cart.ts";
import { safeRedirectPath } from "../../domain/paths.ts";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { productMeta } from "../features/catalog/product-meta.ts";
import { ProductGrid } from "../features/catalog/product-grid.tsx";
import { AgeNotice } from "../shared/site/age-notice.tsx";
import { ProductSpecificationTable } from "../features/catalog/product-specification.tsx";
import styles from "./product.module.css";
import "../i18n/catalog-sales-texts.ts";
import { pageContext } from "../load-context.ts";
import { FavoriteButton, FavoriteNotice } from "../features/catalog/favorite-button.tsx";
import { RESTOCK_INTENT } from "../features/catalog/restock-intent.ts";

// Drawn only for a sold-out product, so its module (and the form field it uses) stays out of the
// page's first JavaScript; the server renders it in full before answering (entry.server waits for
// everything), so it works before the script and hydrates when its chunk arrives.
// 「○ポイント獲得」: drawn in full by the server, its module (the figure and the member's rate read once) hydrated when it arrives.
const ProductPoints = lazy(() => import("../features/catalog/product-points.tsx").then((module) => ({ default: module.ProductPoints })));
const RestockRequestForm = lazy(() => import("../features/catalog/restock-request.tsx").then((module) => ({ default: module.RestockRequestForm })));
import type { ProductLottery } from "../features/lottery/lottery-panel.tsx";
import { LOTTERY_INTENT, LotteryPanel } from "../features/lottery/lottery-panel.tsx";
import { PreorderBadge, SalesClosedNotice, SalesFacts, preorderShipping } from "../features/catalog/sales-window.tsx";

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const id = parseResourceId(params.id);
  const product = id === undefined ? undefined : await page.catalog.product(page.locale, id);
  if (!product) throw new Response("Not Found", { status: 404 });
  const [related, stockLeft, lotteryAnswer] = await Promise.all([
    page.catalog.relatedProducts(page.locale, id!),
    page.catalog.stockLeft(id!),
    // 抽選販売 (decision 084): a lottery holding the product replaces the cart button.
    page.api("GET", `/api/lotteries/products/${id!}`),
  ]);
  // 「○ポイント獲得」 (decision 089): the product's own rate, else the shop's base rate; a guest reads it as 会員さまは….
  // The page is kept for every visitor: a member's own (rank's) rate replaces the base rate in the browser.
  // Both come with the catalogue (the product's own rate from memory, the base rate as the root data reads it): no API call.
  const productPointRate = (await page.catalog.productPointRate(id!)) ?? null;
  const pointRate = productPointRate ?? (await page.pointBaseRate());
  const lottery = lotteryAnswer.status === 200 ? ((lotteryAnswer.body as { data: ProductLottery | null }).data ?? null) : null;
  // 残りわずか: at or below the trader's threshold (a guest's copy of the page is at most 30 s old).
  const lowStock = !product.attributes.sold_out && stockLeft > 0 && stockLeft <= page.shop.lowStockHintAt;
  // The shipping promise is worded here, on the server, so the page's script does not load the delivery calendar.
  const shipping = shippingPromise(page.shop.deliveryCalendar, page.locale);
  return {
    product: flatten(product),
    related: related.map(tileOf),
    stockLeft,
    lowStock,
    lottery,
    publicUrl: page.publicUrl,
    pointRate,
    productPointRate,
    member: page.user !== null,
    shipping,
  };
}

/**
 * カートに入れる posted without JavaScript (decision 057): the drawer's PUT /api/carts with the
 * bottles added to the visitor's cart, then a 303 back to this page saying what the server kept.
 */
export async function action(args: Route.ActionArgs) {
  const page = args.context.get(pageContext);
  const id = parseResourceId(args.params.id);
  if (id === undefined) throw new Response("Not Found", { status: 404 });
  const productId = String(id);
  // 再入荷のお知らせ posted without JavaScript (decision 083): the API's answer, then this page saying so.
  const intent = (
    await args.request
      .clone()
      .formData()
      .catch(() => undefined)
  )?.get("_intent");
  if (intent === RESTOCK_INTENT) {
    return formAction(
      args,
      (values) => ({ method: "POST", path: `/api/products/${productId}/restock-requests`, body: page.user ? {} : { email: values.email ?? "" } }),
      (answer) => ({ redirectTo: `/products/${productId}?restock=${answer.status === 201 ? "requested" : "sent"}#restock` }),
    );
  }
  const before = await page.cart();
  let quantity = 1;
  return formAction(
    args,
    (values) => {
      // The lottery's entry form posts here too (decision 084).
      if (values._intent === LOTTERY_INTENT) return { method: "POST", path: `/api/lotteries/${encodeURIComponent(values.lottery_id ?? "")}/entries`, body: {} };
      quantity = postedQuantity(values.quantity);
      return { method: "PUT", path: "/api/carts", body: cartWithMore(before, productId, quantity) };
    },
    (answer, values) => {
      if (values._intent === LOTTERY_INTENT) return { redirectTo: `${new URL(args.request.url).pathname}?lottery=entered` };
      const after = (answer.body as { data?: CartItem[] } | undefined)?.data ?? [];
      const back = safeRedirectPath(new URL(args.request.url).pathname, "/shop");
      return { redirectTo: cartOutcomePath(back, cartOutcome(before, after, productId, quantity)) };
    },
  );
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const root = rootDataOf(matches);
  if (!data || !root) return [];
  return productMeta(data.product, { shopName: root.shop.shopName[root.locale], publicUrl: data.publicUrl, locale: root.locale });
}

export default function ProductPage({ actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const { t, productPrice, locale } = useI18n();
  const { series, liquorTypes } = useSite();
  const { product, related, stockLeft, lowStock, lottery, pointRate, productPointRate, member, shipping } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const leaf = product.leaf_series[0];
  const trail = leaf ? seriesPathByHashid(series, leaf.attributes.hashid) : [];
  const liquorLabel = liquorTypes.find((type) => type.key === product.liquor_type)?.label;

  return (
    <div className="page">
      <Breadcrumb
        className={styles.breadcrumb}
        trail={[
          { to: "/shop", label: t("nav.shop") },
          ...trail.map((node) => ({ to: `/shop?${new URLSearchParams([["series[]", node.hashid]])}`, label: node.name })),
        ]}
      />
      <article className={styles.layout}>
        <ProductGallery images={product.image_details} name={product.name} />
        <div className={styles.details}>
          <PreorderBadge sales={product.sales} />
          <h1 className={styles.name}>{product.name}</h1>
          <p className={styles.price} data-testid="product-price" data-price="">
            {productPrice(product.price_include_tax)}
          </p>
          <Suspense fallback={null}>
            <ProductPoints price={product.price_include_tax} baseRate={pointRate} productRate={productPointRate} member={member} />
          </Suspense>
          <AgeNotice level="item" />
          <dl className={styles.facts}>
            {liquorLabel && (
              <>
                <dt>{t("catalog.liquorType")}</dt>
                <dd data-testid="liquor-type">{liquorLabel}</dd>
              </>
            )}
            {product.shipping_type === "cool" && (
              <>
                <dt>{t("catalog.shipping")}</dt>
                <dd>{t("catalog.coolShipping")}</dd>
              </>
            )}
            <dt>{t("catalog.shipsLabel")}</dt>
            {preorderShipping(product.sales, locale, t) ? (
              <dd data-testid="preorder-shipping">{preorderShipping(product.sales, locale, t)}</dd>
            ) : (
              <dd data-testid="shipping-promise">{shipping}</dd>
            )}
            <SalesFacts sales={product.sales} />
            {product.buyable_limit !== null && (
              <>
                <dt>{t("catalog.limitLabel")}</dt>
                <dd>{t("catalog.limit", { limit: product.buyable_limit })}</dd>
              </>
            )}
          </dl>
          <AddedToCartNotice />
          <FavoriteNotice />
          {refusal && <RefusedNotice errors={refusal.errors} />}
          {lottery ? (
            <LotteryPanel lottery={lottery} entered={search.get("lottery") === "entered"} />
          ) : product.sales.phase === "before" || product.sales.phase === "ended" ? (
            <SalesClosedNotice sales={product.sales} />
          ) : product.sold_out ? (
            <>
              <p className={styles.soldOut} data-testid="sold-out">
                <Badge tone="grey">{t("catalog.soldOut")}</Badge>
              </p>
              <Suspense fallback={null}>
                <RestockRequestForm productId={product.id} fieldError={refusal?.fields.email?.[0]} typed={refusal?.values.email} />
              </Suspense>
            </>
          ) : (
            <>
              {lowStock && (
                <p className={styles.lowStock} data-testid="low-stock">
                  {t("catalog.lowStock")}
                </p>
              )}
              <AddToCartButton product={product} stockLeft={stockLeft} />
            </>
          )}
          <FavoriteButton productId={product.id} productName={product.name} variant="page" />
          <div className={styles.description} data-testid="product-description">
            {product.description}
          </div>
          <ProductSpecificationTable specification={product.specification} />
        </div>
      </article>
      {related.length > 0 && (
        <section className={styles.related} aria-labelledby="related-title" data-testid="related-products">
          <h2 id="related-title" className={styles.relatedTitle}>
            {t("catalog.related")}
          </h2>
          <ProductGrid products={related} eagerCount={0} notice={false} />
        </section>
      )}
    </div>
  );
}
