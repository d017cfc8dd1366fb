import { Link, useLoaderData } from "react-router";
import { adminLoader } from "../../features/admin/admin-api.ts";
import type { Route } from "./+types/admin-product-new";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { loadChoices, useCreateItem } from "../../features/admin/catalogue-loaders.ts";
import { ProductForm } from "../../features/admin/product-form.tsx";

async function load({ request }: Route.ClientLoaderArgs) {
  return loadChoices(request);
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminProducts.new");
}

/** A new product; once saved the trader lands on its page to add pictures. */
export default function AdminProductNew() {
  const ta = useAdminText();
  const create = useCreateItem("/products");
  const { series, liquorTypes } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <p>
        <Link to="/admin/products">{ta("adminProduct.back")}</Link>
      </p>
      <h1 className={styles.title}>{ta("adminProducts.new")}</h1>
      <section className={styles.section}>
        <ProductForm series={series} liquorTypes={liquorTypes} submitLabel={ta("adminProduct.create")} onSave={create} />
      </section>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
