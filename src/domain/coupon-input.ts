import type { CouponKind, CouponTarget } from "./coupons.ts";
import { COUPON_CODE_PATTERN, COUPON_KINDS, COUPON_VALUE_MAX, MAX_COUPONS_PER_ORDER, normalizeCouponCode } from "./coupons.ts";
import { fieldsAsSent, formFields, formProblems, isTicked, oneLineText, wholeOf, wholeOrNull } from "./field-rules.ts";
import { ORDER_TOTAL_MAX } from "./money.ts";
import { z } from "./zod.ts";

/** A list typed as "1, 2, 3" (ids) or "wine, sake" (liquor types). */
function listOf(value: unknown): string[] {
  if (typeof value !== "string") return [];
  return value
    .normalize("NFKC")
    .split(/[,\s、]+/)
    .map((each) => each.trim())
    .filter((each) => each !== "");
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const COUPON_NAME_MAX = 60;
const LIMIT_MAX = 1_000_000;

/**
 * The back office's coupon form (POST /admin/api/coupons, PATCH /admin/api/coupons/{id}; decision
 * 086): code, names, kind, value (yen with tax, or percent), minimum order (yen with tax), the Japan
 * dates it is valid, the limits in all and per member (blank: none), what it applies to (ids of
 * products and series, liquor-type keys; all blank: everything), members only, active, combinable with
 * other coupons (unticked or absent: not, as every coupon made before the option).
 */
export const couponInputSchema = z.preprocess(
  (body) => formFields(body, "coupon"),
  z
    .object({
      code: oneLineText,
      name_ja: oneLineText,
      name_en: oneLineText,
      ...fieldsAsSent("kind", "value", "minimum_order"),
      valid_from: oneLineText,
      valid_until: oneLineText,
      ...fieldsAsSent("total_limit", "per_member_limit", "product_ids", "series_ids", "liquor_types", "members_only", "active", "combinable"),
    })
    .superRefine((fields, context) => {
      const { problem, wholeWithin } = formProblems(context);
      const code = normalizeCouponCode(fields.code);
      if (code === "") problem("blank", "code");
      else if (!COUPON_CODE_PATTERN.test(code)) problem("invalid", "code");
      if (Array.from(fields.name_ja).length > COUPON_NAME_MAX) problem("too_long", "name_ja", { count: COUPON_NAME_MAX });
      if (Array.from(fields.name_en).length > COUPON_NAME_MAX) problem("too_long", "name_en", { count: COUPON_NAME_MAX });
      const kind = COUPON_KINDS.find((each) => each === fields.kind);
      if (!kind) problem("inclusion", "kind");
      if (kind !== "free_shipping") wholeWithin(wholeOf(fields.value), "value", 1, kind === "percent" ? 100 : COUPON_VALUE_MAX);
      const minimum = wholeOf(fields.minimum_order);
      if (minimum !== "blank") wholeWithin(minimum, "minimum_order", 0, ORDER_TOTAL_MAX);
      for (const field of ["valid_from", "valid_until"] as const) {
        if (fields[field] === "") problem("blank", field);
        else if (!DATE.test(fields[field]) || Number.isNaN(Date.parse(`${fields[field]}T00:00:00Z`))) problem("invalid", field);
      }
      if (DATE.test(fields.valid_from) && DATE.test(fields.valid_until) && fields.valid_until < fields.valid_from) problem("invalid", "valid_until");
      for (const field of ["total_limit", "per_member_limit"] as const) {
        const limit = wholeOf(fields[field]);
        if (limit !== "blank") wholeWithin(limit, field, 1, LIMIT_MAX);
      }
      for (const field of ["product_ids", "series_ids"] as const) {
        if (listOf(fields[field]).some((each) => !/^\d{1,9}$/.test(each))) problem("invalid", field);
      }
      if (listOf(fields.liquor_types).some((each) => !/^[a-z0-9_-]{1,40}$/.test(each))) problem("invalid", "liquor_types");
    })
    .transform((fields) => {
      const kind = COUPON_KINDS.find((each) => each === fields.kind) as CouponKind;
      const target: CouponTarget = {
        productIds: [...new Set(listOf(fields.product_ids).map(Number))],
        seriesIds: [...new Set(listOf(fields.series_ids).map(Number))],
        liquorTypes: [...new Set(listOf(fields.liquor_types))],
      };
      return {
        code: normalizeCouponCode(fields.code),
        nameJa: fields.name_ja,
        nameEn: fields.name_en,
        kind,
        value: kind === "free_shipping" ? 0 : (wholeOf(fields.value) as number),
        minimumOrder: wholeOrNull(fields.minimum_order) ?? 0,
        validFrom: fields.valid_from,
        validUntil: fields.valid_until,
        totalLimit: wholeOrNull(fields.total_limit),
        perMemberLimit: wholeOrNull(fields.per_member_limit),
        target,
        membersOnly: isTicked(fields.members_only),
        combinable: isTicked(fields.combinable),
        active: fields.active === undefined ? true : isTicked(fields.active),
      };
    }),
);
export type CouponInput = z.output<typeof couponInputSchema>;

/** The back office's refusals that no field rule can see (they need the table). */
export const COUPON_FORM_REFUSALS = {
  codeTaken: { ja: "このクーポンコードはすでに使われています", en: "This coupon code is already taken" },
  limitBelowUses: { ja: "利用上限は、すでに利用された回数（{count}回）より少なくできません", en: "The limit cannot be lower than the uses so far ({count})" },
} as const;

const typedCode = oneLineText.pipe(z.string().min(1, { error: "blank", abort: true }).max(40, { error: "too_long" }));
/**
 * The checkout's coupon field (POST /api/coupons/preview): the code as typed and, when more are
 * applied together (decision 086), the further codes as `coupon_codes` (a list, or one text as a form
 * sends a single field; a blank one is left out, its place kept for the fields' keys), checked
 * together against the visitor's cart.
 */
export const couponPreviewSchema = z.preprocess(
  (body) => formFields(body),
  z.object({
    coupon_code: typedCode,
    coupon_codes: z
      .union([z.string(), z.array(z.unknown())])
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
      .pipe(z.array(oneLineText.pipe(z.string().max(40, { error: "too_long" }))).max(MAX_COUPONS_PER_ORDER - 1, { error: "too_long" })),
  }),
);

/** POST /api/coupons/preview's answer: what the summary needs to show the coupon's lines (checkoutTotals' coupon). */
export interface CouponPreview {
  code: string;
  kind: CouponKind;
  value: number;
  /** 「他のクーポンと併用可」: the page offers another code beside it (decision 086). */
  combinable: boolean;
  /** The cart's products the coupon applies to. */
  eligible_product_ids: number[];
}
