import { COUPON_KINDS } from "../coupons.ts";
import { z } from "../zod.ts";
import { dataOf } from "./common.ts";

/** Coupons (decision 086): the checkout's preview and the back office's list and forms. */

const couponPreviewSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  combinable: z.boolean(),
  eligible_product_ids: z.array(z.number()),
});
/** POST /api/coupons/preview: the codes checked against the visitor's cart, nothing booked; `data` is the first code's, `coupons` every code applied together, in the order typed. */
export const couponPreviewAnswer = dataOf(couponPreviewSchema).extend({ coupons: z.array(couponPreviewSchema) });

export const couponEntrySchema = z.object({
  id: z.number(),
  code: z.string(),
  name_ja: z.string(),
  name_en: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  minimum_order: z.number(),
  valid_from: z.string(),
  valid_until: z.string(),
  total_limit: z.number().nullable(),
  per_member_limit: z.number().nullable(),
  product_ids: z.array(z.number()),
  series_ids: z.array(z.number()),
  liquor_types: z.array(z.string()),
  members_only: z.boolean(),
  combinable: z.boolean(),
  member_id: z.number().nullable(),
  active: z.boolean(),
  used_count: z.number(),
  // The list's usage figures (GET /admin/api/coupons only).
  uses: z.number().optional(),
  orders: z.number().optional(),
  given_back: z.number().optional(),
  members: z.number().optional(),
  discount_given: z.number().optional(),
});
/** GET /admin/api/coupons. */
export const couponsAnswer = dataOf(z.array(couponEntrySchema));
/** POST /admin/api/coupons (201) and PATCH /admin/api/coupons/{id}. */
export const couponAnswer = dataOf(couponEntrySchema);
/** GET and PUT /admin/api/coupons/birthday: the birthday coupon's one rule. */
export const birthdayCouponAnswer = dataOf(
  z.object({ active: z.boolean(), kind: z.enum(COUPON_KINDS), value: z.number(), valid_days: z.number(), minimum_order: z.number() }),
);
