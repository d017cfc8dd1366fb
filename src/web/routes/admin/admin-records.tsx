import { useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/admin-records";
import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { transactionRecordsAnswer } from "../../../domain/answers/records.ts";
import { formatYen } from "../../../domain/format.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import { adminLoader, callAdminApi, loginRedirect } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { OpsPagination } from "../../features/admin/ops-pagination.tsx";
import { ReportForm, ReportSection, ReportTable } from "../../features/admin/report-table.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input, Select } from "../../ui/field.tsx";

/** GET /admin/api/transaction-records: a page of kept records (decision 062) and the kinds for the form. */
type RecordsAnswer = ApiAnswer<typeof transactionRecordsAnswer>;

const FIELDS = ["from", "to", "min_amount", "max_amount", "counterparty", "kind"] as const;
type Field = (typeof FIELDS)[number];

async function load({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const name of [...FIELDS, "page"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const values = Object.fromEntries(FIELDS.map((name) => [name, url.searchParams.get(name) ?? ""])) as Record<Field, string>;
  const result = await callAdminApi<RecordsAnswer & { errors?: string[]; fields?: Partial<Record<Field, string[]>> }>(`/transaction-records?${query}`, {
    signal: request.signal,
  });
  if (result.status === 401) throw loginRedirect(request);
  // Conditions the server refused: the form again with its messages, no list.
  if (result.status === 422 && result.body) return { answer: null, values, fields: result.body.fields ?? {}, search: query.toString() };
  if (!result.ok || !result.body) throw new Error(`GET /admin/api/transaction-records answered ${result.status}`);
  return { answer: result.body, values, fields: {} as Partial<Record<Field, string[]>>, search: query.toString() };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminRecords.title");
}

/** The export of what the form found (page left out: every match). */
function exportHref(search: string): string {
  const query = new URLSearchParams(search);
  query.delete("page");
  const text = query.toString();
  return `/admin/api/transaction-records/export${text ? `?${text}` : ""}`;
}

/**
 * 電子取引データ (電子帳簿保存法 §7): every mail, receipt, delivery note and payment record the shop
 * issued or received, as kept; searched by 取引年月日, 取引金額 and 取引先 in any combination, each
 * downloadable as stored, every match exportable for an inspector (decision 062).
 */
export default function AdminRecords() {
  const ta = useAdminText();
  const { locale } = useI18n();
  const location = useLocation();
  const { answer, values, fields, search } = useLoaderData<typeof clientLoader>();
  const error = (name: Field) => fields[name]?.join(" ");
  const pages = answer ? Math.max(1, Math.ceil(answer.meta.total / answer.meta.page_size)) : 1;

  return (
    <>
      <h1 className={styles.title}>{ta("adminRecords.title")}</h1>
      <p className={styles.muted}>{ta("adminRecords.intro")}</p>
      <section className={styles.section} aria-label={ta("adminRecords.conditions")}>
        <ReportForm
          submitLabel={ta("adminRecords.search")}
          downloads={answer && answer.meta.total > 0 ? [{ href: exportHref(search), label: ta("adminRecords.export") }] : []}
        >
          <Input label={ta("adminRecords.from")} type="date" name="from" defaultValue={values.from} error={error("from")} />
          <Input label={ta("adminRecords.to")} type="date" name="to" defaultValue={values.to} error={error("to")} />
          <Input label={ta("adminRecords.minAmount")} inputMode="numeric" name="min_amount" defaultValue={values.min_amount} error={error("min_amount")} />
          <Input label={ta("adminRecords.maxAmount")} inputMode="numeric" name="max_amount" defaultValue={values.max_amount} error={error("max_amount")} />
          <Input label={ta("adminRecords.counterparty")} name="counterparty" maxLength={100} defaultValue={values.counterparty} error={error("counterparty")} />
          <Select
            label={ta("adminRecords.kind")}
            name="kind"
            defaultValue={values.kind}
            error={error("kind")}
            options={[{ value: "", label: ta("adminRecords.allKinds") }, ...(answer?.kinds ?? [])]}
          />
        </ReportForm>
      </section>

      <ReportSection
        id="records"
        title={answer ? ta("adminRecords.found", { count: answer.meta.total.toLocaleString(locale === "ja" ? "ja-JP" : "en-US") }) : ta("adminRecords.results")}
      >
        {answer ? (
          <>
            <ReportTable
              books
              rows={answer.data}
              rowKey={(row) => String(row.id)}
              empty={ta("adminRecords.empty")}
              columns={[
                { label: ta("adminRecords.date"), cell: (row) => row.transaction_date, rowHeader: true },
                { label: ta("adminRecords.kind"), cell: (row) => row.kind_label },
                { label: ta("adminRecords.amount"), cell: (row) => formatYen(row.amount, locale), numeric: true },
                { label: ta("adminRecords.counterparty"), cell: (row) => row.counterparty, wide: true },
                { label: ta("adminRecords.order"), cell: (row) => (row.order_ref ? orderNumberForShopper(row.order_ref) : "—") },
                { label: ta("adminRecords.hash"), cell: (row) => <code title={row.sha256}>{`${row.sha256.slice(0, 12)}…`}</code> },
                {
                  label: ta("adminRecords.file"),
                  cell: (row) => (
                    <a
                      href={`/admin/api/transaction-records/${row.id}/file`}
                      download={row.file_name}
                      title={row.file_name}
                      aria-label={ta("adminRecords.download", { name: row.file_name })}
                    >
                      {ta("adminRecords.downloadShort")}
                    </a>
                  ),
                },
              ]}
            />
            <OpsPagination path={location.pathname} search={new URLSearchParams(search)} current={answer.meta.page} total={pages} />
          </>
        ) : (
          <p className={styles.muted}>{ta("adminRecords.fix")}</p>
        )}
      </ReportSection>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
