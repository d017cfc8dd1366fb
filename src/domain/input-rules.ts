import { z } from "./zod.ts";

// What no field of the shop accepts, shared by the server's checks and the browser's forms.
//
// PostgreSQL's text cannot hold NUL (it fails the whole statement), the other control characters
// only come from crafted requests and end up in mails, CSV exports and logs, and a lone UTF-16
// surrogate is not a character at all (the database drivers silently store U+FFFD instead). Ids
// are PostgreSQL `integer` columns: anything beyond 2,147,483,647 fails the query instead of
// finding nothing.

/** The largest value of a PostgreSQL `integer` (serial) id column. */
export const RECORD_ID_MAX = 2_147_483_647;

// C0 controls, DEL and C1 controls. Tab, line feed and carriage return are allowed where a field
// takes several lines (the CR of a CRLF line end is normalised by the field's own reader).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The kind a field error names for such text (worded as "contains characters that cannot be used"). */
export const INVALID_CHARACTERS = "invalid_characters";

/**
 * True when `text` holds a character no field accepts: a control character (other than tab and line
 * breaks where `multiline`) or a lone surrogate.
 */
export function hasForbiddenCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(text) || LONE_SURROGATE.test(text);
}

/** A whole number in 1..RECORD_ID_MAX, given as a number or as the digits the JSON:API ids and paths carry. */
export function recordIdOf(value: unknown): number | undefined {
  const id = typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= RECORD_ID_MAX ? id : undefined;
}

/** An id field: a number or digit string within the id column's range. */
export const recordIdSchema = z.union([z.number(), z.string()]).transform((value, context) => {
  const id = recordIdOf(value);
  if (id === undefined) {
    context.addIssue({ code: "custom", message: "invalid" });
    return z.NEVER;
  }
  return id;
});

/** A one-line text field of at most `max` characters: no control characters, no line breaks. */
export function lineText(max: number) {
  return z
    .string()
    .max(max)
    .refine((text) => !hasForbiddenCharacters(text), { message: INVALID_CHARACTERS });
}

/** A text field that may take several lines (memo, message): line breaks and tabs, no other controls. */
export function multilineText(max: number) {
  return z
    .string()
    .max(max)
    .refine((text) => !hasForbiddenCharacters(text, { multiline: true }), { message: INVALID_CHARACTERS });
}
