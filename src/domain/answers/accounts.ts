import type { UserResource } from "../account.ts";
import { z } from "../zod.ts";
import { dataAndNoticeOf, noticeSchema, type SameShape } from "./common.ts";

/** The member API's answers (the spec's /api/users calls). */

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  user_name: z.string(),
  tel: z.string(),
  birth_date: z.string().nullable(),
  birthday_coupon: z.boolean(),
  unconfirmed_email: z.string().nullable(),
});
export const userMatches: SameShape<z.output<typeof userSchema>, UserResource> = true;

/** GET /api/users: the signed-in member. */
export const currentUserAnswer = z.object({ data: userSchema });
/** POST /api/users/sign_in and PUT /api/users/password: the member, the new session's CSRF token and the notice. */
export const signedInAnswer = z.object({ data: userSchema, csrf_token: z.string(), message: z.string() });
/** PUT /api/users: the member as saved and the notice. */
export const userUpdatedAnswer = dataAndNoticeOf(userSchema);
/** 201 of POST /api/users: the address the confirmation went to. */
export const signedUpAnswer = dataAndNoticeOf(z.object({ email: z.string() }));
/** DELETE /api/users/sign_out and DELETE /api/users: the new session's CSRF token and the notice. */
export const signedOutAnswer = z.object({ csrf_token: z.string(), message: z.string() });
/** A notice only (instructions sent). */
export const noticeAnswer = noticeSchema;
