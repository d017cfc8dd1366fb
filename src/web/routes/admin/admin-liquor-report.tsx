import { Fragment } from "react";
import { Form, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-liquor-report";
import { loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import type { LiquorReportAnswer } from "../../features/admin/admin-resources.ts";
import { AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import report from "../../features/admin/admin-report.module.css";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Select } from "../../ui/field.tsx";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const year = new URL(request.url).searchParams.get("year");
  return loadAdmin<LiquorReportAnswer>(request, `/reports/liquor-sales${year ? `?year=${encodeURIComponent(year)}` : ""}`);
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminReport.title");
}

/** The tax office's annual liquor sales report: bottles and litres by kind for one fiscal year, with a CSV download. */
export default function AdminLiquorReport() {
  const ta = useAdminText();
  const { data: figures, meta } = useLoaderData<typeof clientLoader>();
  const years: number[] = [];
  for (let year = meta.current_fiscal_year; year >= Math.max(meta.first_fiscal_year, meta.current_fiscal_year - 9); year--) years.push(year);
  const missing = figures.groups.reduce((sum, group) => sum + group.bottles_without_volume, 0);

  return (
    <>
      <h1 className={styles.title}>{ta("adminReport.title")}</h1>
      <p className={styles.muted}>{ta("adminReport.intro")}</p>
      <section className={styles.section}>
        <Form method="get" className={report.controls}>
          <Select
            label={ta("adminReport.year")}
            name="year"
            defaultValue={String(figures.fiscal_year)}
            options={years.map((year) => ({ value: String(year), label: ta("adminReport.yearOption", { year, next: year + 1 }) }))}
          />
          <div className={report.actions}>
            <Button type="submit">{ta("adminReport.show")}</Button>
            <a className={buttonClass("ghost")} href={`/admin/api/reports/liquor-sales?year=${figures.fiscal_year}&format=csv`} download>
              {ta("adminReport.download")}
            </a>
          </div>
        </Form>
      </section>
      {missing > 0 && (
        <p className={styles.warning} role="alert">
          {ta("adminReport.missingVolume", { count: missing })}
        </p>
      )}
      <section className={styles.section} data-testid="liquor-report">
        {figures.groups.length === 0 ? (
          <p className={styles.muted}>{ta("adminReport.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{ta("adminReport.kind")}</th>
                  <th scope="col">{ta("adminReport.product")}</th>
                  <th scope="col" className={styles.number}>{ta("adminReport.volume")}</th>
                  <th scope="col" className={styles.number}>{ta("adminReport.alcohol")}</th>
                  <th scope="col" className={styles.number}>{ta("adminReport.bottles")}</th>
                  <th scope="col" className={styles.number}>{ta("adminReport.litres")}</th>
                </tr>
              </thead>
              <tbody>
                {figures.groups.map((group) => (
                  <Fragment key={group.liquor_type ?? ""}>
                    {group.lines.map((line) => (
                      <tr key={`${group.liquor_type ?? ""}-${line.product_id ?? line.name}`}>
                        <td>{group.label}</td>
                        <td>{line.name}</td>
                        <td className={styles.number}>{line.volume_ml ?? "—"}</td>
                        <td className={styles.number}>{line.alcohol_percent ?? "—"}</td>
                        <td className={styles.number}>{line.bottles}</td>
                        <td className={styles.number}>{line.litres ?? "—"}</td>
                      </tr>
                    ))}
                    <tr className={styles.subtotal}>
                      <th scope="row" colSpan={4}>
                        {group.label} {ta("adminReport.subtotal")}
                      </th>
                      <td className={styles.number}>{group.bottles}</td>
                      <td className={styles.number}>{group.litres}</td>
                    </tr>
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

export function HydrateFallback() {
  const ta = useAdminText();
  return <p role="status">{ta("admin.loading")}</p>;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
