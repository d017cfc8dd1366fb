import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ChartPeriod, DashboardCharts } from "../../../domain/dashboard-charts.ts";
import { CHART_PERIODS } from "../../../domain/dashboard-charts.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./admin.module.css";
import charts from "./dashboard-charts.module.css";
import { useMorningText } from "./morning-i18n.ts";
import { ReportSection, ReportTable, type ReportColumn } from "./report-table.tsx";

/** A chart's figure column: a number under its heading, right-aligned. */
interface Figure<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

/**
 * One chart: the SVG the server drew (title, description and axis labels inside; its texts escaped
 * there, decision 068) in its wide and its phone's form, and the same figures as one table under it,
 * for screen readers and copying: each row named by its label (under `labelHeader`), its figures after.
 */
function Chart<Row extends { label: string }>({
  id,
  chart,
  labelHeader,
  figures,
  rowKey,
}: {
  id: string;
  chart: { title: string; svg: string; svg_narrow: string; rows: Row[] };
  labelHeader: string;
  figures: Figure<Row>[];
  rowKey: (row: Row) => string;
}) {
  const tm = useMorningText();
  const columns: ReportColumn<Row>[] = [
    { label: labelHeader, cell: (row) => row.label, rowHeader: true },
    ...figures.map((figure) => ({ ...figure, numeric: true })),
  ];
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
        labelHeader={tm("charts.when")}
        figures={[
          { label: tm("charts.thisYear"), cell: (row) => yen(row.this_year) },
          { label: tm("charts.lastYear"), cell: (row) => yen(row.last_year) },
        ]}
      />
      <div className={charts.pair}>
        <Chart
          id="chart-methods"
          chart={data.methods}
          rowKey={(row) => row.key}
          labelHeader={tm("charts.method")}
          figures={[
            { label: tm("charts.sales"), cell: (row) => yen(row.yen) },
            { label: tm("charts.orders"), cell: (row) => row.orders },
          ]}
        />
        <Chart
          id="chart-types"
          chart={data.liquor_types}
          rowKey={(row) => row.key}
          labelHeader={tm("charts.type")}
          figures={[
            { label: tm("charts.sales"), cell: (row) => yen(row.yen) },
            { label: tm("charts.bottles"), cell: (row) => row.bottles },
          ]}
        />
      </div>
      <Chart
        id="chart-parcels"
        chart={data.parcels}
        rowKey={(row) => row.date || "none"}
        labelHeader={tm("charts.date")}
        figures={[{ label: tm("charts.parcels"), cell: (row) => row.parcels }]}
      />
      {(
        [
          ["chart-best-sellers", tm("charts.bestSellers"), data.best_sellers, false],
          ["chart-slow-movers", tm("charts.slowMovers"), data.slow_movers, false],
          ["chart-running-out", tm("charts.runningOut"), data.running_out, true],
        ] as const
      ).map(([id, title, rows, withDays]) => (
        <ReportSection key={id} id={id} title={title}>
          <ReportTable rows={rows} rowKey={(row) => String(row.id)} empty={tm("charts.none")} columns={productColumns(withDays)} />
        </ReportSection>
      ))}
    </div>
  );
}
