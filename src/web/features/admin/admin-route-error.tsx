import { isRouteErrorResponse, useRouteError } from "react-router";
import { Notice } from "../../ui/notice.tsx";
import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";

/** What a back-office screen shows while its client loader reads its data (its `HydrateFallback`). */
export function AdminLoading() {
  const ta = useAdminText();
  return <p role="status">{ta("admin.loading")}</p>;
}

/** What a back-office screen shows when its data could not be read: not found, or a failure (its `ErrorBoundary`). */
export function AdminRouteError() {
  const ta = useAdminText();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <>
      <h1 className={styles.title}>{notFound ? ta("admin.notFound") : ta("admin.error.title")}</h1>
      {!notFound && <Notice tone="danger">{ta("admin.error.body")}</Notice>}
    </>
  );
}
