import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-audit-log";
import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { auditLogAnswer } from "../../../domain/answers/records.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import { adminLoader } from "../../features/admin/admin-api.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { useOpsText } from "../../features/admin/ops-i18n.ts";
import { OpsDateTime, OpsListFilters } from "../../features/admin/ops-list.tsx";
import type { StaffEntry } from "../../features/admin/ops-resources.ts";
import { PagedList } from "../../features/admin/ui/paged-list.tsx";
import { OwnerOnlyPage } from "../../features/admin/ui/owner-only-notice.tsx";
import { loadOwnerOnly } from "../../features/admin/owner-only.ts";
import { userAgentSummary } from "../../features/admin/user-agent-summary.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Input, Select } from "../../ui/field.tsx";

type AuditLog = ApiAnswer<typeof auditLogAnswer>;

/** One entry of GET /admin/api/audit_log (decision 065); of its open `details`, the keys this page reads. */
type AuditEntry = Omit<AuditLog["data"][number], "details"> & {
  details: { fields?: string[]; values?: Record<string, number | boolean>; known_account?: boolean };
};

/** The families of actions the filter offers; an entry's action is `family.verb`. */
const FAMILIES = ["staff", "order", "stock", "product", "exhibit", "series", "liquor_type", "upload", "member", "inquiry", "magazine", "settings"] as const;

async function load({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const name of ["staff_id", "action", "from", "to", "page"]) {
    const value = search.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const [log, staff] = await Promise.all([
    loadOwnerOnly<Omit<AuditLog, "data"> & { data: AuditEntry[] }>(request, `/audit_log?${query.toString()}`),
    loadOwnerOnly<{ data: StaffEntry[] }>(request, "/staff"),
  ]);
  return { log, staff: staff?.data ?? [], search: query.toString(), filter: Object.fromEntries(query) as Record<string, string> };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "admin.nav.auditLog");
}

/** What an entry changed: the fields named, the numbers with their values. */
function changed(entry: AuditEntry): string {
  const values = entry.details.values ?? {};
  return (entry.details.fields ?? []).map((field) => (field in values ? `${field}=${String(values[field])}` : field)).join(", ");
}

/** What an entry acted on: an order by its printed number (a link), anything else by its kind and id. */
function Target({ entry }: { entry: AuditEntry }) {
  if (!entry.target_kind) return null;
  const kind = entry.target_kind_label ?? entry.target_kind;
  if (entry.target_kind === "order" && entry.target_id) {
    return (
      <>
        {kind} <Link to={`/admin/orders/${entry.target_id}`}>{orderNumberForShopper(entry.target_id)}</Link>
      </>
    );
  }
  return <>{entry.target_id ? `${kind} #${entry.target_id}` : kind}</>;
}

/** The owner's staff audit log: who did what to what, when and from where, filtered by staff, kind of action and dates. */
export default function AdminAuditLog() {
  const to = useOpsText();
  const { locale } = useI18n();
  const { log, staff, search, filter } = useLoaderData<typeof clientLoader>();

  if (!log) return <OwnerOnlyPage title={to("audit.title")} />;
  return (
    <>
      <h1 className={styles.title}>{to("audit.title")}</h1>
      <p className={styles.muted}>{to("audit.lead")}</p>
      <section className={styles.section}>
        <OpsListFilters path="/admin/audit-log" search={search} submitLabel={to("ops.search")}>
          <Select
            label={to("audit.staff")}
            name="staff_id"
            defaultValue={filter.staff_id ?? ""}
            options={[{ value: "", label: to("audit.all") }, ...staff.map((entry) => ({ value: String(entry.id), label: entry.email }))]}
          />
          <Select
            label={to("audit.action")}
            name="action"
            defaultValue={filter.action ?? ""}
            options={[{ value: "", label: to("audit.all") }, ...FAMILIES.map((family) => ({ value: `${family}.`, label: to(`audit.family.${family}`) }))]}
          />
          <Input label={to("audit.from")} name="from" type="date" defaultValue={filter.from ?? ""} />
          <Input label={to("audit.to")} name="to" type="date" defaultValue={filter.to ?? ""} />
        </OpsListFilters>
      </section>
      <PagedList
        id="audit-list"
        title={to("audit.list")}
        emptyText={to("audit.empty")}
        path="/admin/audit-log"
        search={search}
        list={log}
        rowTestId="audit-row"
        columns={[
          { header: to("audit.at"), cell: (entry) => <OpsDateTime at={entry.at} locale={locale} /> },
          { header: to("audit.who"), cell: (entry) => entry.staff_email ?? to("audit.unknownAccount") },
          {
            header: to("audit.what"),
            rowHeader: true,
            cell: (entry) => (
              <>
                <span title={entry.action}>{entry.action_label ?? entry.action}</span>{" "}
                {entry.outcome === "failure" && <Badge tone="danger">{to("audit.failure")}</Badge>}
              </>
            ),
          },
          { header: to("audit.target"), cellClassName: styles.nowrap, cell: (entry) => <Target entry={entry} /> },
          { header: to("audit.changes"), cell: changed },
          {
            header: to("audit.from.where"),
            cell: (entry) => (
              <>
                {entry.ip}
                {entry.user_agent && (
                  <>
                    <br />
                    <small className={styles.muted} title={entry.user_agent} data-testid="audit-agent">
                      {userAgentSummary(entry.user_agent)}
                    </small>
                  </>
                )}
              </>
            ),
          },
        ]}
      />
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
