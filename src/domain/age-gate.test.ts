import { describe, expect, it } from "vitest";
import {
  ageOn,
  birthYearOptions,
  defaultBirthDate,
  isAgeConfirmedCookie,
  isAgeGateRefusal,
  judgeAgeGateAnswer,
  judgeBirthDate,
  judgeOrderBirthDate,
} from "./age-gate.ts";

const date = (year: number, month: number, day: number) => ({ year, month, day });

describe("ageOn", () => {
  it("counts a birthday today as a whole year", () => {
    expect(ageOn(date(2006, 11, 22), date(2026, 11, 22))).toBe(20);
  });

  it("does not count the year before the birthday", () => {
    expect(ageOn(date(2006, 11, 23), date(2026, 11, 22))).toBe(19);
    expect(ageOn(date(2006, 12, 1), date(2026, 11, 22))).toBe(19);
  });

  it("turns a 29 February birthday into the new age on 1 March in common years", () => {
    expect(ageOn(date(2004, 2, 29), date(2024, 2, 28))).toBe(19);
    expect(ageOn(date(2004, 2, 29), date(2024, 2, 29))).toBe(20);
    expect(ageOn(date(2004, 2, 29), date(2025, 2, 28))).toBe(20);
    expect(ageOn(date(2005, 2, 28), date(2025, 2, 28))).toBe(20);
    expect(ageOn(date(2004, 2, 29), date(2023, 2, 28))).toBe(18);
    expect(ageOn(date(2004, 2, 29), date(2023, 3, 1))).toBe(19);
  });
});

describe("judgeBirthDate", () => {
  const today = date(2026, 11, 22);

  it("lets in a visitor who turns 20 today and refuses one who turns 20 tomorrow", () => {
    expect(judgeBirthDate(date(2006, 11, 22), today)).toBe("adult");
    expect(judgeBirthDate(date(2006, 11, 23), today)).toBe("underage");
  });

  it("rejects dates that do not exist", () => {
    expect(judgeBirthDate(date(2001, 2, 29), today)).toBe("nonexistent-date");
    expect(judgeBirthDate(date(1990, 4, 31), today)).toBe("nonexistent-date");
    expect(judgeBirthDate(date(1990, 13, 1), today)).toBe("nonexistent-date");
    expect(judgeBirthDate(date(2000, 2, 29), today)).toBe("adult");
  });
});

describe("birth-year list and default", () => {
  it("spans 100 years from this year back, newest first", () => {
    const years = birthYearOptions(date(2026, 11, 22));
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1927);
  });

  it("defaults to 1 January of the year 20 years ago", () => {
    expect(defaultBirthDate(date(2026, 11, 22))).toEqual(date(2006, 1, 1));
  });
});

describe("judgeOrderBirthDate (the order form's age field)", () => {
  const today = { year: 2026, month: 11, day: 24 };
  it("accepts 20 on the day itself and refuses the day before the 20th birthday", () => {
    expect(judgeOrderBirthDate("2006-11-24", today)).toBe("adult");
    expect(judgeOrderBirthDate("2006-11-25", today)).toBe("underage");
    expect(judgeOrderBirthDate("1980-01-01", today)).toBe("adult");
  });
  it("tells a missing, malformed, nonexistent or future date apart", () => {
    expect(judgeOrderBirthDate("", today)).toBe("missing");
    expect(judgeOrderBirthDate("  ", today)).toBe("missing");
    expect(judgeOrderBirthDate("1990/04/01", today)).toBe("invalid");
    expect(judgeOrderBirthDate("1990-02-30", today)).toBe("invalid");
    expect(judgeOrderBirthDate("2026-11-25", today)).toBe("future");
  });
});

describe("judgeAgeGateAnswer (the gate's selects, in the browser and posted without JavaScript)", () => {
  const today = date(2026, 11, 22);

  it("judges a complete answer by the same rule as the gate", () => {
    expect(judgeAgeGateAnswer({ year: "2006", month: "11", day: "22" }, today)).toBe("adult");
    expect(judgeAgeGateAnswer({ year: "2006", month: "11", day: "23" }, today)).toBe("underage");
    expect(judgeAgeGateAnswer({ year: "2001", month: "2", day: "29" }, today)).toBe("nonexistent-date");
  });

  it("asks for all three parts when one is missing, empty or not a number", () => {
    expect(judgeAgeGateAnswer({ year: "2000", month: "1" }, today)).toBe("required");
    expect(judgeAgeGateAnswer({ year: "", month: "1", day: "1" }, today)).toBe("required");
    expect(judgeAgeGateAnswer({ year: "2000", month: "1", day: "1e1" }, today)).toBe("required");
  });

  it("takes only the years the gate offers", () => {
    expect(judgeAgeGateAnswer({ year: "1927", month: "1", day: "1" }, today)).toBe("adult");
    expect(judgeAgeGateAnswer({ year: "1926", month: "1", day: "1" }, today)).toBe("required");
    expect(judgeAgeGateAnswer({ year: "2027", month: "1", day: "1" }, today)).toBe("required");
  });
});

describe("the gate's cookie and answers", () => {
  it("reads only the value the gate writes", () => {
    expect(isAgeConfirmedCookie("1")).toBe(true);
    expect(isAgeConfirmedCookie(undefined)).toBe(false);
    expect(isAgeConfirmedCookie("true")).toBe(false);
  });

  it("knows its refusals and nothing else", () => {
    expect(["required", "underage", "nonexistent-date"].every(isAgeGateRefusal)).toBe(true);
    expect(isAgeGateRefusal("adult")).toBe(false);
    expect(isAgeGateRefusal(undefined)).toBe(false);
  });
});
