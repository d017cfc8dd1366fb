import { useLoaderData } from "react-router";
import type { Route } from "./+types/admin-liquor-books";
import type { AnswerOrRefusal, ApiAnswer } from "../../../domain/answers/common.ts";
import type { liquorYearAnswer, purchaseBookAnswer, salesBookAnswer } from "../../../domain/answers/liquor-books.ts";
import { LIQUOR_CATEGORIES } from "../../../domain/product-details.ts";
import { adminLoader, callAdminApi, loadAdmin, loginRedirect } from "../../features/admin/admin-api.ts";
import type { StockTakeStatus, SupplierRow } from "../../features/admin/liquor-book-records.tsx";
import { StockTakesSection, SuppliersSection } from "../../features/admin/liquor-book-records.tsx";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { ReportForm, ReportSection, ReportTable, csvHref, FiscalYearSelect } from "../../features/admin/report-table.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input, Select } from "../../ui/field.tsx";

type SalesBook = ApiAnswer<typeof salesBookAnswer>;

/**
 * The 販売帳 by month when asked and allowed (a stock-take at least every three months, decision 061);
 * when the server refuses it for the period, the daily book with the refusal's message.
 */
async function salesBook(request: Request, period: URLSearchParams, monthly: boolean): Promise<{ data: SalesBook["data"]; refused: string | null }> {
  if (monthly) {
    const result = await callAdminApi<AnswerOrRefusal<typeof salesBookAnswer>>(`/ledger/sales?${period}&mode=monthly`, {
      signal: request.signal,
    });
    if (result.status === 401) throw loginRedirect(request);
    if (result.ok && result.body?.data) return { data: result.body.data, refused: null };
    if (result.status === 422) {
      const daily = await loadAdmin<SalesBook>(request, `/ledger/sales?${period}`);
      return { data: daily.data, refused: result.body?.fields?.mode?.[0] ?? "" };
    }
    throw new Error(`GET /admin/api/ledger/sales answered ${result.status}`);
  }
  return { data: (await loadAdmin<SalesBook>(request, `/ledger/sales?${period}`)).data, refused: null };
}

async function load({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const period = new URLSearchParams();
  for (const name of ["from", "to", "category"]) {
    const value = url.searchParams.get(name);
    if (value) period.set(name, value);
  }
  const year = url.searchParams.get("year");
  const monthly = url.searchParams.get("mode") === "monthly";
  const [purchases, sales, yearly, suppliers, stockTakes] = await Promise.all([
    loadAdmin<ApiAnswer<typeof purchaseBookAnswer>>(request, `/ledger/purchases?${period}`),
    salesBook(request, period, monthly),
    loadAdmin<ApiAnswer<typeof liquorYearAnswer>>(request, `/ledger/year${year ? `?year=${encodeURIComponent(year)}` : ""}`),
    loadAdmin<{ data: SupplierRow[] }>(request, "/suppliers"),
    loadAdmin<{ data: StockTakeStatus }>(request, "/ledger/stock-takes"),
  ]);
  const mode = monthly && sales.refused === null ? "monthly" : "daily";
  return {
    purchases: purchases.data,
    sales: sales.data,
    salesRefused: sales.refused,
    period: { ...purchases.meta, mode },
    yearly,
    suppliers: suppliers.data,
    stockTakes: stockTakes.data,
  };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminBooks.title");
}

/** The liquor tax act's books (仕入帳, 販売帳) for a period and 品目, and the yearly report's litres. */
export default function AdminLiquorBooks() {
  const ta = useAdminText();
  const { locale } = useI18n();
  const { purchases, sales, salesRefused, period, yearly, suppliers, stockTakes } = useLoaderData<typeof clientLoader>();
  const query = { from: period.from, to: period.to, category: period.category };
  const salesQuery = { ...query, mode: period.mode === "monthly" ? "monthly" : undefined };
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
            { href: csvHref("ledger/sales", salesQuery), label: ta("adminBooks.downloadSales") },
            { href: `${csvHref("ledger/purchases", query)}&encoding=shift_jis`, label: `${ta("adminBooks.downloadPurchases")} (Shift_JIS)` },
            { href: `${csvHref("ledger/sales", salesQuery)}&encoding=shift_jis`, label: `${ta("adminBooks.downloadSales")} (Shift_JIS)` },
          ]}
        >
          <Input label={ta("adminBooks.from")} type="date" name="from" defaultValue={period.from} />
          <Input label={ta("adminBooks.to")} type="date" name="to" defaultValue={period.to} />
          <Select
            label={ta("adminBooks.category")}
            name="category"
            defaultValue={period.category ?? ""}
            options={[
              { value: "", label: ta("adminBooks.allCategories") },
              ...Object.entries(LIQUOR_CATEGORIES).map(([key, label]) => ({ value: key, label: label[locale] })),
            ]}
          />
          {/* Monthly totals are offered only while stock-takes allow them (decision 061). */}
          <Select
            label={ta("adminBooks.mode")}
            name="mode"
            hint={ta("adminBooks.modeHint")}
            defaultValue={period.mode ?? "daily"}
            options={[
              { value: "daily", label: ta("adminBooks.modeDaily") },
              ...(stockTakes.overdue ? [] : [{ value: "monthly", label: ta("adminBooks.modeMonthly") }]),
            ]}
          />
        </ReportForm>
        {salesRefused !== null && (
          <div className={styles.warning} role="alert" data-testid="monthly-refused">
            <p>{ta("adminBooks.monthlyRefused")}</p>
            {salesRefused && <p>{salesRefused}</p>}
          </div>
        )}
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
            { label: ta("adminBooks.bracket"), cell: (row) => row.bracket_label },
            { label: ta("adminBooks.product"), cell: (row) => row.product_name, wide: true },
            { label: ta("adminBooks.bottles"), cell: (row) => row.quantity, numeric: true },
            { label: ta("adminBooks.litres"), cell: (row) => row.litres ?? "—", numeric: true },
            { label: ta("adminBooks.amount"), cell: (row) => row.amount ?? "—", numeric: true },
            {
              label: ta("adminBooks.supplier"),
              cell: (row) => (row.supplier_name ? `${row.supplier_name}(${row.supplier_address})` : ta("adminBooks.notStated")),
              wide: true,
            },
            { label: ta("adminBooks.invoiceNumber"), cell: (row) => row.supplier_invoice_number ?? ta("adminBooks.notRegistered") },
            { label: ta("adminBooks.deductible"), cell: (row) => (row.deductible_percent === null ? "—" : `${row.deductible_percent}%`), numeric: true },
          ]}
        />
      </ReportSection>

      <ReportSection id="sales-book" title={ta("adminBooks.sales")}>
        <ReportTable
          books
          rows={sales}
          rowKey={(row) => `${row.date}-${row.category}-${row.bracket}`}
          empty={ta("adminBooks.empty")}
          columns={[
            {
              label: ta("adminLedger.date"),
              cell: (row) => (row.period_from === row.period_to ? row.date : ta("adminBooks.periodCell", { from: row.period_from, to: row.period_to })),
            },
            { label: ta("adminBooks.category"), cell: (row) => row.category_label },
            { label: ta("adminBooks.bracket"), cell: (row) => row.bracket_label },
            { label: ta("adminBooks.sold"), cell: (row) => row.sold, numeric: true },
            { label: ta("adminBooks.returned"), cell: (row) => row.returned, numeric: true },
            { label: ta("adminBooks.net"), cell: (row) => row.net, numeric: true },
            { label: ta("adminBooks.litres"), cell: (row) => row.litres, numeric: true },
            { label: ta("adminBooks.amount"), cell: (row) => row.amount, numeric: true },
          ]}
        />
      </ReportSection>

      <StockTakesSection status={stockTakes} />
      <SuppliersSection suppliers={suppliers} />

      <ReportSection id="year-report" title={ta("adminBooks.year")}>
        <p className={styles.muted}>{ta("adminBooks.yearIntro")}</p>
        <ReportForm
          keep={{ from: period.from, to: period.to }}
          submitLabel={ta("adminBooks.show")}
          downloads={[{ href: csvHref("ledger/year", { year: fiscalYear }), label: ta("adminBooks.downloadYear") }]}
        >
          <FiscalYearSelect
            label={ta("adminBooks.fiscalYear")}
            value={fiscalYear}
            meta={yearly.meta}
            optionLabel={(year) => ta("adminBooks.yearOption", { year })}
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

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
