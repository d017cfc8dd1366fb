import { Link, redirect } from "react-router";
import type { JobView } from "../../../domain/bulk-moves.ts";
import { formatDateTime } from "../../../domain/format.ts";
import type { Route } from "./+types/admin-job";
import { ADMIN_LOGIN_PATH } from "../../features/admin/admin-api.ts";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { bulkText, useBulkText } from "../../features/admin/bulk-i18n.ts";
import { ResultRows } from "../../features/admin/bulk-orders.tsx";
import { pageContext } from "../../load-context.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";

/** Seconds between the page's refreshes while the job is queued or running. */
const REFRESH_SECONDS = 2;

function finished(job: JobView): boolean {
  return job.state === "done" || job.state === "failed";
}

/**
 * A long job's progress and result (decision 069), rendered on the server from
 * GET /admin/api/jobs/{id} as the visitor. While it runs the page refreshes itself
 * (`<meta http-equiv="refresh">`): the same with JavaScript or without, and the trader may leave
 * and come back to the same address for the result.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const answer = await page.api("GET", `/admin/api/jobs/${encodeURIComponent(params.id)}`);
  if (answer.status === 401) throw redirect(`${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(`/admin/jobs/${params.id}`)}`);
  if (answer.status === 404) throw new Response("Not Found", { status: 404 });
  if (answer.status !== 200) throw new Error(`GET /admin/api/jobs answered ${answer.status}`);
  return { locale: page.locale, job: (answer.body as { data: JobView }).data };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const base = adminMeta(matches, { text: bulkText(loaderData?.locale ?? "ja", "job.title") });
  return loaderData && !finished(loaderData.job) ? [...base, { httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : base;
}

export default function AdminJob({ loaderData }: Route.ComponentProps) {
  const tb = useBulkText();
  const { locale } = useI18n();
  const { job } = loaderData;
  const movedLabel = tb(job.kind === "bulk_deposit" ? "bulk.state.moved.deposit" : "bulk.state.moved.ship");
  return (
    <div className={styles.shell}>
      <AdminHeader />
      <main id="main" className={styles.main}>
        <p>
          <Link to="/admin/orders">{tb("bulk.back")}</Link>
        </p>
        <h1 className={styles.title}>{tb("job.title")}</h1>
        <section className={styles.section} aria-labelledby="job-kind" data-testid="job" data-state={job.state}>
          <h2 id="job-kind" className={styles.sectionTitle}>
            {tb(`job.kind.${job.kind}`)}
          </h2>
          <p className={styles.muted}>{tb("job.started", { at: formatDateTime(new Date(job.created_at), locale) })}</p>
          <p role="status" data-testid="job-state">
            {tb(`job.state.${job.state}`)} — {tb("job.progress", { done: job.done, total: job.total })}
          </p>
          <progress value={job.done} max={job.total} aria-label={tb("job.title")}>
            {tb("job.progress", { done: job.done, total: job.total })}
          </progress>
          {!finished(job) && (
            <p className={styles.muted}>
              {tb("job.leave")} {tb("job.refreshing")}
            </p>
          )}
          {job.error && (
            <Notice tone="danger" testId="job-error">
              {job.error}
            </Notice>
          )}
          {finished(job) && (
            <>
              <Notice tone={job.counts.refused > 0 ? "info" : "success"} testId="job-counts">
                {tb("job.counts", job.counts)}
              </Notice>
              <ResultRows rows={job.rows} movedLabel={movedLabel} />
            </>
          )}
        </section>
      </main>
    </div>
  );
}
