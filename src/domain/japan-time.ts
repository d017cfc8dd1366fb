/**
 * Business dates are dates in Japan whatever the server's or the browser's time zone.
 * A CalendarDate is a plain year/month/day with no time zone attached.
 */
export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
}

export const JAPAN_TIME_ZONE = "Asia/Tokyo";

const tokyoParts = new Intl.DateTimeFormat("en-US", {
  timeZone: JAPAN_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

export interface JapanDateTime extends CalendarDate {
  hour: number;
  minute: number;
}

export function japanDateTimeOf(instant: Date): JapanDateTime {
  const parts = Object.fromEntries(tokyoParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

export function japanDateOf(instant: Date): CalendarDate {
  const { year, month, day } = japanDateTimeOf(instant);
  return { year, month, day };
}

/** True when year/month/day name a day that exists (no 31 April, no 29 February in 2023). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first instant of a Japan date, yyyy-mm-dd (Japan keeps no daylight saving time, so always +09:00). */
export function japanMidnight(date: string, plusDays = 0): Date {
  const start = new Date(`${date}T00:00:00+09:00`);
  return new Date(start.getTime() + plusDays * 86_400_000);
}
