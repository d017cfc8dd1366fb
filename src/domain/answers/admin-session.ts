import { STAFF_ROLES } from "../staff.ts";
import { z } from "../zod.ts";
import { dataOf } from "./common.ts";

/** The back office's sign-in, second factor (decision 063), staff and access rules. */

export const staffSchema = z.object({ id: z.number(), email: z.string(), role: z.enum(STAFF_ROLES) });

const staffSignedIn = z.object({ staff: staffSchema, csrf_token: z.string() });
/** POST /admin/api/session: signed in, or the second step that comes first. */
export const staffSignInAnswer = z.union([staffSignedIn, z.object({ second_factor: z.enum(["code", "enrol"]) })]);
/** POST /admin/api/session/code: signed in. */
export const staffSignedInAnswer = staffSignedIn;
/** POST /admin/api/two-factor/confirm: the recovery codes shown once, and the session when enrolling was the sign-in's second step. */
export const twoFactorConfirmedAnswer = z.object({ staff: staffSchema.optional(), csrf_token: z.string().optional(), recovery_codes: z.array(z.string()) });

const enrolmentSchema = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
/** GET /admin/api/two-factor: the enrolling staff member's state. */
export const twoFactorStateAnswer = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recovery_codes_left: z.number(),
  signing_in: z.boolean(),
  enrolment: enrolmentSchema.nullable(),
});
/** POST /admin/api/two-factor/setup: a new key to scan or type. */
export const twoFactorSetupAnswer = z.object({ enrolment: enrolmentSchema });

/** GET and PUT /admin/api/security: the owner's access rules. */
export const backOfficeSecurityAnswer = z.object({
  require_two_factor: z.boolean(),
  allow_ips: z.array(z.string()),
  env_override: z.boolean(),
  your_ip: z.string(),
});

/** GET /admin/api/session: the staff member of the session. */
export const staffSessionAnswer = z.object({ staff: staffSchema });

/** GET /admin/api/staff: every staff account (owner only). */
export const staffListAnswer = dataOf(z.array(staffSchema.extend({ last_sign_in_at: z.string().nullable(), locked: z.boolean(), two_factor: z.boolean() })));

/** POST /admin/api/unlock: instructions sent. */
export const staffNoticeAnswer = z.object({ message: z.string() });

/** 201 of POST /admin/api/staff: the account and its first password, shown once. */
export const staffAddedAnswer = z.object({ data: staffSchema, password: z.string() });
