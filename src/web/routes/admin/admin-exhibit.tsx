import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { adminExhibitAnswer } from "../../../domain/answers/admin-catalog.ts";
import { useState } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import type { Route } from "./+types/admin-exhibit";
import { adminLoader, callAdminApi, errorsOf, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { useUpdateItem } from "../../features/admin/catalogue-loaders.ts";
import { ExhibitForm } from "../../features/admin/exhibit-form.tsx";
import { ImageManager } from "../../features/admin/image-manager.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";

async function load({ request, params }: Route.ClientLoaderArgs) {
  return { exhibit: (await loadAdmin<ApiAnswer<typeof adminExhibitAnswer>>(request, `/exhibits/${encodeURIComponent(params.id)}`)).data };
}
export const clientLoader = adminLoader(load);

export function meta({ matches, loaderData: data }: Route.MetaArgs) {
  return adminMeta(matches, data ? { text: data.exhibit.name_ja } : "adminExhibits.title");
}

/** One exhibit: its fields, its pictures, and deleting it (after asking). */
export default function AdminExhibitPage() {
  const ta = useAdminText();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const { exhibit } = useLoaderData<typeof clientLoader>();
  const save = useUpdateItem(`/exhibits/${exhibit.id}`);
  const [confirming, setConfirming] = useState(false);

  async function remove() {
    const result = await callAdminApi(`/exhibits/${exhibit.id}`, { method: "DELETE" }).catch(() => undefined);
    setConfirming(false);
    if (result?.ok) {
      snackbar.show("success", ta("adminExhibits.deleted"));
      void navigate("/admin/exhibits");
    } else snackbar.show("danger", errorsOf(result?.body as { errors?: unknown } | undefined, ta("admin.requestFailed")));
  }

  return (
    <>
      <p>
        <Link to="/admin/exhibits">{ta("adminExhibits.back")}</Link>
      </p>
      <h1 className={styles.title}>{exhibit.name_ja}</h1>
      <section className={styles.section}>
        <ImageManager ownerPath={`/exhibits/${exhibit.id}`} images={exhibit.images} label={ta("adminImages.title")} />
      </section>
      <section className={styles.section}>
        <ExhibitForm key={JSON.stringify(exhibit)} exhibit={exhibit} submitLabel={ta("adminProduct.save")} onSave={save} />
      </section>
      <section className={styles.section}>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {ta("adminExhibits.delete")}
        </Button>
      </section>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={ta("adminExhibits.deleteTitle")}
        closeLabel={ta("adminOrder.close")}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {ta("adminOrder.cancelKeep")}
            </Button>
            <Button onClick={() => void remove()}>{ta("adminExhibits.delete")}</Button>
          </>
        }
      >
        <p>{ta("adminExhibits.deleteBody", { name: exhibit.name_ja })}</p>
      </Dialog>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
