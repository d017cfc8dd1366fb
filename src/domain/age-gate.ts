import type { CalendarDate } from "./japan-time.ts";
import { isRealDate } from "./japan-time.ts";

/** In Japan nobody under 20 may buy or drink alcohol. */
export const LEGAL_DRINKING_AGE = 20;
/** The birth-year list spans this many years, from this year back. */
export const BIRTH_YEAR_SPAN = 100;
/**
 * Cookie set once a visitor has stated an adult birth date (decision 056): the server reads it and
 * renders pages without the gate, so a page works before (or without) its JavaScript. Set by the
 * form's POST /age-gate (a route action) and, with JavaScript, by the gate itself; it carries no personal data.
 */
export const AGE_CONFIRMED_COOKIE = "age_confirmed";
/** The statement lasts a year, like the language choice; then the gate asks again. */
export const AGE_CONFIRMED_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Where the gate's form posts without JavaScript: the route action web/routes/age-gate.tsx. */
export const AGE_GATE_PATH = "/age-gate";
/**
 * Query parameter with which POST /age-gate sends a refused visitor back: one of AgeGateRefusal
 * (`expired`: the form's token was not this session's, the page is drawn again with a fresh one).
 */
export const AGE_GATE_ANSWER_PARAM = "age_gate";

/** Whole years from birth to today; a 29 February birthday counts from 1 March in common years. */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  let age = today.year - birth.year;
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
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
/** What the gate says instead of letting the visitor in. */
export type AgeGateRefusal = "required" | "underage" | "nonexistent-date" | "expired";
const REFUSALS: readonly string[] = ["required", "underage", "nonexistent-date", "expired"] satisfies AgeGateRefusal[];

export function isAgeGateRefusal(value: unknown): value is AgeGateRefusal {
  return typeof value === "string" && REFUSALS.includes(value);
}

export function judgeBirthDate(birth: CalendarDate, today: CalendarDate): AgeVerdict {
  if (!isRealDate(birth.year, birth.month, birth.day)) return "nonexistent-date";
  return ageOn(birth, today) >= LEGAL_DRINKING_AGE ? "adult" : "underage";
}

/**
 * The gate's three selects as sent (strings, "" when not chosen), judged by the rule above: the same
 * for the gate in the browser and for its form posted without JavaScript.
 */
export function judgeAgeGateAnswer(fields: { year?: string; month?: string; day?: string }, today: CalendarDate): AgeVerdict | "required" {
  const parts = [fields.year, fields.month, fields.day].map((part) => (part ?? "").trim());
  if (parts.some((part) => !/^\d{1,4}$/.test(part))) return "required";
  const [year, month, day] = parts.map(Number) as [number, number, number];
  // Only the years the gate offers can be chosen; another one was not chosen from it.
  if (year > today.year || year <= today.year - BIRTH_YEAR_SPAN) return "required";
  return judgeBirthDate({ year, month, day }, today);
}

/** Whether a Cookie header's value says the visitor stated an adult birth date. */
export function isAgeConfirmedCookie(value: string | undefined): boolean {
  return value === "1";
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
