import type { CalendarDate } from "./japan-time.ts";

// Rules of the liquor law that the back office applies: the tax office's annual report of sales
// volumes (酒類の販売数量等報告書) covers a fiscal year from 1 April to 31 March, in litres by kind
// of liquor; the liquor-sales manager must be trained again before a deadline (every three years).

/** Days before the training deadline from which the dashboard warns. */
export const TRAINING_WARNING_DAYS = 90;

/** The fiscal year (named by the year it starts in) that a Japan date falls in: 2027-03-31 is in 2026. */
export function fiscalYearOf(date: CalendarDate): number {
  return date.month >= 4 ? date.year : date.year - 1;
}

/** The first fiscal year the back office's yearly reports offer. */
export const FIRST_FISCAL_YEAR = 2000;

/**
 * The fiscal year a yearly report asks for (`?year=`; blank is the current one), with the current one
 * for the answer's meta; null when it is no four-digit year from FIRST_FISCAL_YEAR to the current one.
 */
export function askedFiscalYear(asked: string, today: CalendarDate): { year: number; current: number } | null {
  const current = fiscalYearOf(today);
  const raw = asked || String(current);
  const year = /^\d{4}$/.test(raw) ? Number(raw) : Number.NaN;
  return year >= FIRST_FISCAL_YEAR && year <= current ? { year, current } : null;
}

/** The first day of fiscal year `year` and the first day after it, as ISO dates (Japan time). */
export function fiscalYearRange(year: number): { from: string; until: string } {
  return { from: `${year}-04-01`, until: `${year + 1}-04-01` };
}

/** Millilitres shown as litres with three decimals, exact (no rounding needed). */
export function litresOf(totalMl: number): string {
  const sign = totalMl < 0 ? "-" : "";
  const ml = Math.abs(Math.trunc(totalMl));
  return `${sign}${Math.floor(ml / 1000)}.${String(ml % 1000).padStart(3, "0")}`;
}

/** Alcohol strength stored as tenths of a percent, shown as a percentage: 145 → "14.5". */
export function percentOf(permille: number): string {
  return (permille / 10).toFixed(1);
}

export interface TrainingWarning {
  deadline: string;
  daysLeft: number;
  overdue: boolean;
}

/** A warning when the manager's training deadline is within TRAINING_WARNING_DAYS of today (or past). */
export function trainingWarning(today: CalendarDate, deadline: string, warnDays = TRAINING_WARNING_DAYS): TrainingWarning | null {
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  const [year, month, day] = deadline.split("-").map(Number) as [number, number, number];
  const daysLeft = Math.round((Date.UTC(year, month - 1, day) - todayUtc) / 86_400_000);
  if (daysLeft > warnDays) return null;
  return { deadline, daysLeft, overdue: daysLeft < 0 };
}

/**
 * The notice the display standard for liquor (20歳未満の者の飲酒防止に関する表示基準) asks on the order
 * form, the delivery note and what the shop sends: every mail carries it (mail-layout.ts), the
 * delivery note and receipt print it. The Japanese wording is the standard's, verbatim.
 */
export const UNDER_20_NOTICE = {
  ja: "20歳未満の者の飲酒は法律で禁止されています",
  en: "Drinking by anyone under the age of 20 is prohibited by law.",
} as const;

/**
 * The liquor books are kept five years after they are closed (酒税法施行令 §52). A book closes at
 * the end of the fiscal year (31 March) the entry falls in, the year the annual report closes too
 * (docs/decisions/061); the last day an entry of `date` must still be kept.
 */
export function booksKeptUntil(date: string): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const closingYear = month >= 4 ? year + 1 : year;
  return `${closingYear + 5}-03-31`;
}

/**
 * Retail sales may be booked as totals over at most three months (monthly here) only while a
 * stock-take (実地棚卸し) is made at least every three months (酒税法等の法令解釈通達 第2編 第46条関係 4). The months
 * of a period (yyyy-mm) a stock-take does not cover: month M is covered by a stock-take dated in M,
 * M−1 or M−2.
 */
export function monthsWithoutStockTake(months: string[], stockTakeDates: string[]): string[] {
  const index = (yearMonth: string) => {
    const [year, month] = yearMonth.split("-").map(Number) as [number, number];
    return year * 12 + (month - 1);
  };
  const taken = stockTakeDates.map((date) => index(date.slice(0, 7)));
  return months.filter((month) => !taken.some((at) => at <= index(month) && at >= index(month) - 2));
}

/** True when the last stock-take is more than three months before `today` (or there is none). */
export function stockTakeOverdue(today: string, lastStockTake: string | null): boolean {
  if (lastStockTake === null) return true;
  const [year, month, day] = lastStockTake.split("-").map(Number) as [number, number, number];
  const due = new Date(Date.UTC(year, month - 1 + 3, day));
  return today > due.toISOString().slice(0, 10);
}
