import type { Locale } from "../../domain/locale.ts";
import type { LiquorYearReport, PurchaseBookRow, SalesBookRow } from "../../domain/stock-ledger.ts";
import type { CsvValue } from "./csv-format.ts";
import { UTF8_BOM, csvText } from "./csv-format.ts";

// The liquor books as CSV files for the tax office (UTF-8 with BOM, as the yearly report's file, so
// Excel reads the Japanese). Litres are text with three decimals; a negative figure goes as a
// number, since the CSV writer quotes a text cell starting with "-" against formulas.

function litresCell(litres: string | null): CsvValue {
  return litres !== null && litres.startsWith("-") ? Number(litres) : litres;
}

/** The period a book covers, asked by the trader (both days included). */
export interface BookPeriodText {
  from: string;
  to: string;
}

const PURCHASE_HEADERS: Record<Locale, string[]> = {
  ja: [
    "帳簿の期間",
    "仕入年月日",
    "品目",
    "税率の適用区分",
    "アルコール分(%)",
    "商品ID",
    "商品名",
    "容量(ml)",
    "数量(本)",
    "数量(L)",
    "単価(円)",
    "金額(円)",
    "仕入先の名称",
    "仕入先の所在地",
    "仕入先の登録番号",
    "仕入税額控除の割合(%)",
  ],
  en: [
    "Book period",
    "Date",
    "Category",
    "Tax bracket",
    "Alcohol (%)",
    "Product ID",
    "Product",
    "Volume (ml)",
    "Bottles",
    "Litres",
    "Unit cost (yen)",
    "Amount (yen)",
    "Supplier",
    "Supplier address",
    "Supplier registration number",
    "Deductible input tax (%)",
  ],
};

function periodText(period: BookPeriodText, locale: Locale): string {
  return locale === "ja" ? `${period.from}から${period.to}まで` : `${period.from} to ${period.to}`;
}

/** 仕入帳: a line per receiving, each stating the book's period, its 品目 and 税率の適用区分. */
export function purchaseBookCsv(rows: PurchaseBookRow[], period: BookPeriodText, locale: Locale): string {
  const notStated = locale === "ja" ? "(未記入)" : "(not stated)";
  const notRegistered = locale === "ja" ? "(登録なし)" : "(not registered)";
  return (
    UTF8_BOM +
    csvText([
      PURCHASE_HEADERS[locale],
      ...rows.map((row) => [
        periodText(period, locale),
        row.date,
        row.category_label,
        row.bracket_label,
        row.alcohol_percent,
        row.product_id,
        row.product_name,
        row.volume_ml,
        row.quantity,
        litresCell(row.litres),
        row.unit_cost,
        row.amount,
        row.supplier_name || notStated,
        row.supplier_address || notStated,
        row.supplier_invoice_number ?? notRegistered,
        row.deductible_percent,
      ]),
    ])
  );
}

const SALES_HEADERS: Record<Locale, string[]> = {
  ja: [
    "帳簿の期間",
    "販売年月日(集計期間)",
    "集計期間の初日",
    "集計期間の末日",
    "品目",
    "税率の適用区分",
    "販売数量(本)",
    "取消・返品(本)",
    "差引数量(本)",
    "差引数量(L)",
    "販売金額(円・税抜)",
  ],
  en: [
    "Book period",
    "Date (or month)",
    "Totals from",
    "Totals to",
    "Category",
    "Tax bracket",
    "Bottles sold",
    "Cancelled or returned",
    "Net bottles",
    "Net litres",
    "Amount (yen, excl. tax)",
  ],
};

/** 販売帳: daily (or monthly) totals per 品目 and 税率の適用区分 (sales to consumers), each with the days it covers. */
export function salesBookCsv(rows: SalesBookRow[], period: BookPeriodText, locale: Locale): string {
  return (
    UTF8_BOM +
    csvText([
      SALES_HEADERS[locale],
      ...rows.map((row) => [
        periodText(period, locale),
        row.date,
        row.period_from,
        row.period_to,
        row.category_label,
        row.bracket_label,
        row.sold,
        row.returned,
        row.net,
        litresCell(row.litres),
        row.amount,
      ]),
    ])
  );
}

const YEAR_HEADERS: Record<Locale, string[]> = {
  ja: ["品目", "年度初めの在庫数量(L)", "仕入数量(L)", "販売数量(L)", "その他の増減(L)", "年度末の在庫数量(L)", "容量未登録の本数"],
  en: ["Category", "Opening stock (L)", "Purchased (L)", "Sold (L)", "Other changes (L)", "Closing stock (L)", "Bottles without volume"],
};

/** The yearly 酒類の販売数量等報告書 figures, a line per 品目. */
export function yearReportCsv(report: LiquorYearReport, locale: Locale): string {
  return (
    UTF8_BOM +
    csvText([
      YEAR_HEADERS[locale],
      ...report.rows.map((row) => [
        row.category_label,
        litresCell(row.opening_litres),
        litresCell(row.purchased_litres),
        litresCell(row.sold_litres),
        litresCell(row.other_litres),
        litresCell(row.closing_litres),
        row.bottles_without_volume,
      ]),
    ])
  );
}
