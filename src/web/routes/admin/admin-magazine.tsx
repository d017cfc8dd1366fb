import type { FormEvent } from "react";
import { useState } from "react";
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-magazine";
import { formatDateTime } from "../../../domain/format.ts";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { magazineSubscribersAnswer } from "../../../domain/answers/admin-people.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import report from "../../features/admin/admin-report.module.css";
import { ReportActions, ReportSection, ReportTable, csvHref } from "../../features/admin/report-table.tsx";
import { useAdminWrite } from "../../features/admin/use-admin-write.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Input, Textarea } from "../../ui/field.tsx";

const FILTERS = ["all", "subscribed", "pending", "unsubscribed"] as const;
type Filter = (typeof FILTERS)[number];

async function load({ request }: Route.ClientLoaderArgs) {
  const status = new URL(request.url).searchParams.get("status") ?? "all";
  const filter: Filter = FILTERS.find((each) => each === status) ?? "all";
  return { filter, list: await loadAdmin<ApiAnswer<typeof magazineSubscribersAnswer>>(request, `/magazine/subscribers?status=${filter}`) };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminMagazine.title");
}

/** Sends an issue to every confirmed subscriber, after the trader confirms the count. */
function IssueForm({ recipients }: { recipients: number }) {
  const ta = useAdminText();
  const write = useAdminWrite();
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (!window.confirm(ta("adminMagazine.confirmSend", { count: recipients }))) return;
    setSending(true);
    const sent = await write(
      "/magazine/issues",
      "POST",
      { subject: data.get("subject"), body: data.get("body") },
      ta("adminMagazine.sent", { count: recipients }),
    );
    setSending(false);
    if (sent) form.reset();
  }

  return (
    <form onSubmit={(event) => void send(event)} aria-labelledby="magazine-issue">
      <h2 id="magazine-issue" className={styles.sectionTitle}>
        {ta("adminMagazine.issue")}
      </h2>
      <p className={styles.muted}>{ta("adminMagazine.issueNote")}</p>
      <Input label={ta("adminMagazine.subject")} name="subject" required maxLength={200} />
      <Textarea label={ta("adminMagazine.body")} name="body" required rows={10} maxLength={20_000} hint={ta("adminMagazine.bodyHint")} />
      <Button type="submit" disabled={sending || recipients === 0}>
        {sending ? ta("adminMagazine.sending") : ta("adminMagazine.send", { count: recipients })}
      </Button>
    </form>
  );
}

/** The mail magazine: subscribers with their consent time, CSV export, and sending an issue. */
export default function AdminMagazine() {
  const ta = useAdminText();
  const { locale } = useI18n();
  const { filter, list } = useLoaderData<typeof clientLoader>();
  const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso), locale) : "—");

  return (
    <>
      <h1 className={styles.title}>{ta("adminMagazine.title")}</h1>
      <section className={styles.section}>
        <IssueForm recipients={list.meta.counts.subscribed} />
      </section>
      <ReportSection id="magazine-subscribers" title={ta("adminMagazine.subscribers")}>
        <div className={report.controls}>
          <nav aria-label={ta("adminMagazine.filter")} className={report.actions}>
            {FILTERS.map((each) => (
              <Link
                key={each}
                to={`?status=${each}`}
                replace
                aria-current={each === filter ? "page" : undefined}
                className={buttonClass(each === filter ? "primary" : "ghost")}
              >
                {ta(`adminMagazine.filter.${each}`)}
                {each !== "all" && ` (${list.meta.counts[each]})`}
              </Link>
            ))}
          </nav>
          <ReportActions downloads={[{ href: csvHref("magazine/subscribers", { status: filter }), label: ta("adminReport.download") }]} />
        </div>
        <ReportTable
          rows={list.data}
          rowKey={(row) => String(row.id)}
          empty={ta("adminMagazine.empty")}
          columns={[
            {
              label: ta("adminMagazine.email"),
              rowHeader: true,
              cell: (row) => (
                <>
                  {row.email}
                  {row.member && <span className={styles.muted}> ({ta("adminMagazine.member")})</span>}
                </>
              ),
            },
            { label: ta("adminMagazine.status"), cell: (row) => ta(`adminMagazine.filter.${row.status}`) },
            { label: ta("adminMagazine.consentedAt"), cell: (row) => time(row.consented_at), className: styles.nowrap },
            { label: ta("adminMagazine.unsubscribedAt"), cell: (row) => time(row.unsubscribed_at), className: styles.nowrap },
          ]}
        />
      </ReportSection>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
