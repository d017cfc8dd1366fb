import type { FormEvent } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import type { Route } from "./+types/admin-inquiries";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import list from "../../features/admin/admin-orders.module.css";
import { useOpsText } from "../../features/admin/ops-i18n.ts";
import { OpsDateTime, OpsListFilters } from "../../features/admin/ops-list.tsx";
import { PagedList } from "../../features/admin/ui/paged-list.tsx";
import type { InquirySummary, Paged } from "../../features/admin/ops-resources.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Input, Select } from "../../ui/field.tsx";

const STATES = ["all", "unhandled", "handled"] as const;

async function load({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const state = (STATES as readonly string[]).includes(search.get("state") ?? "") ? search.get("state")! : "all";
  const q = search.get("q")?.trim().slice(0, 100) ?? "";
  const query = new URLSearchParams({ state });
  if (q) query.set("q", q);
  const page = Number(search.get("page"));
  if (Number.isInteger(page) && page > 1) query.set("page", String(page));
  const inquiries = await loadAdmin<Paged<InquirySummary>>(request, `/inquiries?${query.toString()}`);
  return { state, q, search: search.toString(), inquiries };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "admin.nav.inquiries");
}

/** The inbox: unhandled first (or only one state), searchable, 20 a page. */
export default function AdminInquiries() {
  const to = useOpsText();
  const { locale } = useI18n();
  const { state, q, search, inquiries } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const chosen = String(form.get("state") ?? "all");
    if (chosen !== "all") next.set("state", chosen);
    const text = String(form.get("q") ?? "").trim();
    if (text) next.set("q", text);
    void navigate(next.size ? `/admin/inquiries?${next.toString()}` : "/admin/inquiries", { replace: true });
  }

  return (
    <>
      <h1 className={styles.title}>{to("inquiries.title")}</h1>
      <section className={styles.section}>
        <OpsListFilters path="/admin/inquiries" search={search} submitLabel={to("ops.apply")} onSubmit={submit}>
          <Select
            label={to("inquiries.state")}
            name="state"
            defaultValue={state}
            options={STATES.map((value) => ({ value, label: to(`inquiries.state.${value}`) }))}
          />
          <div className={list.search}>
            <Input label={to("inquiries.q")} name="q" type="search" defaultValue={q} />
          </div>
        </OpsListFilters>
      </section>
      <PagedList
        id="inquiries-list"
        title={to("inquiries.list")}
        emptyText={to("inquiries.empty")}
        path="/admin/inquiries"
        search={search}
        list={inquiries}
        rowTestId="admin-inquiry-row"
        columns={[
          {
            header: to("inquiries.subject"),
            rowHeader: true,
            cell: (inquiry) => (
              <Link to={`/admin/inquiries/${inquiry.id}`} state={{ listSearch: search ? `?${search}` : "" }}>
                {inquiry.subject}
              </Link>
            ),
          },
          {
            header: to("inquiries.from"),
            cell: (inquiry) => (
              <>
                <span className={list.name}>{inquiry.name}</span>
                <span className={list.email}>{inquiry.email}</span>
              </>
            ),
          },
          { header: to("inquiries.receivedAt"), cell: (inquiry) => <OpsDateTime at={inquiry.created_at} locale={locale} /> },
          {
            header: to("inquiries.state"),
            cellClassName: styles.nowrap,
            cell: (inquiry) => (
              <Badge tone={inquiry.handled_at ? "success" : "danger"}>{to(inquiry.handled_at ? "inquiries.state.handled" : "inquiries.state.unhandled")}</Badge>
            ),
          },
          { header: to("inquiries.replies"), className: styles.number, cell: (inquiry) => to("inquiries.repliesCount", { count: inquiry.replies }) },
        ]}
      />
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
