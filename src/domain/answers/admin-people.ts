import type { AdminInquiryDetail, AdminMagazineSubscribers, AdminMember } from "../back-office.ts";
import { z } from "../zod.ts";
import { countedPageOfSchema, dataOf, postalAddressShape, type SameShape } from "./common.ts";
import { rankViewSchema } from "./loyalty.ts";

/** The back office's members and inquiries. */

const localeSchema = z.enum(["ja", "en"]);

const memberSchema = z.object({
  id: z.number(),
  email: z.string(),
  user_name: z.string(),
  tel: z.string(),
  locale: localeSchema,
  created_at: z.string(),
  confirmed: z.boolean(),
  unconfirmed_email: z.string().nullable(),
  locked: z.boolean(),
  locked_until: z.string().nullable(),
  failed_attempts: z.number(),
  sign_in_count: z.number(),
  last_sign_in_at: z.string().nullable(),
  rank: rankViewSchema.optional(),
});
export const memberMatches: SameShape<z.output<typeof memberSchema>, AdminMember> = true;
/** GET /admin/api/members?q=&page=. */
export const adminMembersAnswer = countedPageOfSchema(memberSchema);
/** GET /admin/api/members/{id}, its lock, unlock and confirmation mail. */
export const adminMemberAnswer = dataOf(memberSchema);

const inquirySummaryShape = {
  id: z.number(),
  created_at: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  locale: localeSchema,
  handled_at: z.string().nullable(),
  replies: z.number(),
};
const inquiryDetailSchema = z.object({
  ...inquirySummaryShape,
  message: z.string(),
  order_number: z.string().nullable(),
  member_id: z.number().nullable(),
  reply_subject: z.string(),
  replies_sent: z.array(z.object({ id: z.number(), created_at: z.string(), staff_email: z.string().nullable(), subject: z.string(), message: z.string() })),
});
export const inquiryDetailMatches: SameShape<z.output<typeof inquiryDetailSchema>, AdminInquiryDetail> = true;
/** GET /admin/api/inquiries?state=&q=&page=. */
export const adminInquiriesAnswer = countedPageOfSchema(z.object(inquirySummaryShape));
/** GET /admin/api/inquiries/{id}, marking it handled, and a reply sent. */
export const adminInquiryAnswer = dataOf(inquiryDetailSchema);

/** GET /admin/api/members/lookup?email=: the member a phone or FAX order is entered for (decision 081). */
export const staffOrderMemberAnswer = dataOf(
  z.object({
    email: z.string(),
    name: z.string(),
    phone: z.string(),
    birth_date: z.string().nullable(),
    address: z.object(postalAddressShape).nullable(),
  }),
);

/** POST /admin/api/magazine/issues: how many subscribers the issue was queued for. */
export const magazineIssueAnswer = dataOf(z.object({ recipients: z.number() }));

const subscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(["subscribed", "pending", "unsubscribed"]),
  locale: localeSchema,
  member: z.boolean(),
  consented_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  created_at: z.string(),
});
/** GET /admin/api/magazine/subscribers?status= (as JSON): the filtered list, counted over every status. */
export const magazineSubscribersAnswer = z.object({
  data: z.array(subscriberSchema),
  meta: z.object({ counts: z.object({ subscribed: z.number(), pending: z.number(), unsubscribed: z.number() }) }),
});
export const magazineSubscribersMatches: SameShape<z.output<typeof magazineSubscribersAnswer>, AdminMagazineSubscribers> = true;
