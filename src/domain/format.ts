import type { CalendarDate } from "./japan-time.ts";
import { japanDateTimeOf } from "./japan-time.ts";
import type { Locale } from "./locale.ts";

// One formatter per kind of value: every yen amount and date on screen and in mail goes through here.
const groupedInteger = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** An amount of yen with thousands separators: "1,234 円" in Japanese, "1,234 JPY" in English. */
export function formatYen(amount: number, locale: Locale): string {
  const digits = groupedInteger.format(Math.round(amount));
  return locale === "ja" ? `${digits} 円` : `${digits} JPY`;
}

export type TaxTreatment = "included" | "excluded";

/**
 * The one way a price or a price's label says whether tax is in it (decision 045): "(税込)" /
 * "(税抜)" right after it in Japanese, " (incl. tax)" / " (excl. tax)" in English.
 */
export function withTaxLabel(text: string, locale: Locale, tax: TaxTreatment): string {
  if (locale === "ja") return `${text}(${tax === "included" ? "税込" : "税抜"})`;
  return `${text} (${tax === "included" ? "incl." : "excl."} tax)`;
}

/** An amount with its tax label: "1,234 円(税込)", "1,234 JPY (excl. tax)". */
export function formatYenTaxed(amount: number, locale: Locale, tax: TaxTreatment): string {
  return withTaxLabel(formatYen(amount, locale), locale, tax);
}

/** A product's tax-included price as the contract shows it: "価格 1,234円(税込)". */
export function formatProductPrice(amountIncludingTax: number, locale: Locale): string {
  const digits = groupedInteger.format(Math.round(amountIncludingTax));
  return locale === "ja" ? `価格 ${digits}円(税込)` : `Price ${digits} JPY (incl. tax)`;
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A calendar date: "2026/11/22" in Japanese (Y/m/d), "Nov 22, 2026" in English. */
export function formatDate(date: CalendarDate, locale: Locale): string {
  if (locale === "ja") return `${date.year}/${pad2(date.month)}/${pad2(date.day)}`;
  return `${EN_MONTHS[date.month - 1]} ${date.day}, ${date.year}`;
}

/** An instant shown in Japan time: "2026/11/22 09:05" in Japanese, "Nov 22, 2026 09:05" in English. */
export function formatDateTime(instant: Date, locale: Locale): string {
  const t = japanDateTimeOf(instant);
  return `${formatDate(t, locale)} ${pad2(t.hour)}:${pad2(t.minute)}`;
}

/** A "YYYY-MM-DD" date as formatDate shows it ("2027/11/28", "Nov 28, 2027"); anything else as it came. */
export function formatIsoDate(value: string, locale: Locale): string {
  const date = parseIsoDate(value);
  return date ? formatDate(date, locale) : value;
}

/** Parses "YYYY-MM-DD" (the form dates are stored and sent in) into a CalendarDate. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}
