import { describe, expect, it } from "vitest";
import type { ShopDays } from "./delivery-calendar.ts";
import { deliveryCalendarSchema } from "./delivery-calendar-schema.ts";
import { closedDaysJa, deliveryWindow, formatDeliveryDate, shippingDateFor, shippingPromise } from "./delivery-calendar.ts";
import type { JapanDateTime } from "./japan-time.ts";
import { japanDateTimeOf } from "./japan-time.ts";

// The calendar's rules with a hand-made holiday list; the real one (@holiday-jp/holiday_jp) is the
// server's (server/checkout/delivery-calendar.test.ts).
const HOLIDAYS = ["2027-01-01", "2027-01-11", "2026-11-23"];
const days = (overrides: Partial<ShopDays> = {}): ShopDays => ({
  ...deliveryCalendarSchema.parse({}),
  closedDates: [],
  isHoliday: (date) => HOLIDAYS.includes(date),
  ...overrides,
});
const at = (date: string, time: string): JapanDateTime => {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute! };
};

describe("the shipping day", () => {
  it("is today up to the cutoff on a shipping day, the next shipping day after it", () => {
    // Wed 25 Nov 2026.
    expect(shippingDateFor(at("2026-11-25", "13:59"), days())).toBe("2026-11-25");
    expect(shippingDateFor(at("2026-11-25", "14:00"), days())).toBe("2026-11-25");
    expect(shippingDateFor(at("2026-11-25", "14:01"), days())).toBe("2026-11-26");
    expect(shippingDateFor(at("2026-11-25", "16:00"), days({ cutoff: "16:30" }))).toBe("2026-11-25");
  });

  it("skips closed weekdays, closed dates and public holidays", () => {
    // Fri 27 Nov after the cutoff → Sat, Sun closed → Mon 30 Nov.
    expect(shippingDateFor(at("2026-11-27", "15:00"), days())).toBe("2026-11-30");
    expect(shippingDateFor(at("2026-11-27", "15:00"), days({ closedDates: ["2026-11-30"] }))).toBe("2026-12-01");
    // Sun 22 Nov → Mon 23 Nov is 勤労感謝の日 → Tue 24 Nov.
    expect(shippingDateFor(at("2026-11-22", "09:00"), days())).toBe("2026-11-24");
    // A shop open at weekends ships on Saturday.
    expect(shippingDateFor(at("2026-11-27", "15:00"), days({ closedWeekdays: [] }))).toBe("2026-11-28");
  });

  it("is none when the shop is closed for longer than it looks ahead", () => {
    expect(shippingDateFor(at("2026-11-25", "09:00"), days({ closedWeekdays: [0, 1, 2, 3, 4, 5, 6] }))).toBeNull();
  });
});

describe("the delivery window", () => {
  it("runs from the first arrival to 8 days from today, Sundays and holidays included", () => {
    // Wed 25 Nov 10:00, Tokyo (1 day): ships today, arrives tomorrow.
    expect(deliveryWindow(at("2026-11-25", "10:00"), days(), 1)).toEqual([
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
    ]);
  });

  it("starts a day later across the cutoff", () => {
    expect(deliveryWindow(at("2026-11-25", "14:00"), days(), 1)[0]).toBe("2026-11-26");
    expect(deliveryWindow(at("2026-11-25", "14:01"), days(), 1)[0]).toBe("2026-11-27");
  });

  it("waits for the shop after a closed day", () => {
    // Thu 26 Nov 15:00, closed Fri 27: ships Mon 30 → Tue 1 Dec.
    expect(deliveryWindow(at("2026-11-26", "15:00"), days({ closedDates: ["2026-11-27"] }), 1)[0]).toBe("2026-12-01");
  });

  it("waits for the shop after a public holiday: 2027/01/01", () => {
    // Thu 31 Dec 2026 15:00: Fri 1 Jan 元日, then the weekend → ships Mon 4 Jan → arrives Tue 5 Jan.
    const window = deliveryWindow(at("2026-12-31", "15:00"), days(), 1);
    expect(window).toEqual(["2027-01-05", "2027-01-06", "2027-01-07", "2027-01-08"]);
  });

  it("adds Okinawa's transit days", () => {
    // Wed 25 Nov 10:00: ships today, Okinawa in 3 days → Sat 28 Nov.
    expect(deliveryWindow(at("2026-11-25", "10:00"), days(), 3)[0]).toBe("2026-11-28");
    expect(deliveryWindow(at("2026-11-25", "10:00"), days(), 3).at(-1)).toBe("2026-12-03");
  });

  it("offers nothing when the parcel cannot arrive within 8 days", () => {
    expect(
      deliveryWindow(at("2026-11-25", "10:00"), days({ closedDates: ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-30", "2026-12-01", "2026-12-02"] }), 2),
    ).toEqual([]);
  });

  it("counts from the moment in Japan, not the server's zone", () => {
    // 2026-11-25 05:30 UTC is 14:30 in Tokyo: after the cutoff.
    expect(deliveryWindow(japanDateTimeOf(new Date(Date.UTC(2026, 10, 25, 5, 30))), days(), 1)[0]).toBe("2026-11-27");
  });

  it("crosses leap days", () => {
    expect(deliveryWindow(at("2028-02-28", "10:00"), days(), 1).slice(0, 2)).toEqual(["2028-02-29", "2028-03-01"]);
  });

  it("shows a wished date as yyyy/MM/dd", () => {
    expect(formatDeliveryDate("2026-04-02")).toBe("2026/04/02");
    expect(() => formatDeliveryDate("2026/04/02")).toThrow(RangeError);
  });
});

describe("the shipping promise", () => {
  it("says when an order ships, from the settings, closed days as a Japanese shop writes them (土日祝)", () => {
    const settings = deliveryCalendarSchema.parse({});
    expect(shippingPromise(settings, "ja")).toBe("14時までのご注文は当日発送(土日祝・休業日を除く)");
    expect(shippingPromise({ closedWeekdays: [3], cutoff: "15:30" }, "ja")).toBe("15時30分までのご注文は当日発送(水曜・祝日・休業日を除く)");
    expect(shippingPromise({ closedWeekdays: [], cutoff: "12:00" }, "ja")).toBe("12時までのご注文は当日発送(祝日・休業日を除く)");
    expect(shippingPromise(settings, "en")).toBe(
      "Orders placed by 14:00 (Japan time) ship the same day (except Saturdays, Sundays, public holidays and the shop's closed days).",
    );
  });

  it("lists several closed weekdays Monday first, one character each", () => {
    expect(closedDaysJa([0, 6])).toBe("土日祝");
    expect(closedDaysJa([0, 3])).toBe("水日祝");
    expect(closedDaysJa([0])).toBe("日曜・祝日");
  });
});
