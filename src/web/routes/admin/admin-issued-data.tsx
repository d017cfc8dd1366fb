import type { FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { issuedDataPreviewAnswer, issuedDataResultAnswer, jobQueuedAnswer } from "../../../domain/answers/jobs.ts";
import type { ImportPreview, ImportResult, ImportRow, ShipmentToConfirm } from "../../../domain/issued-data-import.ts";
import type { Route } from "./+types/admin-issued-data";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { AdminNav } from "../../features/admin/admin-nav.tsx";
import type { SessionAnswer } from "../../features/admin/admin-resources.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { morningText, useMorningText } from "../../features/admin/morning-i18n.ts";
import { ReportSection, ReportTable } from "../../features/admin/report-table.tsx";
import { pageContext } from "../../load-context.ts";
import { csrfToken } from "../../shared/site/api.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { CSRF_FIELD, postedForm, REQUEST_KEY_FIELD } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Notice } from "../../ui/notice.tsx";
import { refusalOf } from "../../features/admin/order-refusal.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { toStaffLogin } from "../../features/admin/ui/server-page.tsx";

const PAGE_PATH = "/admin/issued-data";
const API_PATH = "/admin/api/shipments/issued-data";
/** The API takes files up to 4 MB; the form's other fields are small. */
const MAX_POST_BYTES = 4 * 1024 * 1024 + 64 * 1024;

type ActionAnswer =
  { step: "preview"; preview: ImportPreview; requestKey: string } | { step: "result"; result: ImportResult } | { step: "refused"; errors: string[] };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: morningText(loaderData?.locale ?? "ja", "issued.title") });
}

/**
 * Rendered on the server (not a client loader as the other back-office screens), so the upload
 * works before and without JavaScript (decision 067): staff only, asked of the API as the visitor.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const session = await page.api("GET", "/admin/api/session");
  if (session.status !== 200) throw toStaffLogin(PAGE_PATH);
  return { locale: page.locale, staff: (session.body as SessionAnswer).staff };
}

/**
 * The two posts of the page, each handed to the API as the visitor with the form's CSRF token:
 * `intent=preview` with the file (multipart), `intent=confirm` with the rows the preview would
 * ship and the request key the preview handed out (a form posted twice is booked once).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const refused = (errors: string[], status: number) => data<ActionAnswer>({ step: "refused", errors }, { status });
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return refused([morningText(page.locale, "issued.failed")], form);
  const csrfToken = String(form.get(CSRF_FIELD) ?? "");
  const errorsOf = (body: unknown) => refusalOf(body, morningText(page.locale, "issued.failed")).errors;
  if (form.get("intent") === "confirm") {
    let shipments: ShipmentToConfirm[] = [];
    try {
      shipments = JSON.parse(String(form.get("shipments") ?? "[]")) as ShipmentToConfirm[];
    } catch {
      // Sent on as it is: the API refuses it with its message.
    }
    const answer = await page.api("POST", API_PATH, { shipments }, { csrfToken, requestKey: String(form.get(REQUEST_KEY_FIELD) ?? "") || crypto.randomUUID() });
    if (answer.status === 401) throw toStaffLogin(PAGE_PATH);
    // Many rows: the confirm runs as a job whose page shows its progress (decision 069).
    if (answer.status === 202) return redirect(`/admin/jobs/${(answer.body as ApiAnswer<typeof jobQueuedAnswer>).data.job.id}`);
    if (answer.status !== 200) return refused(errorsOf(answer.body), answer.status);
    return data<ActionAnswer>({
      step: "result",
      result: withPreviewRows((answer.body as ApiAnswer<typeof issuedDataResultAnswer>).data, String(form.get("unsent") ?? "")),
    });
  }
  const file = form.get("file");
  const bytes = file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
  const answer = await page.api("POST", `${API_PATH}/preview`, { file: bytes.toString("base64") }, { csrfToken });
  if (answer.status === 401) throw toStaffLogin(PAGE_PATH);
  if (answer.status !== 200) return refused(errorsOf(answer.body), answer.status);
  return data<ActionAnswer>({ step: "preview", preview: (answer.body as ApiAnswer<typeof issuedDataPreviewAnswer>).data, requestKey: crypto.randomUUID() });
}

/**
 * The result with the rows the preview did not send to ship (refused, or shipped already with the
 * same slip), as the preview showed them, in the file's order: the result says what became of every
 * row of the file, not only of those confirmed. Those rows come back from this page's own form; only
 * what a row table shows is kept of them.
 */
function withPreviewRows(result: ImportResult, unsent: string): ImportResult {
  let carried: ImportRow[] = [];
  try {
    const parsed: unknown = JSON.parse(unsent || "[]");
    if (Array.isArray(parsed)) carried = parsed.slice(0, 2000).flatMap((row) => previewRowOf(row));
  } catch {
    carried = [];
  }
  const rows = [...result.rows, ...carried].sort((a, b) => a.line - b.line);
  return {
    rows,
    counts: {
      shipped: result.counts.shipped,
      done: rows.filter((row) => row.state === "done").length,
      refused: rows.filter((row) => row.state === "refused").length,
    },
  };
}

function previewRowOf(value: unknown): ImportRow[] {
  if (value === null || typeof value !== "object") return [];
  const row = value as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === "string" ? field.slice(0, 200) : null);
  if (typeof row.line !== "number" || !Number.isSafeInteger(row.line) || (row.state !== "refused" && row.state !== "done")) return [];
  const tracking = text(row.tracking_url);
  return [
    {
      line: row.line,
      reference: text(row.reference) ?? "",
      order_id: text(row.order_id),
      order_number: text(row.order_number),
      slip_number: text(row.slip_number) ?? "",
      carrier: row.carrier as ImportRow["carrier"],
      carrier_label: text(row.carrier_label) ?? "",
      tracking_url: tracking?.startsWith("https://") ? tracking : null,
      state: row.state,
      reason: null,
      message: text(row.message),
    },
  ];
}

/**
 * With JavaScript, the page's current token: a sign-in in this tab rotated it after the server wrote
 * the hidden field (the meta tag holds the new one, decision 003).
 */
function withCurrentToken(event: FormEvent<HTMLFormElement>): void {
  const field = event.currentTarget.elements.namedItem(CSRF_FIELD);
  if (field instanceof HTMLInputElement && csrfToken()) field.value = csrfToken();
}

function RowsTable({ rows, shipped }: { rows: ImportRow[]; shipped: boolean }) {
  const tm = useMorningText();
  const state = (row: ImportRow) =>
    row.state === "ship" ? (shipped ? tm("issued.stateShipped") : tm("issued.stateShip")) : row.state === "done" ? tm("issued.stateDone") : row.message;
  return (
    <ReportTable
      rows={rows}
      rowKey={(row) => `${row.line}-${row.reference}`}
      empty={tm("issued.nothing")}
      columns={[
        { label: tm("issued.line"), cell: (row) => row.line, numeric: true },
        { label: tm("issued.reference"), cell: (row) => row.reference || "—", rowHeader: true },
        { label: tm("issued.order"), cell: (row) => (row.order_id ? <Link to={`/admin/orders/${row.order_id}`}>{row.order_number}</Link> : "—") },
        {
          label: tm("issued.slip"),
          cell: (row) =>
            row.tracking_url ? (
              <a href={row.tracking_url} target="_blank" rel="noreferrer">
                {row.slip_number}
              </a>
            ) : (
              row.slip_number || "—"
            ),
        },
        { label: tm("issued.carrier"), cell: (row) => row.carrier_label },
        { label: tm("issued.result"), cell: (row) => <span data-state={row.state}>{state(row)}</span>, wide: true },
      ]}
    />
  );
}

/**
 * 送り状番号の取り込み (issue #35 item 1): choose the carrier's issued-data file, see what each row
 * would do, confirm. One form, posted to this page's action with JavaScript or without it.
 */
export default function AdminIssuedData({ actionData, loaderData }: Route.ComponentProps) {
  const tm = useMorningText();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const answer = actionData as ActionAnswer | undefined;

  return (
    <div className={styles.shell}>
      <AdminHeader email={loaderData.staff.email} />
      <div className={styles.body}>
        <AdminNav owner={loaderData.staff.role === "owner"} />
        <main id="main" className={styles.main}>
          <p>
            <Link to="/admin/orders">{tm("issued.back")}</Link>
          </p>
          <h1 className={styles.title}>{tm("issued.title")}</h1>
          {answer?.step === "refused" && <ErrorsNotice errors={answer.errors} testId="issued-errors" />}
          {answer?.step === "preview" ? (
            <ReportSection id="issued-preview" title={tm("issued.previewTitle", { carrier: answer.preview.carrier_label })}>
              <p data-testid="issued-counts">{tm("issued.counts", answer.preview.counts)}</p>
              <RowsTable rows={answer.preview.rows} shipped={false} />
              {answer.preview.counts.ship > 0 ? (
                <Form method="post" replace onSubmit={withCurrentToken}>
                  <CsrfField />
                  <input type="hidden" name="intent" value="confirm" />
                  <RequestKeyField value={answer.requestKey} />
                  <input
                    type="hidden"
                    name="shipments"
                    value={JSON.stringify(
                      answer.preview.rows
                        .filter((row) => row.state === "ship" && row.order_id)
                        .map((row) => ({
                          order_id: row.order_id,
                          slip_number: row.slip_number,
                          carrier: row.carrier,
                          line: row.line,
                          ...(row.parcel ? { parcel: row.parcel } : {}),
                        })),
                    )}
                  />
                  <input type="hidden" name="unsent" value={JSON.stringify(answer.preview.rows.filter((row) => row.state !== "ship"))} />
                  <Button type="submit" disabled={busy}>
                    {busy ? tm("issued.confirming") : tm("issued.confirm", { count: answer.preview.counts.ship })}
                  </Button>
                </Form>
              ) : (
                <p className={styles.muted}>{tm("issued.nothing")}</p>
              )}
              <p>
                <Link to={PAGE_PATH}>{tm("issued.again")}</Link>
              </p>
            </ReportSection>
          ) : answer?.step === "result" ? (
            <ReportSection id="issued-result" title={tm("issued.resultTitle")}>
              <Notice tone="success" testId="issued-result-counts">
                {tm("issued.resultCounts", answer.result.counts)}
              </Notice>
              <RowsTable rows={answer.result.rows} shipped />
              <p>
                <Link className={buttonClass("ghost")} to={PAGE_PATH}>
                  {tm("issued.again")}
                </Link>
              </p>
            </ReportSection>
          ) : (
            <section className={styles.section}>
              <p>{tm("issued.lead")}</p>
              <Form method="post" encType="multipart/form-data" onSubmit={withCurrentToken}>
                <CsrfField />
                <input type="hidden" name="intent" value="preview" />
                <p>
                  <label htmlFor="issued-file">{tm("issued.file")}</label>
                  <br />
                  <input id="issued-file" name="file" type="file" accept=".csv,.txt,text/csv" required />
                </p>
                <Button type="submit" disabled={busy}>
                  {busy ? tm("issued.reading") : tm("issued.preview")}
                </Button>
              </Form>
            </section>
          )}
        </main>
      </div>
    </div>
  );
}
