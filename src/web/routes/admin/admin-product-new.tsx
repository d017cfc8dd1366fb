import { Link, useLoaderData, useNavigate } from "react-router";
import { adminLoader } from "../../features/admin/admin-api.ts";
import type { Route } from "./+types/admin-product-new";
import type { AdminProduct } from "../../../domain/admin-catalog.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { loadChoices, saveForm } from "../../features/admin/catalogue-loaders.ts";
import { ProductForm } from "../../features/admin/product-form.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";

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
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { series, liquorTypes } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <p>
        <Link to="/admin/products">{ta("adminProduct.back")}</Link>
      </p>
      <h1 className={styles.title}>{ta("adminProducts.new")}</h1>
      <section className={styles.section}>
        <ProductForm
          series={series}
          liquorTypes={liquorTypes}
          submitLabel={ta("adminProduct.create")}
          onSave={async (body) => {
            const outcome = await saveForm<AdminProduct>("/products", "POST", body, ta("admin.requestFailed"));
            if (outcome.ok && outcome.data) {
              snackbar.show("success", ta("adminProduct.created"));
              void navigate(`/admin/products/${outcome.data.id}`);
            }
            return outcome;
          }}
        />
      </section>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
