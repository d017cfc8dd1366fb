import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from "./account.ts";
import { emailRules, formFields, requiredUnits, trimmedText } from "./field-rules.ts";
import { z } from "./zod.ts";

/** What a checked consent box may arrive as: JSON true, or a form's "on"/"1"/"true". */
const CONSENT_VALUES = new Set<unknown>([true, "on", "1", "true"]);

/**
 * The mail magazine's sign-up (POST /api/magazine/subscriptions), flat or nested under
 * `subscription`: an address (kept lower-cased) and the privacy policy's consent box.
 */
export const magazineSignUpSchema = z.preprocess(
  (body) => formFields(body, "subscription"),
  z.object({
    email: z
      .unknown()
      .transform((value) => (typeof value === "string" ? normalizeEmail(value) : ""))
      .pipe(emailRules(EMAIL_MAX_LENGTH, EMAIL_PATTERN)),
    consent: z
      .unknown()
      .optional()
      .refine((value) => CONSENT_VALUES.has(value), { error: "accepted" })
      .transform(() => true as const),
  }),
);
export type MagazineSignUp = z.output<typeof magazineSignUpSchema>;

/** Limits of a magazine issue, in UTF-16 units. */
const MAGAZINE_ISSUE_LIMITS = { subject: 200, body: 20_000 } as const;

/** An issue of the magazine sent from the back office (POST /admin/api/magazine/issues): subject and body, both required. */
export const magazineIssueSchema = z.preprocess(
  (body) => formFields(body),
  z.object({
    subject: trimmedText.pipe(requiredUnits(MAGAZINE_ISSUE_LIMITS.subject)),
    body: trimmedText.pipe(requiredUnits(MAGAZINE_ISSUE_LIMITS.body)),
  }),
);
