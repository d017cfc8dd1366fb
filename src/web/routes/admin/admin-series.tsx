import { useLoaderData } from "react-router";
import { adminLoader } from "../../features/admin/admin-api.ts";
import type { Route } from "./+types/admin-series";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
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
      <section className={styles.section} aria-labelledby="series-heading">
        <h2 id="series-heading" className={styles.sectionTitle}>
          {ta("adminSeries.tree")}
        </h2>
        <p className={styles.muted}>{ta("adminSeries.hint")}</p>
        <SeriesEditor series={series} />
      </section>
      <section className={styles.section} aria-labelledby="liquor-types-heading">
        <h2 id="liquor-types-heading" className={styles.sectionTitle}>
          {ta("adminLiquorTypes.title")}
        </h2>
        <LiquorTypesEditor liquorTypes={liquorTypes} />
      </section>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
