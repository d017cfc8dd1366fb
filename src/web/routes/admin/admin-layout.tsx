import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { staffSessionAnswer } from "../../../domain/answers/admin-session.ts";
import { Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-layout";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { useMorningText } from "../../features/admin/morning-i18n.ts";
import { useBulkText } from "../../features/admin/bulk-i18n.ts";
import { useOpsText } from "../../features/admin/ops-i18n.ts";
import { AdminNav } from "../../features/admin/admin-nav.tsx";
import styles from "../../features/admin/admin.module.css";
import { AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import { SnackbarProvider } from "../../ui/snackbar.tsx";

/**
 * The back office's frame: its own header (shop, staff e-mail, language, ログアウト) and side
 * navigation, none of the shop's. The staff session is asked for in the browser
 * (GET /admin/api/session); without one — a guest or a signed-in shopper — the visitor is sent to
 * /admin/login before any back-office screen renders.
 */
async function load({ request }: Route.ClientLoaderArgs) {
  const session = await loadAdmin<ApiAnswer<typeof staffSessionAnswer>>(request, "/session");
  return { staff: session.staff };
}
// The sign-in redirect is returned, not thrown (adminLoader): no uncaught "Response" on /admin.
export const clientLoader = adminLoader(load);

// The session is checked on entering the back office; every later read answers 401 by itself
// when it has ended, and its page then sends the visitor to sign in.
export function shouldRevalidate() {
  return false;
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches);
}

export default function AdminLayout() {
  const { staff } = useLoaderData<typeof clientLoader>();
  return (
    <SnackbarProvider>
      <div className={styles.shell}>
        <AdminHeader email={staff.email} />
        <div className={styles.body}>
          <AdminNav owner={staff.role === "owner"} />
          <main id="main" className={styles.main}>
            <Outlet />
          </main>
        </div>
      </div>
    </SnackbarProvider>
  );
}

export function HydrateFallback() {
  const ta = useAdminText();
  const tb = useBulkText();
  const tm = useMorningText();
  const to = useOpsText();
  return (
    <div className={styles.shell}>
      <AdminHeader />
      <p className={styles.main} role="status">
        {ta("admin.checking")}
      </p>
      {/* Without JavaScript the frame never renders: the screens rendered on the server still work (decisions 067, 069). */}
      <noscript>
        <p className={styles.main}>
          {tb("bulk.noscript")} <a href="/admin/orders/bulk">{tb("bulk.title")}</a> ・ <a href="/admin/issued-data">{tm("issued.nav")}</a> ・{" "}
          <a href="/admin/settings/payments">{to("settings.payments")}</a>
        </p>
      </noscript>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className={styles.shell}>
      <AdminHeader />
      <div className={styles.body}>
        <AdminNav />
        <main id="main" className={styles.main}>
          <AdminRouteError />
        </main>
      </div>
    </div>
  );
}
