import { useLoaderData } from "react-router";
import { adminLoader } from "../../features/admin/admin-api.ts";
import type { Route } from "./+types/admin-series";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { AdminSection } from "../../features/admin/ui/admin-section.tsx";
import { loadChoices } from "../../features/admin/catalogue-loaders.ts";
import { LiquorTypesEditor } from "../../features/admin/liquor-types-editor.tsx";
import { SeriesEditor } from "../../features/admin/series-editor.tsx";

async function load({ request }: Route.ClientLoaderArgs) {
  return loadChoices(request);
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminSeries.title");
}

/** How the shop sorts its bottles: the series tree and the liquor types of the shop's filters. */
export default function AdminSeriesPage() {
  const ta = useAdminText();
  const { series, liquorTypes } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1 className={styles.title}>{ta("adminSeries.title")}</h1>
      <AdminSection id="series-heading" title={ta("adminSeries.tree")}>
        <p className={styles.muted}>{ta("adminSeries.hint")}</p>
        <SeriesEditor series={series} />
      </AdminSection>
      <AdminSection id="liquor-types-heading" title={ta("adminLiquorTypes.title")}>
        <LiquorTypesEditor liquorTypes={liquorTypes} />
      </AdminSection>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
