import type { ValidationKind } from "./field-messages.ts";
import { INVALID_CHARACTERS, hasForbiddenCharacters, recordIdOf } from "./input-rules.ts";
import { isInvoiceNumber, normaliseInvoiceNumber } from "./invoice-registration.ts";
import { isRealDate, japanDateOf } from "./japan-time.ts";
import { z } from "./zod.ts";

// The fields of the back office's forms (catalogue, liquor ledger), as zod rules for the schemas in
// src/domain (decision 075): each reads what a JSON body or a form may send and reports a failure
// as a kind of field-messages.ts, with the count its message names. A form whose fields may be
// left out (a PATCH: the list's quick price edit sends one field) takes its schema's `.partial()`:
// a field not sent is then undefined, "leave as it is"; otherwise a field not sent is blank, or
// takes its default.

type Problem = (kind: ValidationKind, count?: number) => void;

/** A field read by `read`, which reports what is wrong with it through `problem`. */
function fieldRule<T>(read: (raw: unknown, problem: Problem) => T) {
  return z
    .unknown()
    .optional()
    .transform((raw, context) => {
      let failed = false;
      const value = read(raw, (kind, count) => {
        failed = true;
        context.addIssue({ code: "custom", message: kind, ...(count === undefined ? {} : { params: { count } }) });
      });
      return failed ? z.NEVER : value;
    });
}

/**
 * Text, trimmed, with the browser's CRLF line ends as LF. One line unless `multiline` (a line
 * break in a name is refused like any control character). Not sent: "". At most `max` UTF-16 units
 * (the back office's limits count them so); `pattern`, when given, is what a filled-in value must match.
 */
export function formText(options: { required?: boolean; max: number; multiline?: boolean; pattern?: RegExp }) {
  return fieldRule((raw, problem): string => {
    const sent = raw ?? "";
    if (typeof sent !== "string") {
      problem("invalid");
      return "";
    }
    const value = sent.replace(/\r\n?/g, "\n").trim();
    if (hasForbiddenCharacters(value, { multiline: options.multiline })) problem(INVALID_CHARACTERS);
    else if (options.required && value === "") problem("blank");
    else if (value.length > options.max) problem("too_long", options.max);
    else if (options.pattern && value !== "" && !options.pattern.test(value)) problem("invalid");
    return value;
  });
}

/** Text whose empty value means "none" (null). */
export function formOptionalText(options: { max: number }) {
  return formText(options).transform((value) => (value === "" ? null : value));
}

/**
 * A whole number, as a number or a form's string, within min..max. Empty: null when `nullable`,
 * `fallback` when not sent at all, else blank.
 */
export function formInteger<N extends boolean = false>(options: { min: number; max: number; nullable?: N; fallback?: number }) {
  return fieldRule((raw, problem): N extends true ? number | null : number => {
    type Out = N extends true ? number | null : number;
    if (raw === undefined || raw === null || raw === "") {
      if (options.nullable) return null as Out;
      if (options.fallback !== undefined && raw === undefined) return options.fallback as Out;
      problem("blank");
      return 0 as Out;
    }
    const value = typeof raw === "string" ? Number(raw.trim()) : raw;
    if (typeof value !== "number" || Number.isNaN(value)) problem("not_a_number");
    else if (!Number.isInteger(value)) problem("not_an_integer");
    else if (value < options.min) problem("greater_than_or_equal_to", options.min);
    else if (value > options.max) problem("less_than_or_equal_to", options.max);
    return value as Out;
  });
}

/** A number with at most `decimals` decimals (alcohol strength: 14.5); empty: null. */
export function formDecimal(options: { min: number; max: number; decimals: number }) {
  return fieldRule((raw, problem): number | null => {
    if (raw === undefined || raw === null || raw === "") return null;
    const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
    if (!/^\d+(\.\d+)?$/.test(text)) {
      problem("not_a_number");
      return null;
    }
    const value = Number(text);
    if ((text.split(".")[1]?.length ?? 0) > options.decimals) problem("invalid");
    else if (value < options.min) problem("greater_than_or_equal_to", options.min);
    else if (value > options.max) problem("less_than_or_equal_to", options.max);
    return value;
  });
}

/** true or false; not sent: `fallback`. */
export function formBoolean(fallback: boolean) {
  return fieldRule((raw, problem): boolean => {
    if (raw === undefined) return fallback;
    if (typeof raw !== "boolean") problem("invalid");
    return raw === true;
  });
}

/** One of `allowed`; empty: `fallback`, else blank. */
export function formChoice<T extends string>(allowed: readonly T[], fallback?: T) {
  return fieldRule((raw, problem): T => {
    if (raw === undefined || raw === null || raw === "") {
      if (fallback === undefined) problem("blank");
      return fallback as T;
    }
    if (typeof raw !== "string" || !(allowed as readonly string[]).includes(raw)) problem("inclusion");
    return raw as T;
  });
}

/** A list of record ids (numbers or digit strings) without repeats; not sent: none, or blank when `required` (an empty list is still a list). */
export function formIds(options: { required?: boolean } = {}) {
  return fieldRule((raw, problem): number[] => {
    if (options.required && (raw === undefined || raw === null)) {
      problem("blank");
      return [];
    }
    const sent = raw ?? [];
    const list = Array.isArray(sent) ? sent.map(recordIdOf) : null;
    if (!list || !list.every((each) => each !== undefined) || new Set(list).size !== list.length) {
      problem("invalid");
      return [];
    }
    return list as number[];
  });
}

/** Today's date in Japan as yyyy-mm-dd, the calendar the books keep. */
function japanToday(now: Date): string {
  const { year, month, day } = japanDateOf(now);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A business date typed as yyyy-mm-dd that exists and is not after today in Japan; blank when empty. */
export function formPastDate() {
  return fieldRule((raw, problem): string => {
    const value = typeof raw === "string" ? raw.trim() : raw;
    if (value === undefined || value === null || value === "") {
      problem("blank");
      return "";
    }
    const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
    if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3])) || match[0] > japanToday(new Date())) {
      problem("invalid");
      return "";
    }
    return match[0];
  });
}

/** An invoice registration number: empty is null (not registered, or not stated), otherwise "T" + 13 digits (full-width and hyphens accepted). */
export function formInvoiceNumber(options: { max: number }) {
  return formText(options).transform((typed, context) => {
    if (typed === "") return null;
    const number = normaliseInvoiceNumber(typed);
    if (isInvoiceNumber(number)) return number;
    context.addIssue({ code: "custom", message: "not_invoice_number" });
    return z.NEVER;
  });
}

/** A date and time typed in Japan time ("2026-11-19T10:00", a datetime-local field) as an instant; empty: null (decision 088). */
export function formJapanDateTime() {
  return fieldRule((raw, problem): Date | null => {
    const value = typeof raw === "string" ? raw.trim() : raw;
    if (value === undefined || value === null || value === "") return null;
    const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(value) : null;
    if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3])) || Number(match[4]) > 23 || Number(match[5]) > 59) {
      problem("invalid");
      return null;
    }
    return new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00+09:00`);
  });
}

/** A Japan date typed as yyyy-mm-dd that exists; empty: null. */
export function formJapanDate() {
  return fieldRule((raw, problem): string | null => {
    const value = typeof raw === "string" ? raw.trim() : raw;
    if (value === undefined || value === null || value === "") return null;
    const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
    if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
      problem("invalid");
      return null;
    }
    return match[0];
  });
}
