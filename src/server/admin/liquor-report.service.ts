import { and, asc, gte, lt, notInArray, sql } from "drizzle-orm";
import { fiscalYearRange, litresOf, percentOf } from "../../domain/liquor-law.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { liquorTypesTable, productsTable } from "../db/schema/catalog.ts";
import { orderItemsTable, ordersTable } from "../db/schema/orders.ts";
import { japanMidnight } from "../../domain/japan-time.ts";
import type { CsvValue } from "./csv-format.ts";
import { UTF8_BOM, csvText } from "./csv-format.ts";

export interface LiquorReportLine {
  product_id: number | null;
  name: string;
  volume_ml: number | null;
  alcohol_percent: string | null;
  bottles: number;
  /** Litres with three decimals; null when the product's volume is not recorded. */
  litres: string | null;
}

export interface LiquorReportGroup {
  liquor_type: string | null;
  label: string;
  bottles: number;
  litres: string;
  /** Bottles whose volume is unknown, so not in `litres`: the trader must fill in the product's volume. */
  bottles_without_volume: number;
  lines: LiquorReportLine[];
}

export interface LiquorReport {
  fiscal_year: number;
  from: string;
  /** The last day of the fiscal year (31 March). */
  to: string;
  groups: LiquorReportGroup[];
}

/**
 * The yearly sales volumes the tax office asks for (酒類の販売数量等報告書): bottles sold in the
 * fiscal year (April–March, Japan time) by kind of liquor, in litres. Sold means a binding order
 * (not a card order left unpaid, not a cancelled one), dated when it was placed. Volumes and kinds
 * are the product's records today; a product deleted since counts under "unknown".
 */
export class LiquorReportService {
  constructor(private readonly db: Database) {}

  async report(fiscalYear: number, locale: Locale): Promise<LiquorReport> {
    const { from, until } = fiscalYearRange(fiscalYear);
    const rows = await this.db
      .select({
        productId: orderItemsTable.productId,
        nameJa: sql<string>`coalesce(${productsTable.nameJa}, ${orderItemsTable.nameJa})`,
        nameEn: sql<string>`coalesce(${productsTable.nameEn}, ${orderItemsTable.nameEn})`,
        volumeMl: productsTable.volumeMl,
        alcoholPermille: productsTable.alcoholPermille,
        liquorType: productsTable.liquorType,
        labelJa: liquorTypesTable.labelJa,
        labelEn: liquorTypesTable.labelEn,
        bottles: sql<number>`sum(${orderItemsTable.amount})`,
      })
      .from(orderItemsTable)
      .innerJoin(ordersTable, sql`${ordersTable.id} = ${orderItemsTable.orderId}`)
      .leftJoin(productsTable, sql`${productsTable.id} = ${orderItemsTable.productId}`)
      .leftJoin(liquorTypesTable, sql`${liquorTypesTable.key} = ${productsTable.liquorType}`)
      .where(
        and(
          gte(ordersTable.createdAt, japanMidnight(from)),
          lt(ordersTable.createdAt, japanMidnight(until)),
          notInArray(ordersTable.status, ["pending", "cancelled"]),
        ),
      )
      .groupBy(
        orderItemsTable.productId,
        sql`coalesce(${productsTable.nameJa}, ${orderItemsTable.nameJa})`,
        sql`coalesce(${productsTable.nameEn}, ${orderItemsTable.nameEn})`,
        productsTable.volumeMl,
        productsTable.alcoholPermille,
        productsTable.liquorType,
        liquorTypesTable.labelJa,
        liquorTypesTable.labelEn,
        liquorTypesTable.sortOrder,
      )
      .orderBy(sql`${liquorTypesTable.sortOrder} asc nulls last`, asc(productsTable.liquorType), asc(orderItemsTable.productId));

    const unknownLabel = locale === "ja" ? "品目未登録" : "Kind not recorded";
    const groups = new Map<string, LiquorReportGroup & { ml: number }>();
    for (const row of rows) {
      const key = row.liquorType ?? "";
      const bottles = Number(row.bottles);
      let group = groups.get(key);
      if (!group) {
        const label = row.liquorType ? ((locale === "ja" ? row.labelJa : row.labelEn) ?? row.liquorType) : unknownLabel;
        group = { liquor_type: row.liquorType, label, bottles: 0, litres: "0.000", bottles_without_volume: 0, lines: [], ml: 0 };
        groups.set(key, group);
      }
      group.bottles += bottles;
      if (row.volumeMl === null) group.bottles_without_volume += bottles;
      else group.ml += bottles * row.volumeMl;
      group.lines.push({
        product_id: row.productId,
        name: locale === "ja" ? row.nameJa : row.nameEn,
        volume_ml: row.volumeMl,
        alcohol_percent: row.alcoholPermille === null ? null : percentOf(row.alcoholPermille),
        bottles,
        litres: row.volumeMl === null ? null : litresOf(bottles * row.volumeMl),
      });
    }
    return {
      fiscal_year: fiscalYear,
      from,
      to: `${fiscalYear + 1}-03-31`,
      groups: [...groups.values()].map(({ ml, ...group }) => ({ ...group, litres: litresOf(ml) })),
    };
  }
}

const CSV_HEADERS: Record<Locale, string[]> = {
  ja: ["品目", "商品ID", "商品名", "容量(ml)", "アルコール度数(%)", "販売本数", "販売数量(L)"],
  en: ["Kind", "Product ID", "Product", "Volume (ml)", "Alcohol (%)", "Bottles", "Litres"],
};

/** The report as CSV (UTF-8 with BOM, so Excel reads the Japanese): a line per product and a subtotal per kind. */
export function liquorReportCsv(report: LiquorReport, locale: Locale): string {
  const subtotal = locale === "ja" ? "小計" : "Subtotal";
  const rows: CsvValue[][] = [CSV_HEADERS[locale]];
  for (const group of report.groups) {
    const kind = group.label;
    for (const line of group.lines) {
      rows.push([kind, line.product_id, line.name, line.volume_ml, line.alcohol_percent, line.bottles, line.litres]);
    }
    rows.push([kind, null, subtotal, null, null, group.bottles, group.litres]);
  }
  return UTF8_BOM + csvText(rows);
}
