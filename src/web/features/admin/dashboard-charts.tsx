import { Link } from "react-router";
import type { ChartPeriod, DashboardCharts } from "../../../domain/dashboard-charts.ts";
import { CHART_PERIODS } from "../../../domain/dashboard-charts.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./admin.module.css";
import charts from "./dashboard-charts.module.css";
import { useMorningText } from "./morning-i18n.ts";
import { ReportSection, ReportTable, type ReportColumn } from "./report-table.tsx";

/**
 * One chart: the SVG the server drew (title, description and axis labels inside; its texts escaped
 * there, decision 068) in its wide and its phone's form, and the same figures as one table under it,
 * for screen readers and copying.
 */
function Chart<Row>({
  id,
  chart,
  columns,
  rowKey,
}: {
  id: string;
  chart: { title: string; svg: string; svg_narrow: string; rows: Row[] };
  columns: ReportColumn<Row>[];
  rowKey: (row: Row) => string;
}) {
  const tm = useMorningText();
  return (
    <ReportSection id={id} title={chart.title}>
      <figure className={charts.figure}>
        {/* Markup of our own API: every text in it went through escapeXml on the server. The wide and
            the phone's drawing: CSS shows one and sets the other display:none, out of the reading. */}
        <div className={`${charts.svg} ${charts.wide}`} data-chart-form="wide" dangerouslySetInnerHTML={{ __html: chart.svg }} />
        <div className={`${charts.svg} ${charts.narrow}`} data-chart-form="narrow" dangerouslySetInnerHTML={{ __html: chart.svg_narrow }} />
        <figcaption className={charts.caption}>{tm("charts.table")}</figcaption>
        <ReportTable rows={chart.rows} rowKey={rowKey} empty={tm("charts.empty")} columns={columns} />
      </figure>
    </ReportSection>
  );
}

type Product = { id: number; name: string; bottles: number; stock: number; days_left?: number };

/** The dashboard's charts: sales over time against last year, by method and type, parcels to come, and the stock's pace. */
export function DashboardChartsView({ data, period }: { data: DashboardCharts; period: ChartPeriod }) {
  const tm = useMorningText();
  const { yen } = useI18n();
  const productColumns = (withDays: boolean): ReportColumn<Product>[] => [
    { label: tm("charts.product"), cell: (row) => <Link to={`/admin/products/${row.id}`}>{row.name}</Link>, rowHeader: true },
    { label: tm("charts.bottles"), cell: (row) => row.bottles, numeric: true },
    { label: tm("charts.stock"), cell: (row) => row.stock, numeric: true },
    ...(withDays ? [{ label: tm("charts.daysLeft"), cell: (row: Product) => tm("charts.days", { days: row.days_left ?? 0 }), numeric: true }] : []),
  ];
  return (
    <div data-testid="dashboard-charts">
      <h2 className={styles.sectionTitle}>{tm("charts.title")}</h2>
      <nav aria-label={tm("charts.period")} className={charts.periods}>
        {CHART_PERIODS.map((each) => (
          <Link key={each} to={`?period=${each}`} aria-current={each === period ? "page" : undefined} className={each === period ? charts.current : undefined}>
            {tm(`charts.${each}`)}
          </Link>
        ))}
      </nav>
      <Chart
        id="chart-sales"
        chart={data.sales}
        rowKey={(row) => row.key}
        columns={[
          { label: tm("charts.when"), cell: (row) => row.label, rowHeader: true },
          { label: tm("charts.thisYear"), cell: (row) => yen(row.this_year), numeric: true },
          { label: tm("charts.lastYear"), cell: (row) => yen(row.last_year), numeric: true },
        ]}
      />
      <div className={charts.pair}>
        <Chart
          id="chart-methods"
          chart={data.methods}
          rowKey={(row) => row.key}
          columns={[
            { label: tm("charts.method"), cell: (row) => row.label, rowHeader: true },
            { label: tm("charts.sales"), cell: (row) => yen(row.yen), numeric: true },
            { label: tm("charts.orders"), cell: (row) => row.orders, numeric: true },
          ]}
        />
        <Chart
          id="chart-types"
          chart={data.liquor_types}
          rowKey={(row) => row.key}
          columns={[
            { label: tm("charts.type"), cell: (row) => row.label, rowHeader: true },
            { label: tm("charts.sales"), cell: (row) => yen(row.yen), numeric: true },
            { label: tm("charts.bottles"), cell: (row) => row.bottles, numeric: true },
          ]}
        />
      </div>
      <Chart
        id="chart-parcels"
        chart={data.parcels}
        rowKey={(row) => row.date || "none"}
        columns={[
          { label: tm("charts.date"), cell: (row) => row.label, rowHeader: true },
          { label: tm("charts.parcels"), cell: (row) => row.parcels, numeric: true },
        ]}
      />
      <ReportSection id="chart-best-sellers" title={tm("charts.bestSellers")}>
        <ReportTable rows={data.best_sellers} rowKey={(row) => String(row.id)} empty={tm("charts.none")} columns={productColumns(false)} />
      </ReportSection>
      <ReportSection id="chart-slow-movers" title={tm("charts.slowMovers")}>
        <ReportTable rows={data.slow_movers} rowKey={(row) => String(row.id)} empty={tm("charts.none")} columns={productColumns(false)} />
      </ReportSection>
      <ReportSection id="chart-running-out" title={tm("charts.runningOut")}>
        <ReportTable rows={data.running_out} rowKey={(row) => String(row.id)} empty={tm("charts.none")} columns={productColumns(true)} />
      </ReportSection>
    </div>
  );
}
