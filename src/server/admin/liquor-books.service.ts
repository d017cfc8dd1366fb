import { deductiblePercent } from "../../domain/invoice-registration.ts";
import { fiscalYearRange, litresOf, percentOf } from "../../domain/liquor-law.ts";
import { compareBracketKeys, taxBracketOf } from "../../domain/liquor-tax-brackets.ts";
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

/** The 税率の適用区分 of a move of `category` at `alcoholPermille`, labelled in `locale`. */
function bracketOf(category: string, alcoholPermille: number | null, locale: Locale): { bracket: string; bracket_label: string } {
  if (!isLiquorCategory(category)) return { bracket: "unknown", bracket_label: category };
  const bracket = taxBracketOf(category, alcoholPermille);
  return { bracket: bracket.key, bracket_label: bracket.label[locale] };
}

/** How the 販売帳 adds up retail sales: a line per day, or per month when stock-takes allow it. */
export type SalesBookMode = "daily" | "monthly";

/** The last day of the month of a yyyy-mm-dd date. */
function monthEnd(date: string): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
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
      ...bracketOf(line.category, line.alcoholPermille, locale),
      alcohol_percent: line.alcoholPermille === null ? null : percentOf(line.alcoholPermille),
      product_id: line.productId,
      product_name: locale === "ja" ? line.nameJa : line.nameEn,
      volume_ml: line.volumeMl,
      quantity: line.quantity,
      litres: bottleLitres(line.quantity, line.volumeMl),
      unit_cost: line.unitYen,
      amount: line.unitYen === null ? null : line.unitYen * line.quantity,
      supplier_name: line.supplierName ?? "",
      supplier_address: line.supplierAddress ?? "",
      supplier_invoice_number: line.supplierInvoiceNumber,
      deductible_percent: deductiblePercent(line.movedOn, line.supplierInvoiceNumber !== null),
    }));
  }

  /**
   * 販売帳: a row per day (or month) and 品目 and 税率の適用区分 with bottles sold, cancelled or
   * returned, litres and yen. Monthly rows cover the part of the month within the period; the
   * caller checks the stock-takes monthly totals require.
   */
  async salesBook(from: string, to: string, category: LiquorCategory | undefined, locale: Locale, mode: SalesBookMode = "daily"): Promise<SalesBookRow[]> {
    const totals = await this.books.dailyTotals(SALES_KINDS, from, dayAfter(to), category);
    const rows = new Map<string, SalesBookRow & { ml: number }>();
    for (const total of totals) {
      const bracket = bracketOf(total.category, total.alcoholPermille, locale);
      const date = mode === "daily" ? total.movedOn : total.movedOn.slice(0, 7);
      const key = `${date}|${total.category}|${bracket.bracket}`;
      let row = rows.get(key);
      if (!row) {
        const periodFrom = mode === "daily" ? date : [`${date}-01`, from].sort().at(-1)!;
        const periodTo = mode === "daily" ? date : [monthEnd(total.movedOn), to].sort()[0]!;
        row = {
          date,
          period_from: periodFrom,
          period_to: periodTo,
          category: total.category,
          category_label: categoryLabel(total.category, locale),
          ...bracket,
          sold: 0,
          returned: 0,
          net: 0,
          litres: "0.000",
          amount: 0,
          ml: 0,
        };
        rows.set(key, row);
      }
      // Sales are booked as bottles out (negative); cancellations and returns as bottles back in.
      if (total.kind === "sale") row.sold -= total.quantity;
      else row.returned += total.quantity;
      row.amount -= total.yen;
      row.ml -= total.quantity * (total.volumeMl ?? 0);
    }
    return [...rows.values()]
      .sort((a, b) => a.date.localeCompare(b.date) || byCategory(a.category, b.category) || compareBracketKeys(a.bracket, b.bracket))
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
