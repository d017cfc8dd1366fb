import type { CalendarDate } from "./japan-time.ts";
import { isRealDate } from "./japan-time.ts";

/** In Japan nobody under 20 may buy or drink alcohol. */
export const LEGAL_DRINKING_AGE = 20;
/** The birth-year list spans this many years, from this year back. */
export const BIRTH_YEAR_SPAN = 100;
/** localStorage key set once a visitor has stated an adult birth date. */
export const AGE_CONFIRMED_KEY = "ageConfirmed";

/** Whole years from birth to today; a 29 February birthday counts from 1 March in common years. */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  let age = today.year - birth.year;
  const hadBirthday =
    today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  if (!hadBirthday) age -= 1;
  return age;
}

/** Years offered in the gate, newest first: this year and the 99 before it. */
export function birthYearOptions(today: CalendarDate): number[] {
  return Array.from({ length: BIRTH_YEAR_SPAN }, (_, i) => today.year - i);
}

/** The gate opens on 1 January of the year 20 years ago. */
export function defaultBirthDate(today: CalendarDate): CalendarDate {
  return { year: today.year - LEGAL_DRINKING_AGE, month: 1, day: 1 };
}

export type AgeVerdict = "adult" | "underage" | "nonexistent-date";

export function judgeBirthDate(birth: CalendarDate, today: CalendarDate): AgeVerdict {
  if (!isRealDate(birth.year, birth.month, birth.day)) return "nonexistent-date";
  return ageOn(birth, today) >= LEGAL_DRINKING_AGE ? "adult" : "underage";
}
