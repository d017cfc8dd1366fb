import holidayJp from "@holiday-jp/holiday_jp";
import type { Locale } from "../../domain/locale.ts";

// Japan's public holidays from @holiday-jp/holiday_jp (its table runs to 2050). Looked up by the
// yyyy-MM-dd key of a date already taken in Japan time (DESIGN "Japan time"): the library's Date
// lookups use the server's zone, its table keys do not.

// The table's type names every date; a lookup by any date string sees it as a plain record.
const holidays: Readonly<Record<string, { name: string; name_en: string }>> = holidayJp.holidays;

/** Whether a date (yyyy-MM-dd, a date in Japan) is a public holiday in Japan. */
export function isJapaneseHoliday(isoDate: string): boolean {
  return Object.hasOwn(holidays, isoDate);
}

/** The holiday's name in the locale (e.g. 元日 / New Year's Day), or undefined on other days. */
export function japaneseHolidayName(isoDate: string, locale: Locale): string | undefined {
  if (!isJapaneseHoliday(isoDate)) return undefined;
  const holiday = holidays[isoDate]!;
  return locale === "ja" ? holiday.name : holiday.name_en;
}
