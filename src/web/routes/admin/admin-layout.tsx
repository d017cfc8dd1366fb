import { NavLink, Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-layout";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import type { SessionAnswer } from "../../features/admin/admin-resources.ts";
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
  const session = await loadAdmin<SessionAnswer>(request, "/session");
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

/** `owner` adds the owner's screens (settings, staff); staff would only be told they may not. */
function AdminNav({ owner = false }: { owner?: boolean }) {
  const ta = useAdminText();
  return (
    <nav className={styles.nav} aria-label={ta("admin.nav")}>
      <ul>
        <li>
          <NavLink to="/admin" end>
            {ta("admin.nav.dashboard")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/orders">{ta("admin.nav.orders")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/products">{ta("admin.nav.products")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/exhibits">{ta("admin.nav.exhibits")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/series">{ta("admin.nav.series")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/reports/liquor-sales">{ta("admin.nav.reports")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/ledger">{ta("admin.nav.ledger")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/magazine">{ta("admin.nav.magazine")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/inquiries">{ta("admin.nav.inquiries")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/members">{ta("admin.nav.members")}</NavLink>
        </li>
        {owner && (
          <>
            <li>
              <NavLink to="/admin/settings">{ta("admin.nav.settings")}</NavLink>
            </li>
            <li>
              <NavLink to="/admin/staff">{ta("admin.nav.staff")}</NavLink>
            </li>
          </>
        )}
        <li className={styles.navAside}>
          <a href="/" target="_blank" rel="noopener">
            {ta("admin.toShop")}
          </a>
        </li>
      </ul>
    </nav>
  );
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
  return (
    <div className={styles.shell}>
      <AdminHeader />
      <p className={styles.main} role="status">
        {ta("admin.checking")}
      </p>
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
