import { useAdminText } from "./admin-i18n.ts";

/** What an operations screen shows while its first read runs. */
export function OpsLoading() {
  const ta = useAdminText();
  return <p role="status">{ta("admin.loading")}</p>;
}
