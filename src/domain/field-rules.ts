import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from "./account.ts";
import { z } from "./zod.ts";

// The building blocks of the forms' schemas in src/domain, shared by the page (checked before
// anything is sent) and the route (its declared body, whose failure is the 422 naming each field;
// decision 075). A failed rule's message is a kind of field-messages.ts, never a text.
//
// Each block reads what a JSON body or a form may send: anything that is
// not text counts as left blank, so a malformed body gets the field's message, not a general 400.

/** The body's fields: an object as it is, one nested under `wrapper` (Rails' `inquiry[name]`), anything else no fields. */
export function formFields(body: unknown, wrapper?: string): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return {};
  const record = body as Record<string, unknown>;
  const nested = wrapper === undefined ? undefined : record[wrapper];
  if (nested !== null && typeof nested === "object" && !Array.isArray(nested)) return nested as Record<string, unknown>;
  return record;
}

/**
 * A form's fields as one object, for a form whose fields may each be left out (a partial change)
 * or are read leniently: a body that is not an object (a number, a list; only a crafted request
 * sends one) fails as a whole, reported on "base".
 */
export function formObject<S extends z.ZodRawShape>(shape: S) {
  return z.object(shape, { error: "invalid" });
}

/** One line of text, trimmed; a line break (only a crafted request sends one) becomes a space. Not text: "". */
export const oneLineText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.replace(/[\r\n]+/g, " ").trim() : ""));

/** Text of several lines, trimmed, with the browser's CRLF line ends as LF. Not text: "". */
export const manyLinesText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : ""));

/** Characters (code points), not UTF-16 units: "🍷" is one character, as Rails counts it. */
function characterCount(value: string): number {
  return Array.from(value).length;
}

/** Required text of at most `max` characters (as a reader counts them): "blank", then "too_long". */
export function requiredText(max: number) {
  return z
    .string()
    .min(1, { error: "blank", abort: true })
    .refine((value) => characterCount(value) <= max, { error: "too_long", params: { count: max } });
}

/** Text trimmed of surrounding blank space (line breaks kept). Not text: "". */
export const trimmedText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.trim() : ""));

/** An e-mail address: "blank", then at most EMAIL_MAX_LENGTH characters, then shaped as an address. */
export function emailRules(maxLength: number, pattern: RegExp) {
  return z.string().min(1, { error: "blank", abort: true }).max(maxLength, { error: "too_long", abort: true }).regex(pattern, { error: "invalid" });
}

/** An e-mail address typed by a shopper, kept trimmed and lower-cased, then checked by emailRules. Not text: "". */
export const shopperEmail = z
  .unknown()
  .transform((value) => (typeof value === "string" ? normalizeEmail(value) : ""))
  .pipe(emailRules(EMAIL_MAX_LENGTH, EMAIL_PATTERN));

/** Required text of at most `max` UTF-16 units (the back office's older limits count them so). */
export function requiredUnits(max: number) {
  return z.string().min(1, { error: "blank", abort: true }).max(max, { error: "too_long" });
}

/**
 * Fields read as sent (absent, or anything), for a form whose schema checks them together in a
 * superRefine and reads them in its transform: `z.object(fieldsAsSent("kind", "value"))`.
 */
export function fieldsAsSent<const K extends string>(...names: K[]): Record<K, z.ZodOptional<z.ZodUnknown>> {
  return Object.fromEntries(names.map((name) => [name, z.unknown().optional()])) as Record<K, z.ZodOptional<z.ZodUnknown>>;
}

/** A ticked checkbox as JSON (true) or a form ("on", "1", "true") sends it; anything else, absent included, is unticked. */
export function isTicked(value: unknown): boolean {
  return TICKED.has(value);
}
const TICKED = new Set<unknown>([true, "on", "1", "true"]);

/** A whole number as a form sends it ("1,000", full-width digits); "" is blank. */
export function wholeOf(value: unknown): number | "blank" | "not_a_number" | "not_an_integer" {
  if (value === undefined || value === null || value === "") return "blank";
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.normalize("NFKC").replace(/[,\s]/g, "") : "";
  if (text === "") return "blank";
  if (!/^-?\d+(\.\d+)?$/.test(text)) return "not_a_number";
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : "not_an_integer";
}

/** A field a form may leave blank: its whole number, or null when blank (the schema refused anything else). */
export function wholeOrNull(value: unknown): number | null {
  const whole = wholeOf(value);
  return typeof whole === "number" ? whole : null;
}

/**
 * How the back office's forms that check their fields together (a superRefine) refuse one: an issue
 * on the field, its message a kind of field-messages.ts, `count` the bound the message names.
 */
export function formProblems(context: z.RefinementCtx) {
  const problem = (message: string, path: string, params?: { count: number }) =>
    context.addIssue({ code: "custom", path: [path], message, ...(params ? { params } : {}) });
  /** Refuses a field whose whole number (as wholeOf read it) is missing, not one, or outside min..max. */
  const wholeWithin = (whole: ReturnType<typeof wholeOf>, path: string, min: number, max: number) => {
    if (typeof whole === "string") problem(whole, path);
    else if (whole < min) problem("greater_than_or_equal_to", path, { count: min });
    else if (whole > max) problem("less_than_or_equal_to", path, { count: max });
  };
  return { problem, wholeWithin };
}
