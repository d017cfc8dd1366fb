import {
  chartSince,
  parcelsByDate,
  productPace,
  salesByLiquorType,
  salesByMethod,
  salesOverTime,
  PACE_DAYS,
  type ChartPeriod,
  type DashboardCharts,
} from "../../domain/dashboard-charts.ts";
import { japanMidnight } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { isStoredPaymentMethod, storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import { CatalogReadModel } from "../catalog/catalog.read-model.ts";
import type { Database } from "../db/client.ts";
import { OrdersReadModel } from "../orders/orders.read-model.ts";
import { comparedBarChart, horizontalBarChart, NARROW, type BarRows, type ComparedSeries } from "./dashboard-svg.ts";
import { japanIsoDate } from "../../domain/dashboard-charts.ts";

/** A phone's daily chart shows the last two weeks: 30 bars in a phone's width are too thin to read. */
export const PHONE_DAYS = 14;

const TEXT = {
  salesTitle: { ja: "売上の推移(税込・昨年同期との比較)", en: "Sales over time, tax included, against the same period last year" },
  salesDesc: {
    ja: "棒が今期、破線が昨年同期の売上(税込・送料等込み、キャンセルと決済前の注文を除く、日本時間)。",
    en: "Bars: this period; dashed line: the same period last year (tax, shipping and fees included; cancelled and unpaid card orders left out; Japan time).",
  },
  day: { ja: "日付(直近30日)", en: "Date (last 30 days)" },
  dayNarrow: { ja: `日付(直近${PHONE_DAYS}日)`, en: `Date (last ${PHONE_DAYS} days)` },
  week: { ja: "週(月曜始まり、直近12週)", en: "Week from Monday (last 12 weeks)" },
  month: { ja: "月(直近12か月)", en: "Month (last 12 months)" },
  yen: { ja: "売上(円)", en: "Sales (yen)" },
  thisYear: { ja: "今期", en: "This period" },
  lastYear: { ja: "昨年同期", en: "Same period last year" },
  methodsTitle: { ja: `支払方法別の売上(税込・直近${PACE_DAYS}日)`, en: `Sales by payment method, tax included (last ${PACE_DAYS} days)` },
  methodsDesc: { ja: "支払方法ごとの売上合計(税込)。", en: "Total sales per payment method, tax included." },
  typesTitle: { ja: `酒類別の売上(税抜・直近${PACE_DAYS}日)`, en: `Sales by liquor type, before tax (last ${PACE_DAYS} days)` },
  typesDesc: { ja: "酒類ごとの商品売上(税抜、送料等を除く)。", en: "Item sales per liquor type, before tax, without shipping and fees." },
  noType: { ja: "種別なし", en: "No type" },
  parcelsTitle: { ja: "発送待ちの荷物(お届け希望日別)", en: "Parcels waiting, by wished delivery date" },
  parcelsDesc: {
    ja: "入金済み・代金引換の発送待ちの注文を、お届け希望日ごとに数えたもの。希望日なしは最初の行。",
    en: "Orders ready to ship (paid or cash on delivery) counted by wished delivery date; those without a date first.",
  },
  noDate: { ja: "希望日なし", en: "No date" },
  parcels: { ja: "荷物の数", en: "Parcels" },
} satisfies Record<string, Record<Locale, string>>;

const WEEKDAYS: Record<Locale, string[]> = { ja: ["日", "月", "火", "水", "木", "金", "土"], en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] };

function dateLabel(date: string, period: ChartPeriod | "parcel" | "short-month", locale: Locale): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  if (period === "month") return locale === "ja" ? `${year}年${month}月` : `${year}-${String(month).padStart(2, "0")}`;
  if (period === "short-month") return locale === "ja" ? `${month}月` : `${year}-${String(month).padStart(2, "0")}`;
  const weekday = WEEKDAYS[locale][new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  if (period === "parcel") return locale === "ja" ? `${month}/${day}(${weekday})` : `${weekday} ${month}/${day}`;
  return `${month}/${day}`;
}

/** Both forms of a bar chart: the desk's, and the phone's (larger texts, decision 068). */
function bars(chart: BarRows): { svg: string; svg_narrow: string } {
  return { svg: horizontalBarChart(chart), svg_narrow: horizontalBarChart({ ...chart, id: `${chart.id}-narrow` }, NARROW) };
}

/** A bar chart's part of the answer: its title, its rows as the table beside it lists them, and both drawings of one figure of each row. */
function barSection<Row extends { label: string }>(chart: Omit<BarRows, "rows">, rows: Row[], value: (row: Row) => number) {
  return { title: chart.title, rows, ...bars({ ...chart, rows: rows.map((row) => ({ label: row.label, value: value(row) })) }) };
}

/**
 * The dashboard's charts (issue #35 item 3): figures from the orders' and the catalogue's read
 * models, summed by domain/dashboard-charts.ts on Japan dates, drawn as SVG here (decision 068).
 */
export class DashboardChartsService {
  private readonly orders: OrdersReadModel;
  private readonly catalog: CatalogReadModel;

  constructor(db: Database) {
    this.orders = new OrdersReadModel(db);
    this.catalog = new CatalogReadModel(db);
  }

  async charts(period: ChartPeriod, locale: Locale, now = new Date()): Promise<DashboardCharts> {
    const since = japanMidnight(chartSince(japanIsoDate(now), period));
    const [orders, lines, products, types, waiting] = await Promise.all([
      this.orders.saleOrders(since),
      this.orders.saleLines(since),
      this.catalog.stockedProducts(),
      this.catalog.liquorTypes(),
      this.orders.readyToShip(),
    ]);
    const typeOf = new Map(products.map((product) => [product.id, product.liquorType]));
    const items = lines.map((line) => ({ ...line, liquorType: line.productId === null ? null : (typeOf.get(line.productId) ?? null) }));
    const yen = (value: number) => `${value.toLocaleString("ja-JP")}${locale === "ja" ? "円" : " yen"}`;

    const points = salesOverTime(orders, period, now);
    const salesRows = points.map((point) => ({
      key: point.key,
      label: dateLabel(point.key, period, locale),
      this_year: point.thisYear,
      last_year: point.lastYear,
    }));
    const methodRows = salesByMethod(orders, now).map((row) => ({
      key: row.key,
      label: isStoredPaymentMethod(row.key) ? storedPaymentMethod(row.key).label[locale] : row.key,
      yen: row.yen,
      orders: row.count,
    }));
    const typeLabel = new Map(types.map((type) => [type.key, locale === "ja" ? type.labelJa : type.labelEn]));
    const typeRows = salesByLiquorType(items, now).map((row) => ({
      key: row.key,
      label: row.key ? (typeLabel.get(row.key) ?? row.key) : TEXT.noType[locale],
      yen: row.yen,
      bottles: row.count,
    }));
    const parcelRows = parcelsByDate(waiting, now).map((row) => ({
      date: row.date,
      label: row.date ? dateLabel(row.date, "parcel", locale) : TEXT.noDate[locale],
      parcels: row.parcels,
    }));
    const named = products.map((product) => ({ id: product.id, name: locale === "ja" ? product.nameJa : product.nameEn, stock: product.stock }));
    const pace = productPace(items, named, now);
    const brief = ({ id, name, bottles, stock }: { id: number; name: string; bottles: number; stock: number }) => ({ id, name, bottles, stock });

    const sales: ComparedSeries = {
      id: "chart-sales",
      title: TEXT.salesTitle[locale],
      description: TEXT.salesDesc[locale],
      xLabel: TEXT[period][locale],
      yLabel: TEXT.yen[locale],
      labels: salesRows.map((row) => row.label),
      current: salesRows.map((row) => row.this_year),
      previous: salesRows.map((row) => row.last_year),
      currentName: TEXT.thisYear[locale],
      previousName: TEXT.lastYear[locale],
      formatY: (value) => (value >= 10_000 ? `${(value / 10_000).toLocaleString("ja-JP")}${locale === "ja" ? "万" : "0k"}` : value.toLocaleString("ja-JP")),
    };
    const phone = (series: ComparedSeries, from: number): ComparedSeries => ({
      ...series,
      id: `${series.id}-narrow`,
      labels: series.labels.slice(from),
      current: series.current.slice(from),
      previous: series.previous.slice(from),
    });

    return {
      period,
      sales: {
        title: TEXT.salesTitle[locale],
        rows: salesRows,
        svg: comparedBarChart(sales),
        // On a phone: the last two weeks of days (all 12 weeks or months), fewer labels, larger texts.
        svg_narrow: comparedBarChart(
          period === "day"
            ? { ...phone(sales, salesRows.length - PHONE_DAYS), xLabel: TEXT.dayNarrow[locale] }
            : period === "month"
              ? { ...phone(sales, 0), labels: salesRows.map((row) => dateLabel(row.key, "short-month", locale)) }
              : phone(sales, 0),
          NARROW,
        ),
      },
      methods: barSection(
        { id: "chart-methods", title: TEXT.methodsTitle[locale], description: TEXT.methodsDesc[locale], xLabel: TEXT.yen[locale], formatX: yen },
        methodRows,
        (row) => row.yen,
      ),
      liquor_types: barSection(
        { id: "chart-types", title: TEXT.typesTitle[locale], description: TEXT.typesDesc[locale], xLabel: TEXT.yen[locale], formatX: yen },
        typeRows,
        (row) => row.yen,
      ),
      parcels: barSection(
        {
          id: "chart-parcels",
          title: TEXT.parcelsTitle[locale],
          description: TEXT.parcelsDesc[locale],
          xLabel: TEXT.parcels[locale],
          formatX: (value) => String(value),
        },
        parcelRows,
        (row) => row.parcels,
      ),
      best_sellers: pace.bestSellers.map(brief),
      slow_movers: pace.slowMovers.map(brief),
      running_out: pace.runningOut.map((product) => ({ ...brief(product), days_left: product.daysLeft })),
    };
  }
}
