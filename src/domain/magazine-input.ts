import { formFields, isTicked, requiredUnits, shopperEmail, trimmedText } from "./field-rules.ts";
import { z } from "./zod.ts";

/**
 * The mail magazine's sign-up (POST /api/magazine/subscriptions), flat or nested under
 * `subscription`: an address (kept lower-cased) and the privacy policy's consent box.
 */
export const magazineSignUpSchema = z.preprocess(
  (body) => formFields(body, "subscription"),
  z.object({
    email: shopperEmail,
    consent: z
      .unknown()
      .optional()
      .refine(isTicked, { error: "accepted" })
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
