import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { POINT_ENTRY_KINDS, POINT_GRANT_TIMINGS } from "../../../domain/points.ts";
import { usersTable } from "./accounts.ts";
import { ordersTable } from "./orders.ts";
import { staffMembersTable } from "./staff.ts";
import { cascadeRef, createdAt, serialId, setNullRef, timestamptz, updatedAt } from "../columns.ts";

/**
 * Points (issue 34 item 1, decision 089). A member's balance is one row, locked (`for update`) by
 * every change, so two devices spending the last points queue and the second finds them gone; the
 * check keeps it from ever going below zero whatever the code does. Every change is a ledger row
 * written in the same transaction: the balance is always the sum of the ledger.
 */
export const pointBalancesTable = pgTable(
  "point_balances",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    /** The Japan date the whole balance expires on (the last earning + the trader's months); null: none earned yet. */
    expiresOn: date("expires_on", { mode: "string" }),
    updatedAt: updatedAt(),
  },
  (table) => [check("point_balances_not_negative", sql`${table.balance} >= 0`)],
);

/** The ledger: one row per earning, use, expiry, take-back, give-back, staff grant or removal; signed points. */
export const pointLedgerTable = pgTable(
  "point_ledger",
  {
    id: serialId(),
    userId: cascadeRef("user_id", () => usersTable.id),
    kind: text("kind", { enum: POINT_ENTRY_KINDS }).notNull(),
    points: integer("points").notNull(),
    orderId: setNullRef("order_id", () => ordersTable.id),
    /** Staff's reason (a grant or removal), or what the move was (a return's number). */
    reason: text("reason").notNull().default(""),
    staffId: setNullRef("staff_id", () => staffMembersTable.id),
    /** The balance's expiry date after this row (Japan date), as the member read it then. */
    expiresOn: date("expires_on", { mode: "string" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("point_ledger_member_idx").on(table.userId, table.createdAt),
    index("point_ledger_order_idx").on(table.orderId),
    check("point_ledger_points", sql`${table.points} <> 0`),
  ],
);

/**
 * Each member's order's points: those used (standing, less what was given back) and those it earns,
 * worked out when it was placed and granted once when it is paid or shipped (`granted` > 0 or
 * `grantedAt` set); the key that makes granting, taking back and giving back idempotent per order.
 */
export const orderPointsTable = pgTable(
  "order_points",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => ordersTable.id, { onDelete: "cascade" }),
    userId: cascadeRef("user_id", () => usersTable.id),
    /** Points used on the order, as placed. */
    used: integer("used").notNull().default(0),
    /** Points used still standing (used less what cancellations and returns gave back). */
    usedStanding: integer("used_standing").notNull().default(0),
    /** Points the order earns (as placed; lowered by a partial cancellation before the grant). */
    toEarn: integer("to_earn").notNull().default(0),
    /** Points granted and still standing (less what cancellations and returns took back). */
    earnedStanding: integer("earned_standing").notNull().default(0),
    grantedAt: timestamptz("granted_at"),
    /** A cancelled order: everything settled, nothing granted later. */
    closedAt: timestamptz("closed_at"),
  },
  (table) => [
    index("order_points_member_idx").on(table.userId),
    check(
      "order_points_figures",
      sql`${table.used} >= 0 and ${table.usedStanding} between 0 and ${table.used} and ${table.toEarn} >= 0 and ${table.earnedStanding} >= 0`,
    ),
  ],
);

/** The trader's point rule (one row, id 1; none: DEFAULT_POINT_SETTINGS). */
export const pointSettingsTable = pgTable(
  "point_settings",
  {
    id: integer("id").primaryKey().default(1),
    baseRatePercent: integer("base_rate_percent").notNull(),
    grantOn: text("grant_on", { enum: POINT_GRANT_TIMINGS }).notNull(),
    expiryMonths: integer("expiry_months").notNull(),
    onCharges: boolean("on_charges").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("point_settings_one_row", sql`${table.id} = 1`),
    check("point_settings_rate", sql`${table.baseRatePercent} between 0 and 100`),
    check("point_settings_months", sql`${table.expiryMonths} between 1 and 120`),
  ],
);
