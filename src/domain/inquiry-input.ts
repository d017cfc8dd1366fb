import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./account.ts";
import { publicIdFromOrderNumber } from "./order-number.ts";
import type { FieldProblem } from "./field-messages.ts";
import { fieldProblems } from "./field-messages.ts";
import { emailRules, formFields, manyLinesText, oneLineText, requiredText } from "./field-rules.ts";
import type { InquiryInput } from "./inquiry.ts";
import { INQUIRY_LIMITS } from "./inquiry.ts";
import { z } from "./zod.ts";

/**
 * The contact form (POST /api/inquiries), one schema for the page and the route: each field's rule
 * and the kind its message names, in the form's order (the 422 lists them top to bottom). The route
 * declares it as its body; the page checks the same before it posts. To add a field with a rule,
 * add it here (and its label: the page's `inquiry.<field>`, the server's attribute name).
 */
const inquiryFields = z.object({
  // Name, e-mail and subject are one line each: a line break there could only come from a crafted
  // request and would end up in a mail subject, so it becomes a space.
  name: oneLineText.pipe(requiredText(INQUIRY_LIMITS.name)),
  email: oneLineText.pipe(emailRules(EMAIL_MAX_LENGTH, EMAIL_PATTERN)),
  // ご注文番号 (optional): as printed on the order mail (7K3M-Q9XA-2BCD), or typed as heard on the
  // phone (full-width, lower case, spaces); kept as the order's public id, "" when left empty.
  order_number: oneLineText.pipe(
    z.string().transform((value, context) => {
      if (value === "") return "";
      const publicId = publicIdFromOrderNumber(value);
      if (publicId === undefined) context.addIssue({ code: "custom", message: "not_order_number" });
      return publicId ?? "";
    }),
  ),
  subject: oneLineText.pipe(requiredText(INQUIRY_LIMITS.subject)),
  // The message keeps its line breaks; only surrounding blank space goes.
  message: manyLinesText.pipe(requiredText(INQUIRY_LIMITS.message)),
});

/**
 * The body as the API contract lists it (flat), or nested under `inquiry` as a Rails form sends it.
 * Any other body reads as an empty form, so it fails with every field's message.
 */
export const inquiryInputSchema = z.preprocess((body) => formFields(body, "inquiry"), inquiryFields) satisfies z.ZodType<InquiryInput>;

/** Checks a contact form: its cleaned fields, or each failing field's first problem. */
export function parseInquiry(input: unknown): { ok: true; value: InquiryInput } | { ok: false; problems: Record<string, FieldProblem> } {
  const parsed = inquiryInputSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problems: fieldProblems(parsed.error.issues) };
}

/**
 * The back office's handled mark (POST /admin/api/inquiries/:id/handled): { handled: true } marks
 * it handled, { handled: false } back to unhandled; anything else is not one of the choices.
 */
export const inquiryHandledSchema = z.preprocess((body) => formFields(body), z.object({ handled: z.boolean({ error: "inclusion" }) }));

/** Limits of a reply from the back office, in characters as a reader counts them. */
export const REPLY_LIMITS = { subject: 200, message: 10_000 } as const;

/**
 * A reply from the inbox (POST /admin/api/inquiries/:id/replies): its subject (one line; left out,
 * "Re: " and the inquiry's), the message, and whether to mark the inquiry handled. Any other body
 * reads as an empty reply, so it fails with the message's.
 */
export const inquiryReplySchema = z.preprocess(
  (body) => formFields(body),
  z.object({
    // A line break in a subject would end up in a mail header, so it becomes a space.
    subject: z
      .unknown()
      .optional()
      .transform((value) => (typeof value === "string" ? value.replace(/[\r\n]+/g, " ").trim() : undefined))
      .pipe(requiredText(REPLY_LIMITS.subject).optional()),
    message: manyLinesText.pipe(requiredText(REPLY_LIMITS.message)),
    mark_handled: z
      .unknown()
      .optional()
      .transform((value) => value === true),
  }),
);
