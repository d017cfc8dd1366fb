import { describe, expect, it } from "vitest";
import { FIRST_FISCAL_YEAR, askedFiscalYear, fiscalYearOf, fiscalYearRange, litresOf, percentOf, trainingWarning } from "./liquor-law.ts";

describe("fiscal year of the annual liquor report", () => {
  it("starts on 1 April and ends on 31 March", () => {
    expect(fiscalYearOf({ year: 2027, month: 3, day: 31 })).toBe(2026);
    expect(fiscalYearOf({ year: 2027, month: 4, day: 1 })).toBe(2027);
    expect(fiscalYearOf({ year: 2026, month: 12, day: 31 })).toBe(2026);
    expect(fiscalYearRange(2026)).toEqual({ from: "2026-04-01", until: "2027-04-01" });
  });
});

describe("volumes and strengths", () => {
  it("shows millilitres as litres to three decimals", () => {
    expect(litresOf(0)).toBe("0.000");
    expect(litresOf(750)).toBe("0.750");
    expect(litresOf(3 * 720 + 1800)).toBe("3.960");
    expect(litresOf(12_345_678)).toBe("12345.678");
  });
  it("shows tenths of a percent as a percentage", () => {
    expect(percentOf(145)).toBe("14.5");
    expect(percentOf(400)).toBe("40.0");
  });
});

describe("liquor-sales manager training deadline", () => {
  const today = { year: 2026, month: 11, day: 23 };
  it("is quiet more than 90 days ahead", () => {
    expect(trainingWarning(today, "2027-02-22")).toBeNull();
  });
  it("warns from 90 days ahead, with the days left", () => {
    expect(trainingWarning(today, "2027-02-21")).toEqual({ deadline: "2027-02-21", daysLeft: 90, overdue: false });
    expect(trainingWarning(today, "2026-11-23")).toEqual({ deadline: "2026-11-23", daysLeft: 0, overdue: false });
  });
  it("says when the deadline has passed", () => {
    expect(trainingWarning(today, "2026-11-20")).toEqual({ deadline: "2026-11-20", daysLeft: -3, overdue: true });
  });
});

describe("askedFiscalYear", () => {
  const today = { year: 2027, month: 2, day: 10 };

  it("is the current fiscal year when none is asked", () => {
    expect(askedFiscalYear("", today)).toEqual({ year: 2026, current: 2026 });
  });

  it("takes a four-digit year from the first one to the current one", () => {
    expect(askedFiscalYear(String(FIRST_FISCAL_YEAR), today)).toEqual({ year: FIRST_FISCAL_YEAR, current: 2026 });
    expect(askedFiscalYear("2025", today)).toEqual({ year: 2025, current: 2026 });
  });

  it("refuses a year to come, one before the first, and what is no four-digit year", () => {
    for (const asked of ["2027", String(FIRST_FISCAL_YEAR - 1), "26", "2026.0", "２０２６", "FY2026"]) expect(askedFiscalYear(asked, today)).toBeNull();
  });
});
