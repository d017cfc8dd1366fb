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

/** Required text of at most `max` UTF-16 units (the back office's older limits count them so). */
export function requiredUnits(max: number) {
  return z.string().min(1, { error: "blank", abort: true }).max(max, { error: "too_long" });
}
