import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from "./account.ts";
import { emailRules, formFields, formObject, oneLineText } from "./field-rules.ts";
import type { StaffRole } from "./staff.ts";
import { STAFF_ROLES } from "./staff.ts";
import { z } from "./zod.ts";

// The back office's account forms: sign-in and its second step, the unlock request, a new staff
// account and the owner's access rules. One schema each, the route's declared body (decision 075).

/** An address as typed into a sign-in or account form: trimmed and lower-cased, as accounts are kept. Not text: "". */
const typedEmail = oneLineText.transform(normalizeEmail);

/** Text exactly as typed (a password's blank space is part of it); not text: "". */
const typedText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));

/**
 * The password step (POST /admin/api/session). A field that is missing or not text reads as
 * blank and is answered like a wrong password: the sign-in never tells which of the two was wrong.
 */
export const staffSignInSchema = formObject({ email: typedEmail, password: typedText });

/**
 * A code of the authenticator app or a recovery code (POST /admin/api/session/code,
 * /two-factor/confirm), as typed: the second step reads it, and anything else is a wrong code.
 */
export const staffCodeSchema = formObject({ code: typedText });

/** "Resend unlock" (POST /admin/api/unlock): anything but an address is answered as an address that is not locked (the answer never tells). */
export const staffUnlockSchema = formObject({ email: typedEmail });

/** A new back-office account (POST /admin/api/staff): its address and role, staff when none is named. An address already taken is the service's answer. */
export const staffAddSchema = z.preprocess(
  (body) => formFields(body),
  formObject({
    email: typedEmail.pipe(emailRules(EMAIL_MAX_LENGTH, EMAIL_PATTERN)),
    role: z
      .unknown()
      .optional()
      .transform((value) => value ?? "staff")
      .refine((value): value is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(value), { error: "inclusion" })
      .transform((value) => value as StaffRole),
  }),
);

/**
 * The owner's access rules (PUT /admin/api/security), each optional (a field left out keeps its
 * value): whether all staff need a second factor, the allow-list (a list, or the entries in one
 * text) and the confirmation to save a list without the owner's own address. Whether each entry
 * is an address, and the lock-out guard, are the service's: their messages name the entry and the
 * address the request came from.
 */
export const backOfficeSecuritySchema = formObject({
  require_two_factor: z.boolean({ error: "inclusion" }).optional(),
  allow_ips: z.union([z.array(z.string()), z.string().transform((text) => text.split(/[\s,]+/))], { error: "invalid" }).optional(),
  confirm_lockout: z.boolean({ error: "inclusion" }).optional(),
});
export type BackOfficeSecurityInput = z.output<typeof backOfficeSecuritySchema>;
