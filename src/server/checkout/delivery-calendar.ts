import holidayJp from "@holiday-jp/holiday_jp";
import type { DeliveryCalendarInput, ShopDays } from "../../domain/delivery-calendar.ts";
import { HOLIDAY_LOOKAHEAD_DAYS, deliveryWindow, isoDatePlus } from "../../domain/delivery-calendar.ts";
import { japanDateTimeOf } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { transitDaysTo } from "../../domain/shipping-table.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";

// Japan's public holidays from @holiday-jp/holiday_jp (its table runs to 2050). Looked up by the
// yyyy-MM-dd key of a date already taken in Japan time (domain/japan-time.ts): the library's Date
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

/** The shop's shipping days from its profile, with Japan's public holidays from the library. */
export function shopDaysOf(profile: Pick<ShopProfile, "deliveryCalendar" | "businessHolidays">): ShopDays {
  return { ...profile.deliveryCalendar, closedDates: profile.businessHolidays, isHoliday: isJapaneseHoliday };
}

/** The dates a delivery to the prefecture may be wished for, placed at `now` (domain/delivery-calendar.ts). */
export function deliveryDatesFor(
  profile: Pick<ShopProfile, "deliveryCalendar" | "businessHolidays"> & { terms: Pick<ShopProfile["terms"], "shipping"> },
  now: Date,
  prefecture: number | null,
): string[] {
  return deliveryWindow(japanDateTimeOf(now), shopDaysOf(profile), transitDaysTo(prefecture, profile.terms.shipping));
}

/** What the checkout page needs to work out the same window in the browser as the address is typed. */
export function deliveryCalendarInput(now: Date): DeliveryCalendarInput {
  const japanNow = japanDateTimeOf(now);
  const holidays: string[] = [];
  for (let offset = 0; offset <= HOLIDAY_LOOKAHEAD_DAYS; offset += 1) {
    const date = isoDatePlus(japanNow, offset);
    if (isJapaneseHoliday(date)) holidays.push(date);
  }
  return { now: japanNow, holidays };
}
