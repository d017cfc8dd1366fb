import { useLoaderData } from "react-router";
import type { Route } from "./+types/admin-liquor-books";
import type { LiquorYearReport, PurchaseBookRow, SalesBookRow } from "../../../domain/stock-ledger.ts";
import { LIQUOR_CATEGORIES } from "../../../domain/product-details.ts";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { ReportForm, ReportSection, ReportTable, csvHref, fiscalYears } from "../../features/admin/report-table.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input, Select } from "../../ui/field.tsx";

interface Period {
  from: string;
  to: string;
  category?: string;
}

async function load({ request }: Route.ClientLoaderArgs) {
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
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminBooks.title");
}

/** The liquor tax act's books (仕入帳, 販売帳) for a period and 品目, and the yearly report's litres. */
export default function AdminLiquorBooks() {
  const ta = useAdminText();
  const { locale } = useI18n();
  const { purchases, sales, period, yearly } = useLoaderData<typeof clientLoader>();
  const query = { from: period.from, to: period.to, category: period.category };
  const fiscalYear = String(yearly.data.fiscal_year);

  return (
    <>
      <h1 className={styles.title}>{ta("adminBooks.title")}</h1>
      <p className={styles.muted}>{ta("adminBooks.intro")}</p>
      <section className={styles.section}>
        <ReportForm
          submitLabel={ta("adminBooks.show")}
          downloads={[
            { href: csvHref("ledger/purchases", query), label: ta("adminBooks.downloadPurchases") },
            { href: csvHref("ledger/sales", query), label: ta("adminBooks.downloadSales") },
          ]}
        >
          <Input label={ta("adminBooks.from")} type="date" name="from" defaultValue={period.from} />
          <Input label={ta("adminBooks.to")} type="date" name="to" defaultValue={period.to} />
          <Select
            label={ta("adminBooks.category")}
            name="category"
            defaultValue={period.category ?? ""}
            options={[{ value: "", label: ta("adminBooks.allCategories") }, ...Object.entries(LIQUOR_CATEGORIES).map(([key, label]) => ({ value: key, label: label[locale] }))]}
          />
        </ReportForm>
      </section>

      <ReportSection id="purchase-book" title={ta("adminBooks.purchases")}>
        <ReportTable
          books
          rows={purchases}
          rowKey={(row, index) => `${row.date}-${row.product_id}-${index}`}
          empty={ta("adminBooks.empty")}
          columns={[
            { label: ta("adminLedger.date"), cell: (row) => row.date },
            { label: ta("adminBooks.category"), cell: (row) => row.category_label },
            { label: ta("adminBooks.product"), cell: (row) => row.product_name, wide: true },
            { label: ta("adminBooks.bottles"), cell: (row) => row.quantity, numeric: true },
            { label: ta("adminBooks.litres"), cell: (row) => row.litres ?? "—", numeric: true },
            { label: ta("adminBooks.amount"), cell: (row) => row.amount ?? "—", numeric: true },
            {
              label: ta("adminBooks.supplier"),
              cell: (row) => (row.supplier_name ? `${row.supplier_name}(${row.supplier_address})` : ta("adminBooks.notStated")),
              wide: true,
            },
          ]}
        />
      </ReportSection>

      <ReportSection id="sales-book" title={ta("adminBooks.sales")}>
        <ReportTable
          books
          rows={sales}
          rowKey={(row) => `${row.date}-${row.category}`}
          empty={ta("adminBooks.empty")}
          columns={[
            { label: ta("adminLedger.date"), cell: (row) => row.date },
            { label: ta("adminBooks.category"), cell: (row) => row.category_label },
            { label: ta("adminBooks.sold"), cell: (row) => row.sold, numeric: true },
            { label: ta("adminBooks.returned"), cell: (row) => row.returned, numeric: true },
            { label: ta("adminBooks.net"), cell: (row) => row.net, numeric: true },
            { label: ta("adminBooks.litres"), cell: (row) => row.litres, numeric: true },
            { label: ta("adminBooks.amount"), cell: (row) => row.amount, numeric: true },
          ]}
        />
      </ReportSection>

      <ReportSection id="year-report" title={ta("adminBooks.year")}>
        <p className={styles.muted}>{ta("adminBooks.yearIntro")}</p>
        <ReportForm
          keep={{ from: period.from, to: period.to }}
          submitLabel={ta("adminBooks.show")}
          downloads={[{ href: csvHref("ledger/year", { year: fiscalYear }), label: ta("adminBooks.downloadYear") }]}
        >
          <Select
            label={ta("adminBooks.fiscalYear")}
            name="year"
            defaultValue={fiscalYear}
            options={fiscalYears(yearly.meta).map((year) => ({ value: String(year), label: ta("adminBooks.yearOption", { year }) }))}
          />
        </ReportForm>
        <ReportTable
          books
          rows={yearly.data.rows}
          rowKey={(row) => row.category}
          empty={ta("adminBooks.empty")}
          columns={[
            { label: ta("adminBooks.category"), cell: (row) => row.category_label },
            { label: ta("adminBooks.opening"), cell: (row) => row.opening_litres, numeric: true },
            { label: ta("adminBooks.purchased"), cell: (row) => row.purchased_litres, numeric: true },
            { label: ta("adminBooks.soldLitres"), cell: (row) => row.sold_litres, numeric: true },
            { label: ta("adminBooks.other"), cell: (row) => row.other_litres, numeric: true },
            { label: ta("adminBooks.closing"), cell: (row) => row.closing_litres, numeric: true },
          ]}
        />
      </ReportSection>
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
