import { describe, expect, it } from "vitest";
import type { AddressInput } from "../../domain/address.ts";
import { checkoutPayloadSchema } from "../../domain/checkout.ts";
import { deliveryWindow } from "../../domain/checkout-totals.ts";
import type { CalendarDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { DomainError } from "../../domain/errors.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { validateCheckout } from "./checkout.validation.ts";
import { isJapaneseHoliday, japaneseHolidayName } from "./delivery-calendar.ts";

// The delivery window at checkout leaves out Japan's public holidays (@holiday-jp/holiday_jp).

describe("delivery calendar", () => {
  it("knows Japan's public holidays and their substitutes, by the date in Japan", () => {
    expect(isJapaneseHoliday("2027-01-01")).toBe(true);
    expect(isJapaneseHoliday("2026-05-06")).toBe(true); // Constitution Day (3 May) was a Sunday: its substitute
    expect(isJapaneseHoliday("2026-05-07")).toBe(false);
    expect(isJapaneseHoliday("2026-11-23")).toBe(true);
    expect(isJapaneseHoliday("2026-11-24")).toBe(false);
    expect(japaneseHolidayName("2027-01-01", "ja")).toBe("元日");
    expect(japaneseHolidayName("2027-01-01", "en")).toBe("New Year's Day");
    expect(japaneseHolidayName("2026-11-24", "en")).toBeUndefined();
  });

  it("takes Golden Week out of the window, and New Year's Day", () => {
    expect(deliveryWindow({ year: 2026, month: 4, day: 28 }, isJapaneseHoliday)).toEqual(["2026-04-30", "2026-05-01", "2026-05-02"]);
    const newYear = deliveryWindow({ year: 2026, month: 12, day: 28 }, isJapaneseHoliday);
    expect(newYear).not.toContain("2027-01-01");
    expect(newYear).toEqual(["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-02", "2027-01-03", "2027-01-04", "2027-01-05"]);
  });
});

describe("the delivery date wished at checkout", () => {
  const goldenWeek: CalendarDate = { year: 2026, month: 4, day: 28 };
  function wish(date: string, locale: Locale) {
    const payload = checkoutPayloadSchema.parse(orderPayload([{ id: 1, amount: 1 }], { desired_delivery_date: date }));
    try {
      validateCheckout(payload, {
        locale,
        todayInJapan: goldenWeek,
        timeBandCodes: [],
        signedIn: false,
        hasSavedCard: false,
        validateAddress: (address) => address as AddressInput,
      });
      return [];
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return error.fields?.desired_delivery_date ?? [];
    }
  }

  it("may be a working day in the window", () => {
    expect(wish("2026-05-01", "ja")).toEqual([]);
  });

  it("is refused on a public holiday with the holiday's name, in ja and en", () => {
    expect(wish("2026-05-05", "ja")).toEqual(["2026/05/05は祝日（こどもの日）のため、お届け希望日に指定できません。ほかの日付を選んでください。"]);
    expect(wish("2026-05-05", "en")).toEqual(["2026/05/05 is a public holiday in Japan (Children's Day), so it cannot be a delivery date. Please choose another day."]);
  });

  it("is refused outside the window with its first and last days", () => {
    expect(wish("2026-05-09", "en")).toEqual(["Please choose a delivery date from 2026/04/30 to 2026/05/02."]);
    // A holiday, but outside the window all the same.
    expect(wish("2026-01-01", "en")).toEqual(["Please choose a delivery date from 2026/04/30 to 2026/05/02."]);
  });
});
