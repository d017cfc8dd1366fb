import { japanDateString } from "./coupons.ts";
import { japanDateOf } from "./japan-time.ts";
import type { Locale } from "./locale.ts";
import { ORDER_TOTAL_MAX } from "./money.ts";
import { fieldsAsSent, formFields, formProblems, isTicked, wholeOf, wholeOrNull } from "./field-rules.ts";
import { z } from "./zod.ts";

/**
 * The birthday coupon (issue 34 item 2, decision 086): members who ask for it on My Page get, in
 * their birth month (Japan time), one personal coupon — for them only, one use — valid from the day
 * it is issued for `validDays` days, and a mail with its code. The trader sets the rule.
 */
export const BIRTHDAY_COUPON_KINDS = ["fixed", "percent"] as const;
export type BirthdayCouponKind = (typeof BIRTHDAY_COUPON_KINDS)[number];

export interface BirthdayCouponSettings {
  active: boolean;
  kind: BirthdayCouponKind;
  /** Yen with tax (fixed) or percent. */
  value: number;
  validDays: number;
  /** Goods with tax the order must reach (0: none). */
  minimumOrder: number;
}

/** What the shop gives before the trader sets anything: 500 yen off an order of 3,000 yen or more, for 30 days. */
export const BIRTHDAY_COUPON_DEFAULTS: BirthdayCouponSettings = { active: true, kind: "fixed", value: 500, validDays: 30, minimumOrder: 3000 };
export const BIRTHDAY_COUPON_DAYS_MAX = 366;
export const BIRTHDAY_COUPON_FIXED_MAX = 100_000;

/** The back office's birthday coupon form (PUT /admin/api/coupons/birthday). */
export const birthdayCouponSettingsSchema = z.preprocess(
  (body) => formFields(body),
  z
    .object(fieldsAsSent("active", "kind", "value", "valid_days", "minimum_order"))
    .superRefine((fields, context) => {
      const { problem, wholeWithin } = formProblems(context);
      const kind = BIRTHDAY_COUPON_KINDS.find((each) => each === fields.kind);
      if (!kind) problem("inclusion", "kind");
      wholeWithin(wholeOf(fields.value), "value", 1, kind === "percent" ? 100 : BIRTHDAY_COUPON_FIXED_MAX);
      wholeWithin(wholeOf(fields.valid_days), "valid_days", 1, BIRTHDAY_COUPON_DAYS_MAX);
      const minimum = wholeOf(fields.minimum_order);
      if (minimum !== "blank") wholeWithin(minimum, "minimum_order", 0, ORDER_TOTAL_MAX);
    })
    .transform((fields): BirthdayCouponSettings => ({
      active: isTicked(fields.active),
      kind: fields.kind as BirthdayCouponKind,
      value: wholeOf(fields.value) as number,
      validDays: wholeOf(fields.valid_days) as number,
      minimumOrder: wholeOrNull(fields.minimum_order) ?? 0,
    })),
);

/** Whether a member born on `birthDate` (yyyy-mm-dd) has their birthday month now, in Japan. */
export function isBirthMonth(birthDate: string, now: Date): boolean {
  return Number(birthDate.slice(5, 7)) === japanDateOf(now).month;
}

/** The coupon's Japan dates: from the day it is issued, for `validDays` days (both ends included). */
export function birthdayCouponValidity(now: Date, validDays: number): { validFrom: string; validUntil: string } {
  const from = japanDateString(now);
  const until = new Date(Date.parse(`${from}T00:00:00Z`) + (validDays - 1) * 86_400_000).toISOString().slice(0, 10);
  return { validFrom: from, validUntil: until };
}

/** The coupon's amount as the mail says it: 「500円OFF」 / 「10%OFF」. */
export function birthdayCouponAmount(settings: Pick<BirthdayCouponSettings, "kind" | "value">, locale: Locale): string {
  if (settings.kind === "percent") return locale === "ja" ? `${settings.value}%OFF` : `${settings.value}% off`;
  const yen = settings.value.toLocaleString("en-US");
  return locale === "ja" ? `${yen}円OFF` : `¥${yen} off`;
}
