import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { adminExhibitsAnswer } from "../../../domain/answers/admin-catalog.ts";
import { Link, useLoaderData, useNavigate } from "react-router";
import type { Route } from "./+types/admin-exhibits";
import type { AdminExhibit } from "../../../domain/admin-catalog.ts";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import css from "../../features/admin/admin-catalogue.module.css";
import { saveForm } from "../../features/admin/catalogue-loaders.ts";
import { ExhibitForm } from "../../features/admin/exhibit-form.tsx";
import { Badge } from "../../ui/badge.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";

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
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { exhibits } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1 className={styles.title}>{ta("adminExhibits.title")}</h1>
      <section className={styles.section}>
        {exhibits.length === 0 ? (
          <p className={styles.muted}>{ta("adminExhibits.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{ta("adminProducts.image")}</span>
                  </th>
                  <th scope="col">{ta("adminProducts.name")}</th>
                  <th scope="col">{ta("adminProducts.state")}</th>
                  <th scope="col">{ta("adminProduct.sortOrder")}</th>
                </tr>
              </thead>
              <tbody>
                {exhibits.map((exhibit) => (
                  <tr key={exhibit.id} data-testid="admin-exhibit-row">
                    <td>
                      {exhibit.images[0] && <img className={css.thumb} src={`/images/${exhibit.images[0].id}/240w.webp`} alt="" width={48} height={48} />}
                    </td>
                    <th scope="row">
                      <Link to={`/admin/exhibits/${exhibit.id}`}>{exhibit.name_ja}</Link>
                      <span className={styles.muted}> / {exhibit.name_en}</span>
                    </th>
                    <td className={styles.nowrap}>
                      <Badge tone={exhibit.published ? "success" : "grey"}>
                        {ta(exhibit.published ? "adminProducts.state.published" : "adminProducts.state.unpublished")}
                      </Badge>{" "}
                      {exhibit.top && <Badge tone="wine">{ta("adminExhibits.topBadge")}</Badge>}
                    </td>
                    <td className={styles.number}>{exhibit.sort_order}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className={styles.section} aria-labelledby="new-exhibit">
        <h2 id="new-exhibit" className={styles.sectionTitle}>
          {ta("adminExhibits.new")}
        </h2>
        <ExhibitForm
          submitLabel={ta("adminProduct.create")}
          onSave={async (body) => {
            const outcome = await saveForm<AdminExhibit>("/exhibits", "POST", body, ta("admin.requestFailed"));
            if (outcome.ok && outcome.data) {
              snackbar.show("success", ta("adminProduct.created"));
              void navigate(`/admin/exhibits/${outcome.data.id}`);
            }
            return outcome;
          }}
        />
      </section>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
