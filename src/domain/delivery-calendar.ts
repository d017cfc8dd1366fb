import type { CalendarDate, JapanDateTime } from "./japan-time.ts";
import type { Locale } from "./locale.ts";

/**
 * The delivery calendar (docs/decisions/035-shipping-table-and-delivery-calendar.md), shared by the
 * checkout page and the server: an order placed by the cutoff on a shipping day ships that day,
 * otherwise on the next shipping day (not a closed weekday, a closed date or a public holiday); it
 * arrives after the prefecture's transit days; a delivery may be wished from that first arrival up to
 * 8 days from today. Carriers deliver every day, Sundays and holidays included, so
 * closed days hold back the shipping, not the arrival.
 */

/** A delivery date may be wished up to 8 days from today (and never for today). */
export const DELIVERY_WINDOW_DAYS = { first: 1, last: 8 } as const;
/** How far ahead the next shipping day is looked for; a shop closed longer offers no date. */
const SHIPPING_DAY_SEARCH = 60;

/**
 * The trader's shipping days (checked by `deliveryCalendarSchema` in delivery-calendar-schema.ts:
 * kept apart so the product page, which words the shipping promise, does not bring zod).
 */
export interface DeliveryCalendarSettings {
  /** Weekdays the shop ships nothing, 0 Sunday … 6 Saturday, sorted, each once. */
  closedWeekdays: number[];
  /** Orders placed up to this time (Japan, HH:mm) on a shipping day ship the same day. */
  cutoff: string;
}

/** Whether a date (yyyy-MM-dd) is a public holiday in Japan: the server reads @holiday-jp/holiday_jp, the browser a list the page brings. */
export type HolidayCalendar = (isoDate: string) => boolean;

/** The days the shop does not ship, as the calendar needs them. */
export interface ShopDays extends DeliveryCalendarSettings {
  /** The shop's own closed dates (yyyy-MM-dd), besides closed weekdays and public holidays. */
  closedDates: readonly string[];
  isHoliday: HolidayCalendar;
}

/** What the checkout page brings from the server to work out the window itself: the moment and the holidays near it. */
export interface DeliveryCalendarInput {
  now: JapanDateTime;
  /** Public holidays (yyyy-MM-dd) from today for SHIPPING_DAY_SEARCH + 8 days. */
  holidays: string[];
}

/** Days the page needs holidays for, from today. */
export const HOLIDAY_LOOKAHEAD_DAYS = SHIPPING_DAY_SEARCH + DELIVERY_WINDOW_DAYS.last;

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The date `offset` days after a calendar date, yyyy-MM-dd (UTC arithmetic: no zone can skip a day). */
export function isoDatePlus(date: CalendarDate, offset: number): string {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day + offset));
  return `${day.getUTCFullYear()}-${pad2(day.getUTCMonth() + 1)}-${pad2(day.getUTCDate())}`;
}

function weekdayOf(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}

export function isShippingDay(isoDate: string, days: ShopDays): boolean {
  return !days.closedWeekdays.includes(weekdayOf(isoDate)) && !days.closedDates.includes(isoDate) && !days.isHoliday(isoDate);
}

function minutesOf(time: string): number {
  const [hour, minute] = time.split(":").map(Number);
  return hour! * 60 + minute!;
}

/** The date an order placed now ships, or null when the shop ships on none of the next 60 days. */
export function shippingDateFor(now: JapanDateTime, days: ShopDays): string | null {
  const inTime = now.hour * 60 + now.minute <= minutesOf(days.cutoff);
  for (let offset = inTime ? 0 : 1; offset <= SHIPPING_DAY_SEARCH; offset += 1) {
    const date = isoDatePlus(now, offset);
    if (isShippingDay(date, days)) return date;
  }
  return null;
}

/**
 * The dates (yyyy-MM-dd) a delivery may be wished for: from the first day the parcel can arrive
 * (shipping date + transit days) to 8 days from today in Japan. Empty when it cannot arrive by then.
 */
export function deliveryWindow(now: JapanDateTime, days: ShopDays, transitDays: number): string[] {
  const shipping = shippingDateFor(now, days);
  if (shipping === null) return [];
  const arrival = isoDatePlus(calendarDateOf(shipping), transitDays);
  const dates: string[] = [];
  for (let offset = DELIVERY_WINDOW_DAYS.first; offset <= DELIVERY_WINDOW_DAYS.last; offset += 1) {
    const date = isoDatePlus(now, offset);
    if (date >= arrival) dates.push(date);
  }
  return dates;
}

export function calendarDateOf(isoDate: string): CalendarDate {
  const [year, month, day] = isoDate.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

/** A wished date as the contract shows it in both languages: yyyy/MM/dd. */
export function formatDeliveryDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new RangeError(`expected yyyy-MM-dd, got ${isoDate}`);
  return isoDate.replaceAll("-", "/");
}

const WEEKDAYS: Record<Locale, string[]> = {
  ja: ["日曜", "月曜", "火曜", "水曜", "木曜", "金曜", "土曜"],
  en: ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"],
};

export function weekdayName(weekday: number, locale: Locale): string {
  return WEEKDAYS[locale][weekday]!;
}

/** Monday first, Sunday last, as a Japanese week is read (土日, not 日土). */
const mondayFirst = (weekdays: readonly number[]) => [...weekdays].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));

/**
 * The days the shop does not ship, as a Japanese shop writes them: 土日祝 for Saturdays, Sundays and
 * holidays (several weekdays as one character each, 水日祝), 水曜・祝日 for one weekday, 祝日 for none.
 */
export function closedDaysJa(closedWeekdays: readonly number[]): string {
  if (closedWeekdays.length === 0) return "祝日";
  if (closedWeekdays.length === 1) return `${weekdayName(closedWeekdays[0]!, "ja")}・祝日`;
  return `${mondayFirst(closedWeekdays)
    .map((day) => weekdayName(day, "ja").charAt(0))
    .join("")}祝`;
}

/**
 * The shop's one shipping promise (issue 28): "14時までのご注文は当日発送(土日祝・休業日を除く)", from
 * the delivery calendar the checkout offers dates by. The legal notice, the product page, the final
 * confirmation and the order mail all state this one, never a second figure.
 */
export function shippingPromise(settings: DeliveryCalendarSettings, locale: Locale): string {
  const [hour, minute] = settings.cutoff.split(":").map(Number);
  if (locale === "ja") {
    const time = minute === 0 ? `${hour}時` : `${hour}時${minute}分`;
    return `${time}までのご注文は当日発送(${closedDaysJa(settings.closedWeekdays)}・休業日を除く)`;
  }
  const time = `${pad2(hour!)}:${pad2(minute!)} (Japan time)`;
  const except = [...mondayFirst(settings.closedWeekdays).map((day) => weekdayName(day, locale)), "public holidays", "the shop's closed days"];
  return `Orders placed by ${time} ship the same day (except ${except.slice(0, -1).join(", ")} and ${except.at(-1)}).`;
}
