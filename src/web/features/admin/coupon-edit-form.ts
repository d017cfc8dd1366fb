import type { couponEntrySchema } from "../../../domain/answers/coupons.ts";
import type { ApiAnswer } from "../../../domain/answers/common.ts";

/**
 * One coupon's edit form (decision 095), as plain data: the fields PATCH /admin/api/coupons/{id}
 * takes (couponInputSchema checks them, the page checks nothing itself), what the form shows for a
 * coupon, and the body a posted form becomes.
 */

/** One coupon's edit page (the old /admin/coupons/:id/combine leads there). */
export function couponEditPath(id: string | number): string {
  return `/admin/coupons/${encodeURIComponent(String(id))}`;
}

type CouponEntry = ApiAnswer<typeof couponEntrySchema>;

/** GET /admin/api/coupons's row as the edit page reads it: the coupon and its usage figures (the list always gives them). */
export type CouponEditRow = CouponEntry & Required<Pick<CouponEntry, "uses" | "given_back" | "members" | "discount_given">>;

/** The same row as the list shows it, with the orders that used the coupon. */
export type CouponListRow = CouponEditRow & Required<Pick<CouponEntry, "orders">>;

/** The text fields, in the form's order. */
export const COUPON_TEXT_FIELDS = [
  "code",
  "name_ja",
  "name_en",
  "kind",
  "value",
  "minimum_order",
  "valid_from",
  "valid_until",
  "total_limit",
  "per_member_limit",
  "product_ids",
  "series_ids",
  "liquor_types",
] as const;

/** The checkboxes: posted "on" when ticked, absent when not. */
export const COUPON_BOX_FIELDS = ["members_only", "active", "combinable"] as const;

export type CouponFormValues = Record<(typeof COUPON_TEXT_FIELDS)[number] | (typeof COUPON_BOX_FIELDS)[number], string>;

/** What the form shows for a coupon as stored: blank limits for none, lists comma-separated, boxes "on" or "". */
export function couponFormValues(row: CouponEditRow): CouponFormValues {
  const box = (on: boolean) => (on ? "on" : "");
  return {
    code: row.code,
    name_ja: row.name_ja,
    name_en: row.name_en,
    kind: row.kind,
    value: row.kind === "free_shipping" ? "" : String(row.value),
    minimum_order: String(row.minimum_order),
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    total_limit: row.total_limit === null ? "" : String(row.total_limit),
    per_member_limit: row.per_member_limit === null ? "" : String(row.per_member_limit),
    product_ids: row.product_ids.join(", "),
    series_ids: row.series_ids.join(", "),
    liquor_types: row.liquor_types.join(", "),
    members_only: box(row.members_only),
    active: box(row.active),
    combinable: box(row.combinable),
  };
}

/**
 * The PATCH body of a posted form: every field sent, a box not posted sent as "" (unticked), since
 * the API reads an absent `active` as active, as a new coupon is.
 */
export function couponPatchBody(posted: Readonly<Record<string, string>>): CouponFormValues {
  const body = {} as CouponFormValues;
  for (const field of COUPON_TEXT_FIELDS) body[field] = posted[field] ?? "";
  for (const field of COUPON_BOX_FIELDS) body[field] = posted[field] === undefined || posted[field] === "" ? "" : "on";
  return body;
}
