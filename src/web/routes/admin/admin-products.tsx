import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { adminProductsAnswer } from "../../../domain/answers/admin-catalog.ts";
import type { FormEvent } from "react";
import { Link, useLoaderData, useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-products";
import type { AdminProductRow } from "../../../domain/admin-catalog.ts";
import { adminLoader, callAdminApi, errorsOf, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import css from "../../features/admin/admin-catalogue.module.css";
import { CatalogueName, CatalogueThumb, PublishedBadge, ThumbHeader } from "../../features/admin/ui/catalogue-cells.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Checkbox, Input, Select } from "../../ui/field.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";

const FILTERS = ["q", "published", "low_stock"] as const;

async function load({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const key of FILTERS) if (search.get(key)) query.set(key, search.get(key)!);
  const list = await loadAdmin<ApiAnswer<typeof adminProductsAnswer>>(request, `/products?${query.toString()}`);
  return { products: list.data, filters: Object.fromEntries(query) as Partial<Record<(typeof FILTERS)[number], string>> };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminProducts.title");
}

/** Price, restock and publish straight from the list: the week's common changes without opening a product. */
function useQuickEdits({ product }: { product: AdminProductRow }) {
  const ta = useAdminText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();

  async function send(path: string, method: "PATCH" | "POST", body: object, done: string) {
    const result = await callAdminApi(path, { method, body }).catch(() => undefined);
    if (result?.ok) {
      snackbar.show("success", done);
      await revalidator.revalidate();
    } else snackbar.show("danger", errorsOf(result?.body as { errors?: unknown } | undefined, ta("admin.requestFailed")));
  }

  function changePrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const price = String(new FormData(event.currentTarget).get("price") ?? "").trim();
    void send(`/products/${product.id}`, "PATCH", { price }, ta("adminProducts.priceChanged", { name: product.name_ja }));
  }

  function restock(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const amount = String(new FormData(form).get("amount") ?? "").trim();
    void send(`/products/${product.id}/restock`, "POST", { amount }, ta("adminProducts.restocked", { name: product.name_ja, amount })).then(() => form.reset());
  }

  return {
    price: (
      <form className={css.quick} onSubmit={changePrice} key={`price-${product.price}`}>
        <input name="price" inputMode="numeric" defaultValue={product.price} aria-label={ta("adminProducts.priceOf", { name: product.name_ja })} />
        <Button type="submit" variant="secondary">
          {ta("adminProducts.save")}
        </Button>
      </form>
    ),
    stock: (
      <form className={css.quick} onSubmit={restock}>
        <input name="amount" inputMode="numeric" placeholder="+" aria-label={ta("adminProducts.restockOf", { name: product.name_ja })} />
        <Button type="submit" variant="secondary">
          {ta("adminProducts.restock")}
        </Button>
      </form>
    ),
    publish: (
      <Button
        variant="ghost"
        onClick={() =>
          void send(
            `/products/${product.id}`,
            "PATCH",
            { published: !product.published },
            ta(product.published ? "adminProducts.unpublished" : "adminProducts.publishedNow", { name: product.name_ja }),
          )
        }
      >
        {ta(product.published ? "adminProducts.unpublish" : "adminProducts.publish")}
      </Button>
    ),
  };
}

function ProductRow({ product }: { product: AdminProductRow }) {
  const ta = useAdminText();
  const { yen } = useI18n();
  const quick = useQuickEdits({ product });
  return (
    <tr data-testid="admin-product-row" data-product-id={product.id}>
      <td>
        <CatalogueThumb imageId={product.image?.id} />
      </td>
      <th scope="row" className={css.productName}>
        <CatalogueName to={`/admin/products/${product.id}`} ja={product.name_ja} en={product.name_en} />
      </th>
      <td className={styles.nowrap}>
        <PublishedBadge published={product.published} />
        {product.sold_out_flag && <Badge tone="danger">{ta("adminProducts.soldOut")}</Badge>}
        <div>{quick.publish}</div>
      </td>
      <td>
        <span className={styles.muted}>{yen(product.price)}</span>
        {product.point_rate_percent !== null && (
          <span className={styles.muted} data-testid="product-point-rate">
            {" "}
            {ta("adminProducts.pointRate", { rate: product.point_rate_percent })}
          </span>
        )}
        {quick.price}
      </td>
      <td>
        <span className={product.low_stock ? css.low : undefined} data-testid="product-stock">
          {ta("adminProducts.stockCount", { count: product.stock })}
          {product.low_stock && ` ${ta("adminProducts.lowStock")}`}
        </span>
        {quick.stock}
      </td>
    </tr>
  );
}

/** Every product, published or not, with its stock; low stock stands out. */
export default function AdminProducts() {
  const ta = useAdminText();
  const navigate = useNavigate();
  const { products, filters } = useLoaderData<typeof clientLoader>();

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams();
    for (const key of FILTERS) {
      const value = String(form.get(key) ?? "").trim();
      if (value) query.set(key, value);
    }
    void navigate(`/admin/products${query.size > 0 ? `?${query.toString()}` : ""}`, { replace: true });
  }

  return (
    <>
      <div className={css.toolbar}>
        <h1 className={styles.title}>{ta("adminProducts.title")}</h1>
        <Link to="/admin/products/new" className={buttonClass("primary")}>
          {ta("adminProducts.new")}
        </Link>
      </div>
      <section className={styles.section}>
        <form key={JSON.stringify(filters)} className={css.toolbar} role="search" onSubmit={filter}>
          <Input label={ta("adminProducts.q")} name="q" type="search" defaultValue={filters.q ?? ""} />
          <Select
            label={ta("adminProducts.state")}
            name="published"
            defaultValue={filters.published ?? ""}
            options={[
              { value: "", label: ta("adminOrders.all") },
              { value: "published", label: ta("adminProducts.state.published") },
              { value: "unpublished", label: ta("adminProducts.state.unpublished") },
            ]}
          />
          <Checkbox label={ta("adminProducts.lowStockOnly")} name="low_stock" value="1" defaultChecked={filters.low_stock === "1"} />
          <Button type="submit" variant="secondary">
            {ta("adminOrders.apply")}
          </Button>
        </form>
        {products.length === 0 ? (
          <p className={styles.muted}>{ta("adminProducts.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">
                    <ThumbHeader />
                  </th>
                  <th scope="col">{ta("adminProducts.name")}</th>
                  <th scope="col">{ta("adminProducts.state")}</th>
                  <th scope="col">{ta("adminProducts.price")}</th>
                  <th scope="col">{ta("adminProducts.stock")}</th>
                </tr>
              </thead>
              <tbody>
                {products.map((product) => (
                  <ProductRow key={product.id} product={product} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
