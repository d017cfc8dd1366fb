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

/**
 * The order form's date of birth (decision 036: the display standard for mail-order liquor asks the
 * order form for the buyer's age). yyyy-mm-dd; judged on the order day in Japan.
 */
export type OrderBirthDateVerdict = "adult" | "missing" | "invalid" | "future" | "underage";

export function judgeOrderBirthDate(value: string, todayInJapan: CalendarDate): OrderBirthDateVerdict {
  const text = value.trim();
  if (!text) return "missing";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return "invalid";
  const birth = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (!isRealDate(birth.year, birth.month, birth.day)) return "invalid";
  const asNumber = (date: CalendarDate) => date.year * 10_000 + date.month * 100 + date.day;
  if (asNumber(birth) > asNumber(todayInJapan)) return "future";
  if (todayInJapan.year - birth.year > 150) return "invalid";
  return ageOn(birth, todayInJapan) >= LEGAL_DRINKING_AGE ? "adult" : "underage";
}

/** What the order form says for each refused date of birth (ja is the source). */
export const ORDER_BIRTH_DATE_MESSAGES: Record<Exclude<OrderBirthDateVerdict, "adult">, Record<"ja" | "en", string>> = {
  missing: { ja: "生年月日を入力してください。", en: "Please enter your date of birth." },
  invalid: { ja: "生年月日を正しく入力してください（例: 1990-04-01）。", en: "Please enter a valid date of birth (e.g. 1990-04-01)." },
  future: { ja: "生年月日に未来の日付は指定できません。", en: "Your date of birth cannot be in the future." },
  underage: {
    ja: "20歳未満の方はご注文いただけません。20歳未満の者の飲酒は法律で禁止されています。",
    en: "We cannot accept orders from anyone under 20. Drinking by anyone under 20 is prohibited by law in Japan.",
  },
};
