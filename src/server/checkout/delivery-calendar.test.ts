import { describe, expect, it } from "vitest";
import type { AddressInput } from "../../domain/address.ts";
import { checkoutPayloadSchema } from "../../domain/checkout.ts";
import { deliveryCalendarSchema } from "../../domain/delivery-calendar-schema.ts";
import type { Locale } from "../../domain/locale.ts";
import { defaultShippingTable } from "../../domain/shipping-table.ts";
import { DomainError } from "../../domain/errors.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { validateCheckout } from "./checkout.validation.ts";
import { deliveryCalendarInput, deliveryDatesFor, isJapaneseHoliday, japaneseHolidayName } from "./delivery-calendar.ts";

// The delivery window at checkout: the shop's calendar (closed weekdays and dates, cutoff), Japan's
// public holidays from @holiday-jp/holiday_jp, and the transit days to the address's prefecture.

const profile = { deliveryCalendar: deliveryCalendarSchema.parse({}), businessHolidays: [] as string[], terms: { shipping: defaultShippingTable() } };
/** An instant given as Japan time. */
const japan = (local: string) => new Date(`${local}+09:00`);

describe("delivery calendar", () => {
  it("knows Japan's public holidays and their substitutes, by the date in Japan, 2027 included", () => {
    expect(isJapaneseHoliday("2027-01-01")).toBe(true);
    expect(isJapaneseHoliday("2027-01-11")).toBe(true); // 成人の日 2027
    expect(isJapaneseHoliday("2027-11-23")).toBe(true);
    expect(isJapaneseHoliday("2026-05-06")).toBe(true); // Constitution Day (3 May) was a Sunday: its substitute
    expect(isJapaneseHoliday("2026-05-07")).toBe(false);
    expect(isJapaneseHoliday("2026-11-24")).toBe(false);
    expect(japaneseHolidayName("2027-01-01", "ja")).toBe("元日");
    expect(japaneseHolidayName("2027-01-01", "en")).toBe("New Year's Day");
  });

  it("ships nothing over Golden Week: an order of 28 April 2026 after the cutoff arrives on 1 May", () => {
    // Tue 28 Apr 15:00 → Wed 29 Apr is 昭和の日 → ships Thu 30 Apr → Tokyo on Fri 1 May.
    expect(deliveryDatesFor(profile, japan("2026-04-28T15:00:00"), 13)).toEqual([
      "2026-05-01",
      "2026-05-02",
      "2026-05-03",
      "2026-05-04",
      "2026-05-05",
      "2026-05-06",
    ]);
  });

  it("gives the page the moment in Japan and the holidays ahead, for the same window in the browser", () => {
    const input = deliveryCalendarInput(new Date("2026-12-30T16:00:00Z")); // 31 Dec 01:00 in Japan
    expect(input.now).toMatchObject({ year: 2026, month: 12, day: 31, hour: 1 });
    expect(input.holidays).toContain("2027-01-01");
    expect(input.holidays).not.toContain("2026-12-31");
  });
});

describe("the delivery date wished at checkout", () => {
  // Tue 28 April 2026, 10:00 in Japan: ships today, Tokyo from the 29th, Okinawa from 1 May.
  const now = japan("2026-04-28T10:00:00");
  function wish(date: string, locale: Locale, prefecture = 13) {
    const payload = checkoutPayloadSchema.parse(orderPayload([{ id: 1, amount: 1 }], { desired_delivery_date: date }));
    try {
      validateCheckout(payload, {
        locale,
        todayInJapan: { year: 2026, month: 4, day: 28 },
        deliveryDates: (each) => deliveryDatesFor(profile, now, each),
        timeBandCodes: [],
        signedIn: false,
        hasSavedCard: false,
        validateAddress: (address) => ({ ...(address as AddressInput), prefecture }),
      });
      return [];
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return error.fields?.desired_delivery_date ?? [];
    }
  }

  it("may be any day from the first arrival to 8 days from today, holidays included (carriers deliver then)", () => {
    expect(wish("2026-04-29", "ja")).toEqual([]);
    expect(wish("2026-05-06", "ja")).toEqual([]);
  });

  it("is refused before the parcel can reach the prefecture, with the window in ja and en", () => {
    expect(wish("2026-04-29", "ja", 47)).toEqual(["お届け希望日は2026/05/01から2026/05/06までの日付を選んでください。"]);
    expect(wish("2026-04-30", "en", 47)).toEqual(["Please choose a delivery date from 2026/05/01 to 2026/05/06."]);
    expect(wish("2026-05-01", "en", 47)).toEqual([]);
  });

  it("is refused outside the window", () => {
    expect(wish("2026-05-07", "en")).toEqual(["Please choose a delivery date from 2026/04/29 to 2026/05/06."]);
    expect(wish("2026-04-28", "en")).toEqual(["Please choose a delivery date from 2026/04/29 to 2026/05/06."]);
  });
});
