import { Form, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-liquor-books";
import type { LiquorYearReport, PurchaseBookRow, SalesBookRow } from "../../../domain/stock-ledger.ts";
import { LIQUOR_CATEGORIES } from "../../../domain/product-details.ts";
import { loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import report from "../../features/admin/admin-report.module.css";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Input, Select } from "../../ui/field.tsx";

interface Period {
  from: string;
  to: string;
  category?: string;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const period = new URLSearchParams();
  for (const name of ["from", "to", "category"]) {
    const value = url.searchParams.get(name);
    if (value) period.set(name, value);
  }
  const year = url.searchParams.get("year");
  const [purchases, sales, yearly] = await Promise.all([
    loadAdmin<{ data: PurchaseBookRow[]; meta: Period }>(request, `/ledger/purchases?${period}`),
    loadAdmin<{ data: SalesBookRow[]; meta: Period }>(request, `/ledger/sales?${period}`),
    loadAdmin<{ data: LiquorYearReport; meta: { current_fiscal_year: number; first_fiscal_year: number } }>(request, `/ledger/year${year ? `?year=${encodeURIComponent(year)}` : ""}`),
  ]);
  return { purchases: purchases.data, sales: sales.data, period: purchases.meta, yearly };
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminBooks.title");
}

function csvLink(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  params.set("format", "csv");
  return `/admin/api/ledger/${path}?${params}`;
}

/** The liquor tax act's books (仕入帳, 販売帳) for a period and 品目, and the yearly report's litres. */
export default function AdminLiquorBooks() {
  const ta = useAdminText();
  const { locale } = useI18n();
  const { purchases, sales, period, yearly } = useLoaderData<typeof clientLoader>();
  const query = { from: period.from, to: period.to, category: period.category };
  const years: number[] = [];
  for (let year = yearly.meta.current_fiscal_year; year >= Math.max(yearly.meta.first_fiscal_year, yearly.meta.current_fiscal_year - 9); year--) years.push(year);

  return (
    <>
      <h1 className={styles.title}>{ta("adminBooks.title")}</h1>
      <p className={styles.muted}>{ta("adminBooks.intro")}</p>
      <section className={styles.section}>
        <Form method="get" className={report.controls}>
          <Input label={ta("adminBooks.from")} type="date" name="from" defaultValue={period.from} />
          <Input label={ta("adminBooks.to")} type="date" name="to" defaultValue={period.to} />
          <Select
            label={ta("adminBooks.category")}
            name="category"
            defaultValue={period.category ?? ""}
            options={[{ value: "", label: ta("adminBooks.allCategories") }, ...Object.entries(LIQUOR_CATEGORIES).map(([key, label]) => ({ value: key, label: label[locale] }))]}
          />
          <div className={report.actions}>
            <Button type="submit">{ta("adminBooks.show")}</Button>
            <a className={buttonClass("ghost")} href={csvLink("purchases", query)} download>
              {ta("adminBooks.downloadPurchases")}
            </a>
            <a className={buttonClass("ghost")} href={csvLink("sales", query)} download>
              {ta("adminBooks.downloadSales")}
            </a>
          </div>
        </Form>
      </section>

      <section className={styles.section} aria-labelledby="purchase-book" data-testid="purchase-book">
        <h2 id="purchase-book" className={styles.sectionTitle}>
          {ta("adminBooks.purchases")}
        </h2>
        {purchases.length === 0 ? (
          <p className={styles.muted}>{ta("adminBooks.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${report.books}`}>
              <thead>
                <tr>
                  <th scope="col">{ta("adminLedger.date")}</th>
                  <th scope="col">{ta("adminBooks.category")}</th>
                  <th scope="col">{ta("adminBooks.product")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.bottles")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.litres")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.amount")}</th>
                  <th scope="col">{ta("adminBooks.supplier")}</th>
                </tr>
              </thead>
              <tbody>
                {purchases.map((row, index) => (
                  <tr key={`${row.date}-${row.product_id}-${index}`}>
                    <td>{row.date}</td>
                    <td>{row.category_label}</td>
                    <td className={report.wide}>{row.product_name}</td>
                    <td className={styles.number}>{row.quantity}</td>
                    <td className={styles.number}>{row.litres ?? "—"}</td>
                    <td className={styles.number}>{row.amount ?? "—"}</td>
                    <td className={report.wide}>{row.supplier_name ? `${row.supplier_name}(${row.supplier_address})` : ta("adminBooks.notStated")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="sales-book" data-testid="sales-book">
        <h2 id="sales-book" className={styles.sectionTitle}>
          {ta("adminBooks.sales")}
        </h2>
        {sales.length === 0 ? (
          <p className={styles.muted}>{ta("adminBooks.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${report.books}`}>
              <thead>
                <tr>
                  <th scope="col">{ta("adminLedger.date")}</th>
                  <th scope="col">{ta("adminBooks.category")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.sold")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.returned")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.net")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.litres")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.amount")}</th>
                </tr>
              </thead>
              <tbody>
                {sales.map((row) => (
                  <tr key={`${row.date}-${row.category}`}>
                    <td>{row.date}</td>
                    <td>{row.category_label}</td>
                    <td className={styles.number}>{row.sold}</td>
                    <td className={styles.number}>{row.returned}</td>
                    <td className={styles.number}>{row.net}</td>
                    <td className={styles.number}>{row.litres}</td>
                    <td className={styles.number}>{row.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="year-report" data-testid="year-report">
        <h2 id="year-report" className={styles.sectionTitle}>
          {ta("adminBooks.year")}
        </h2>
        <p className={styles.muted}>{ta("adminBooks.yearIntro")}</p>
        <Form method="get" className={report.controls}>
          {period.from && <input type="hidden" name="from" value={period.from} />}
          {period.to && <input type="hidden" name="to" value={period.to} />}
          <Select
            label={ta("adminBooks.fiscalYear")}
            name="year"
            defaultValue={String(yearly.data.fiscal_year)}
            options={years.map((year) => ({ value: String(year), label: ta("adminBooks.yearOption", { year }) }))}
          />
          <div className={report.actions}>
            <Button type="submit">{ta("adminBooks.show")}</Button>
            <a className={buttonClass("ghost")} href={`/admin/api/ledger/year?year=${yearly.data.fiscal_year}&format=csv`} download>
              {ta("adminBooks.downloadYear")}
            </a>
          </div>
        </Form>
        {yearly.data.rows.length === 0 ? (
          <p className={styles.muted}>{ta("adminBooks.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${report.books}`}>
              <thead>
                <tr>
                  <th scope="col">{ta("adminBooks.category")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.opening")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.purchased")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.soldLitres")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.other")}</th>
                  <th scope="col" className={styles.number}>{ta("adminBooks.closing")}</th>
                </tr>
              </thead>
              <tbody>
                {yearly.data.rows.map((row) => (
                  <tr key={row.category}>
                    <td>{row.category_label}</td>
                    <td className={styles.number}>{row.opening_litres}</td>
                    <td className={styles.number}>{row.purchased_litres}</td>
                    <td className={styles.number}>{row.sold_litres}</td>
                    <td className={styles.number}>{row.other_litres}</td>
                    <td className={styles.number}>{row.closing_litres}</td>
                  </tr>
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
