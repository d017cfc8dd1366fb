import { fiscalYearRange, litresOf, percentOf } from "../../domain/liquor-law.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { CatalogReadModel } from "../catalog/catalog.read-model.ts";
import { OrdersReadModel } from "../orders/orders.read-model.ts";
import { japanMidnight } from "../../domain/japan-time.ts";
import type { CsvValue } from "./csv-format.ts";
import { UTF8_BOM, csvText } from "./csv-format.ts";
import type { LiquorReport, LiquorReportGroup } from "../../domain/back-office.ts";

/**
 * The yearly sales volumes the tax office asks for (酒類の販売数量等報告書): bottles sold in the
 * fiscal year (April–March, Japan time) by kind of liquor, in litres. Sold means a binding order
 * (not a card order left unpaid, not a cancelled one), dated when it was placed. Volumes and kinds
 * are the product's records today; a product deleted since counts under "unknown".
 */
export class LiquorReportService {
  private readonly orders: OrdersReadModel;
  private readonly catalog: CatalogReadModel;

  constructor(db: Database) {
    this.orders = new OrdersReadModel(db);
    this.catalog = new CatalogReadModel(db);
  }

  async report(fiscalYear: number, locale: Locale): Promise<LiquorReport> {
    const { from, until } = fiscalYearRange(fiscalYear);
    const rows = await this.soldRows(japanMidnight(from), japanMidnight(until));
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

  /**
   * Bottles sold per product, with the product's records today (the orders module counts, the
   * catalogue describes): a product still in the catalogue is one line under its current name, a
   * deleted one a line per name it was sold under. Ordered by kind (the kinds' order, unknown last),
   * then product.
   */
  private async soldRows(since: Date, until: Date): Promise<SoldRow[]> {
    const sold = await this.orders.bottlesSold(since, until);
    const ids = [...new Set(sold.flatMap((row) => (row.productId === null ? [] : [row.productId])))];
    const products = new Map((await this.catalog.liquorRecords(ids)).map((product) => [product.id, product]));
    const kinds = new Map((await this.catalog.liquorTypes()).map((kind) => [kind.key, kind]));
    const lines = new Map<string, SoldRow>();
    for (const row of sold) {
      const product = row.productId === null ? undefined : products.get(row.productId);
      const nameJa = product?.nameJa ?? row.nameJa;
      const nameEn = product?.nameEn ?? row.nameEn;
      const key = JSON.stringify([row.productId, nameJa, nameEn]);
      const line = lines.get(key);
      if (line) {
        line.bottles += row.bottles;
        continue;
      }
      const kind = product?.liquorType ? kinds.get(product.liquorType) : undefined;
      lines.set(key, {
        productId: row.productId,
        nameJa,
        nameEn,
        volumeMl: product?.volumeMl ?? null,
        alcoholPermille: product?.alcoholPermille ?? null,
        liquorType: product?.liquorType ?? null,
        labelJa: kind?.labelJa ?? null,
        labelEn: kind?.labelEn ?? null,
        kindOrder: kind?.sortOrder ?? null,
        bottles: row.bottles,
      });
    }
    const last = (value: number | string | null) => value === null;
    return [...lines.values()].sort(
      (a, b) =>
        Number(last(a.kindOrder)) - Number(last(b.kindOrder)) ||
        (a.kindOrder ?? 0) - (b.kindOrder ?? 0) ||
        Number(last(a.liquorType)) - Number(last(b.liquorType)) ||
        (a.liquorType ?? "").localeCompare(b.liquorType ?? "") ||
        Number(last(a.productId)) - Number(last(b.productId)) ||
        (a.productId ?? 0) - (b.productId ?? 0),
    );
  }
}

interface SoldRow {
  productId: number | null;
  nameJa: string;
  nameEn: string;
  volumeMl: number | null;
  alcoholPermille: number | null;
  liquorType: string | null;
  labelJa: string | null;
  labelEn: string | null;
  kindOrder: number | null;
  bottles: number;
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
