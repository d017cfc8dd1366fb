import { useLoaderData } from "react-router";
import type { Route } from "./+types/admin-liquor-report";
import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { liquorSalesReportAnswer } from "../../../domain/answers/liquor-books.ts";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { FiscalYearSelect, ReportForm, ReportTable, csvHref } from "../../features/admin/report-table.tsx";

async function load({ request }: Route.ClientLoaderArgs) {
  const year = new URL(request.url).searchParams.get("year");
  return loadAdmin<ApiAnswer<typeof liquorSalesReportAnswer>>(request, `/reports/liquor-sales${year ? `?year=${encodeURIComponent(year)}` : ""}`);
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminReport.title");
}

/** The tax office's annual liquor sales report: bottles and litres by kind for one fiscal year, with a CSV download. */
export default function AdminLiquorReport() {
  const ta = useAdminText();
  const { data: figures, meta } = useLoaderData<typeof clientLoader>();
  const missing = figures.groups.reduce((sum, group) => sum + group.bottles_without_volume, 0);
  const fiscalYear = String(figures.fiscal_year);

  return (
    <>
      <h1 className={styles.title}>{ta("adminReport.title")}</h1>
      <p className={styles.muted}>{ta("adminReport.intro")}</p>
      <section className={styles.section}>
        <ReportForm
          submitLabel={ta("adminReport.show")}
          downloads={[{ href: csvHref("reports/liquor-sales", { year: fiscalYear }), label: ta("adminReport.download") }]}
        >
          <FiscalYearSelect
            label={ta("adminReport.year")}
            value={fiscalYear}
            meta={meta}
            optionLabel={(year) => ta("adminReport.yearOption", { year, next: year + 1 })}
          />
        </ReportForm>
      </section>
      {missing > 0 && (
        <p className={styles.warning} role="alert">
          {ta("adminReport.missingVolume", { count: missing })}
        </p>
      )}
      <section className={styles.section} data-testid="liquor-report">
        <ReportTable
          groups={figures.groups.map((group) => ({
            key: group.liquor_type ?? "",
            rows: group.lines.map((line) => ({ kind: group.label, line })),
            subtotal: {
              label: (
                <>
                  {group.label} {ta("adminReport.subtotal")}
                </>
              ),
              figures: [group.bottles, group.litres],
            },
          }))}
          rowKey={({ line }) => String(line.product_id ?? line.name)}
          empty={ta("adminReport.empty")}
          columns={[
            { label: ta("adminReport.kind"), cell: ({ kind }) => kind },
            { label: ta("adminReport.product"), cell: ({ line }) => line.name },
            { label: ta("adminReport.volume"), cell: ({ line }) => line.volume_ml ?? "—", numeric: true },
            { label: ta("adminReport.alcohol"), cell: ({ line }) => line.alcohol_percent ?? "—", numeric: true },
            { label: ta("adminReport.bottles"), cell: ({ line }) => line.bottles, numeric: true },
            { label: ta("adminReport.litres"), cell: ({ line }) => line.litres ?? "—", numeric: true },
          ]}
        />
      </section>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
