import { fiscalYearRange, litresOf } from "../../domain/liquor-law.ts";
import type { Locale } from "../../domain/locale.ts";
import type { LiquorCategory } from "../../domain/product-details.ts";
import { LIQUOR_CATEGORIES, isLiquorCategory } from "../../domain/product-details.ts";
import type { LiquorYearReport, PurchaseBookRow, SalesBookRow, YearFigures } from "../../domain/stock-ledger.ts";
import { bottleLitres } from "../../domain/stock-ledger.ts";
import type { Database } from "../db/client.ts";
import { LiquorBooksReadModel } from "../catalog/liquor-books.read-model.ts";

const CATEGORY_ORDER = Object.keys(LIQUOR_CATEGORIES);

function categoryLabel(category: string, locale: Locale): string {
  return isLiquorCategory(category) ? LIQUOR_CATEGORIES[category][locale] : category;
}

function byCategory(a: string, b: string): number {
  return CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b);
}

/** The day after a yyyy-mm-dd date (the books' periods are "from … to …" with both days included). */
export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Moves that are sales to consumers, and those that undo them, in the 販売帳. */
const SALES_KINDS = ["sale", "cancellation", "return"];

/**
 * The books the liquor tax act (酒税法 §46) asks a retailer to keep, read from the ledger
 * (docs/decisions/038): the 仕入帳 (every receiving with its supplier), the 販売帳 (daily totals by
 * 品目, enough for sales to consumers) and the yearly 酒類の販売数量等報告書 figures in litres.
 */
export class LiquorBooksService {
  private readonly books: LiquorBooksReadModel;

  constructor(db: Database) {
    this.books = new LiquorBooksReadModel(db);
  }

  /** 仕入帳 for `from` … `to` (both days included). */
  async purchaseBook(from: string, to: string, category: LiquorCategory | undefined, locale: Locale): Promise<PurchaseBookRow[]> {
    const lines = await this.books.receivings(from, dayAfter(to), category);
    return lines.map((line) => ({
      date: line.movedOn,
      category: line.category,
      category_label: categoryLabel(line.category, locale),
      product_id: line.productId,
      product_name: locale === "ja" ? line.nameJa : line.nameEn,
      volume_ml: line.volumeMl,
      quantity: line.quantity,
      litres: bottleLitres(line.quantity, line.volumeMl),
      unit_cost: line.unitYen,
      amount: line.unitYen === null ? null : line.unitYen * line.quantity,
      supplier_name: line.supplierName ?? "",
      supplier_address: line.supplierAddress ?? "",
    }));
  }

  /** 販売帳: a row per day and 品目 with bottles sold, cancelled or returned, litres and yen. */
  async salesBook(from: string, to: string, category: LiquorCategory | undefined, locale: Locale): Promise<SalesBookRow[]> {
    const totals = await this.books.dailyTotals(SALES_KINDS, from, dayAfter(to), category);
    const rows = new Map<string, SalesBookRow & { ml: number }>();
    for (const total of totals) {
      const key = `${total.movedOn}|${total.category}`;
      let row = rows.get(key);
      if (!row) {
        row = { date: total.movedOn, category: total.category, category_label: categoryLabel(total.category, locale), sold: 0, returned: 0, net: 0, litres: "0.000", amount: 0, ml: 0 };
        rows.set(key, row);
      }
      // Sales are booked as bottles out (negative); cancellations and returns as bottles back in.
      if (total.kind === "sale") row.sold -= total.quantity;
      else row.returned += total.quantity;
      row.amount -= total.yen;
      row.ml -= total.quantity * (total.volumeMl ?? 0);
    }
    return [...rows.values()]
      .sort((a, b) => a.date.localeCompare(b.date) || byCategory(a.category, b.category))
      .map(({ ml, ...row }) => ({ ...row, net: row.sold - row.returned, litres: litresOf(ml) }));
  }

  /**
   * The year's figures per 品目 in litres: stock at the start of the fiscal year, purchases, sales
   * (less cancellations and returns), other moves (breakage, tasting, stock-take corrections,
   * opening balances of products added in the year) and stock at the year's end, which add up.
   */
  async yearReport(fiscalYear: number, locale: Locale): Promise<LiquorYearReport> {
    const { from, until } = fiscalYearRange(fiscalYear);
    const totals = await this.books.periodTotals(from, until);
    const figures = new Map<string, { opening: number; purchased: number; sold: number; other: number; missing: number }>();
    for (const total of totals) {
      let figure = figures.get(total.category);
      if (!figure) {
        figure = { opening: 0, purchased: 0, sold: 0, other: 0, missing: 0 };
        figures.set(total.category, figure);
      }
      if (total.volumeMl === null) {
        figure.missing += Math.abs(total.within);
        continue;
      }
      const ml = total.volumeMl;
      figure.opening += total.before * ml;
      if (total.kind === "receiving") figure.purchased += total.within * ml;
      else if (SALES_KINDS.includes(total.kind)) figure.sold -= total.within * ml;
      else figure.other += total.within * ml;
    }
    const rows: YearFigures[] = [...figures.entries()]
      .sort(([a], [b]) => byCategory(a, b))
      .map(([category, figure]) => ({
        category,
        category_label: categoryLabel(category, locale),
        opening_litres: litresOf(figure.opening),
        purchased_litres: litresOf(figure.purchased),
        sold_litres: litresOf(figure.sold),
        other_litres: litresOf(figure.other),
        closing_litres: litresOf(figure.opening + figure.purchased - figure.sold + figure.other),
        bottles_without_volume: figure.missing,
      }));
    return { fiscal_year: fiscalYear, from, to: `${fiscalYear + 1}-03-31`, rows };
  }
}
