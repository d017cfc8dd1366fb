import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { adminExhibitsAnswer } from "../../../domain/answers/admin-catalog.ts";
import { useLoaderData } from "react-router";
import type { Route } from "./+types/admin-exhibits";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { AdminSection } from "../../features/admin/ui/admin-section.tsx";
import { useCreateItem } from "../../features/admin/catalogue-loaders.ts";
import { ExhibitForm } from "../../features/admin/exhibit-form.tsx";
import { CatalogueName, CatalogueThumb, PublishedBadge, ThumbHeader } from "../../features/admin/ui/catalogue-cells.tsx";
import { DataTable } from "../../features/admin/ui/data-table.tsx";
import { Badge } from "../../ui/badge.tsx";

async function load({ request }: Route.ClientLoaderArgs) {
  return { exhibits: (await loadAdmin<ApiAnswer<typeof adminExhibitsAnswer>>(request, "/exhibits")).data };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminExhibits.title");
}

/** The showcase items: the list, and a form for a new one (pictures are added on its page). */
export default function AdminExhibits() {
  const ta = useAdminText();
  const create = useCreateItem("/exhibits");
  const { exhibits } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1 className={styles.title}>{ta("adminExhibits.title")}</h1>
      <section className={styles.section}>
        <DataTable
          rows={exhibits}
          rowKey={(exhibit) => exhibit.id}
          rowTestId="admin-exhibit-row"
          empty={ta("adminExhibits.empty")}
          columns={[
            { header: <ThumbHeader />, cell: (exhibit) => <CatalogueThumb imageId={exhibit.images[0]?.id} /> },
            {
              header: ta("adminProducts.name"),
              rowHeader: true,
              cell: (exhibit) => <CatalogueName to={`/admin/exhibits/${exhibit.id}`} ja={exhibit.name_ja} en={exhibit.name_en} />,
            },
            {
              header: ta("adminProducts.state"),
              cellClassName: styles.nowrap,
              cell: (exhibit) => (
                <>
                  <PublishedBadge published={exhibit.published} /> {exhibit.top && <Badge tone="wine">{ta("adminExhibits.topBadge")}</Badge>}
                </>
              ),
            },
            { header: ta("adminProduct.sortOrder"), cellClassName: styles.number, cell: (exhibit) => exhibit.sort_order },
          ]}
        />
      </section>
      <AdminSection id="new-exhibit" title={ta("adminExhibits.new")}>
        <ExhibitForm submitLabel={ta("adminProduct.create")} onSave={create} />
      </AdminSection>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
