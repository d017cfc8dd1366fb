import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, unique } from "drizzle-orm/pg-core";
import type { CouponTarget } from "../../../domain/coupons.ts";
import { COUPON_KINDS } from "../../../domain/coupons.ts";
import { usersTable } from "./accounts.ts";
import { ordersTable } from "./orders.ts";
import { staffMembersTable } from "./staff.ts";
import { cascadeRef, restrictRef, serialId, setNullRef, stampedNow, timestamps, timestamptz, updatedAt } from "../columns.ts";

/**
 * Coupons (issue 34 item 2, decision 086): the trader's codes. `used_count` is the uses that stand,
 * raised by a guarded update in the order's transaction (never past `total_limit`) and lowered when
 * the order is cancelled, so the last use is taken once however many checkouts race for it.
 */
export const couponsTable = pgTable(
  "coupons",
  {
    id: serialId(),
    /** Upper case, as normalizeCouponCode leaves it. */
    code: text("code").notNull().unique(),
    nameJa: text("name_ja").notNull().default(""),
    nameEn: text("name_en").notNull().default(""),
    kind: text("kind", { enum: COUPON_KINDS }).notNull(),
    /** Yen with tax (fixed), percent (percent), 0 (free shipping). */
    value: integer("value").notNull(),
    minimumOrder: integer("minimum_order").notNull().default(0),
    /** Japan dates, both days included. */
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    totalLimit: integer("total_limit"),
    perMemberLimit: integer("per_member_limit"),
    target: jsonb("target").$type<CouponTarget>().notNull(),
    membersOnly: boolean("members_only").notNull().default(false),
    /** Issued to one member (the birthday coupon): no one else may use it. */
    memberId: integer("member_id").references(() => usersTable.id, { onDelete: "cascade" }),
    active: boolean("active").notNull().default(true),
    /** 「他のクーポンと併用可」: may go on one order with other codes, each of them combinable too (decision 086). */
    combinable: boolean("combinable").notNull().default(false),
    usedCount: integer("used_count").notNull().default(0),
    createdByStaffId: setNullRef("created_by_staff_id", () => staffMembersTable.id),
    ...timestamps(),
  },
  (table) => [
    check(
      "coupons_value",
      sql`${table.value} >= 0 and (${table.kind} <> 'percent' or ${table.value} between 1 and 100) and (${table.kind} <> 'fixed' or ${table.value} >= 1)`,
    ),
    check("coupons_minimum_order", sql`${table.minimumOrder} >= 0`),
    check("coupons_validity", sql`${table.validFrom} <= ${table.validUntil}`),
    check(
      "coupons_limits",
      sql`(${table.totalLimit} is null or ${table.totalLimit} >= 1) and (${table.perMemberLimit} is null or ${table.perMemberLimit} >= 1)`,
    ),
    check("coupons_used_count", sql`${table.usedCount} >= 0 and (${table.totalLimit} is null or ${table.usedCount} <= ${table.totalLimit})`),
    check("coupons_code", sql`${table.code} ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'`),
  ],
);

/** One use of a coupon: the order it was used on, by whom, and what it took off. */
export const couponUsesTable = pgTable(
  "coupon_uses",
  {
    id: serialId(),
    couponId: restrictRef("coupon_id", () => couponsTable.id),
    orderId: cascadeRef("order_id", () => ordersTable.id),
    userId: setNullRef("user_id", () => usersTable.id),
    /** Yen before tax its 値引き lines took off (> 0), and what the shopper's total fell by. */
    discount: integer("discount").notNull(),
    discountWithTax: integer("discount_with_tax").notNull(),
    usedAt: stampedNow("used_at"),
    /** When the order was cancelled and the use given back; null: it stands. */
    givenBackAt: timestamptz("given_back_at"),
  },
  (table) => [
    unique("coupon_uses_order").on(table.couponId, table.orderId),
    index("coupon_uses_member_idx").on(table.couponId, table.userId),
    check("coupon_uses_discount", sql`${table.discount} >= 0 and ${table.discountWithTax} >= 0`),
  ],
);

/**
 * The birthday coupon's rule as the trader set it (one row, id 1; none: BIRTHDAY_COUPON_DEFAULTS).
 * Each member's coupon is a row of `coupons` made from it when the month comes.
 */
export const birthdayCouponSettingsTable = pgTable(
  "birthday_coupon_settings",
  {
    id: integer("id").primaryKey().default(1),
    active: boolean("active").notNull(),
    kind: text("kind", { enum: ["fixed", "percent"] }).notNull(),
    value: integer("value").notNull(),
    validDays: integer("valid_days").notNull(),
    minimumOrder: integer("minimum_order").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("birthday_coupon_settings_one_row", sql`${table.id} = 1`),
    check("birthday_coupon_settings_value", sql`${table.value} >= 1 and (${table.kind} <> 'percent' or ${table.value} <= 100)`),
    check("birthday_coupon_settings_days", sql`${table.validDays} between 1 and 366`),
    check("birthday_coupon_settings_minimum", sql`${table.minimumOrder} >= 0`),
  ],
);

/** One birthday coupon per member per year: the key that makes the daily sweep idempotent. */
export const birthdayCouponIssuesTable = pgTable(
  "birthday_coupon_issues",
  {
    userId: cascadeRef("user_id", () => usersTable.id),
    year: integer("year").notNull(),
    couponId: cascadeRef("coupon_id", () => couponsTable.id),
    issuedAt: stampedNow("issued_at"),
  },
  (table) => [primaryKey({ columns: [table.userId, table.year] })],
);
