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

const PURCHASE_HEADERS: Record<Locale, string[]> = {
  ja: ["仕入年月日", "品目", "商品ID", "商品名", "容量(ml)", "数量(本)", "数量(L)", "単価(円)", "金額(円)", "仕入先の名称", "仕入先の所在地"],
  en: ["Date", "Category", "Product ID", "Product", "Volume (ml)", "Bottles", "Litres", "Unit cost (yen)", "Amount (yen)", "Supplier", "Supplier address"],
};

/** 仕入帳: a line per receiving. */
export function purchaseBookCsv(rows: PurchaseBookRow[], locale: Locale): string {
  const notStated = locale === "ja" ? "(未記入)" : "(not stated)";
  return (
    UTF8_BOM +
    csvText([
      PURCHASE_HEADERS[locale],
      ...rows.map((row) => [
        row.date,
        row.category_label,
        row.product_id,
        row.product_name,
        row.volume_ml,
        row.quantity,
        litresCell(row.litres),
        row.unit_cost,
        row.amount,
        row.supplier_name || notStated,
        row.supplier_address || notStated,
      ]),
    ])
  );
}

const SALES_HEADERS: Record<Locale, string[]> = {
  ja: ["販売年月日", "品目", "販売数量(本)", "取消・返品(本)", "差引数量(本)", "差引数量(L)", "販売金額(円・税抜)"],
  en: ["Date", "Category", "Bottles sold", "Cancelled or returned", "Net bottles", "Net litres", "Amount (yen, excl. tax)"],
};

/** 販売帳: daily totals per 品目 (sales to consumers). */
export function salesBookCsv(rows: SalesBookRow[], locale: Locale): string {
  return (
    UTF8_BOM +
    csvText([SALES_HEADERS[locale], ...rows.map((row) => [row.date, row.category_label, row.sold, row.returned, row.net, litresCell(row.litres), row.amount])])
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
