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
