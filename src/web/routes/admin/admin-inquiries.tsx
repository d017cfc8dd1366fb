import type { FormEvent } from "react";
import { Link, useLoaderData, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/admin-inquiries";
import { formatDateTime } from "../../../domain/format.ts";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import list from "../../features/admin/admin-orders.module.css";
import { useOpsText } from "../../features/admin/ops-i18n.ts";
import { OpsLoading } from "../../features/admin/ops-fallback.tsx";
import { OpsPagination } from "../../features/admin/ops-pagination.tsx";
import type { InquirySummary, Paged } from "../../features/admin/ops-resources.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
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
  const navigation = useNavigation();
  const { current_page, total_page, total_count } = inquiries.meta.pagination;

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
        <form key={search} className={list.filters} onSubmit={submit} role="search" method="get">
          <Select label={to("inquiries.state")} name="state" defaultValue={state} options={STATES.map((value) => ({ value, label: to(`inquiries.state.${value}`) }))} />
          <div className={list.search}>
            <Input label={to("inquiries.q")} name="q" type="search" defaultValue={q} />
          </div>
          <div className={list.buttons}>
            <Button type="submit">{to("ops.apply")}</Button>
            <Link to="/admin/inquiries" replace className={buttonClass("ghost")}>
              {to("ops.clear")}
            </Link>
          </div>
        </form>
      </section>
      <section className={styles.section} aria-labelledby="inquiries-list" aria-busy={navigation.state === "loading"}>
        <div className={list.listHeader}>
          <h2 id="inquiries-list" className={styles.sectionTitle}>
            {to("inquiries.list")}
          </h2>
          <span className={styles.muted}>{to("ops.count", { count: total_count })}</span>
        </div>
        {inquiries.data.length === 0 ? (
          <p className={styles.muted}>{to("inquiries.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-labelledby="inquiries-list">
              <thead>
                <tr>
                  <th scope="col">{to("inquiries.subject")}</th>
                  <th scope="col">{to("inquiries.from")}</th>
                  <th scope="col">{to("inquiries.receivedAt")}</th>
                  <th scope="col">{to("inquiries.state")}</th>
                  <th scope="col" className={styles.number}>
                    {to("inquiries.replies")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {inquiries.data.map((inquiry) => (
                  <tr key={inquiry.id} data-testid="admin-inquiry-row">
                    <th scope="row">
                      <Link to={`/admin/inquiries/${inquiry.id}`} state={{ listSearch: search ? `?${search}` : "" }}>
                        {inquiry.subject}
                      </Link>
                    </th>
                    <td>
                      <span className={list.name}>{inquiry.name}</span>
                      <span className={list.email}>{inquiry.email}</span>
                    </td>
                    <td className={styles.nowrap}>{formatDateTime(new Date(inquiry.created_at), locale)}</td>
                    <td className={styles.nowrap}>
                      <Badge tone={inquiry.handled_at ? "success" : "danger"}>{to(inquiry.handled_at ? "inquiries.state.handled" : "inquiries.state.unhandled")}</Badge>
                    </td>
                    <td className={styles.number}>{to("inquiries.repliesCount", { count: inquiry.replies })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <OpsPagination path="/admin/inquiries" search={new URLSearchParams(search)} current={current_page} total={total_page} />
      </section>
    </>
  );
}

export function HydrateFallback() {
  return <OpsLoading />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
