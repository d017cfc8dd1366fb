import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { ENTRY_RESULTS } from "../../../domain/lottery.ts";
import { usersTable } from "./accounts.ts";
import { productsTable } from "./catalog.ts";
import { ordersTable } from "./orders.ts";
import { staffMembersTable } from "./staff.ts";

/**
 * 抽選販売 (decision 084): a product's bottles released by lottery. While a lottery is not finished
 * the product is sold only to its winners. `seed` is recorded at the draw: with the entries' ids it
 * gives the draw's whole order again (domain/lottery.ts).
 */
export const lotteriesTable = pgTable(
  "lotteries",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => productsTable.id),
    bottles: integer("bottles").notNull(),
    perMember: integer("per_member").notNull(),
    entryStartsAt: timestamp("entry_starts_at", { withTimezone: true }).notNull(),
    entryEndsAt: timestamp("entry_ends_at", { withTimezone: true }).notNull(),
    claimDays: integer("claim_days").notNull(),
    seed: text("seed"),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    drawnByStaffId: integer("drawn_by_staff_id").references(() => staffMembersTable.id, { onDelete: "set null" }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdByStaffId: integer("created_by_staff_id").references(() => staffMembersTable.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lotteries_product_idx").on(table.productId),
    check("lotteries_bottles_positive", sql`${table.bottles} > 0`),
    check("lotteries_per_member_positive", sql`${table.perMember} > 0`),
    check("lotteries_claim_days_positive", sql`${table.claimDays} > 0`),
    check("lotteries_period", sql`${table.entryEndsAt} > ${table.entryStartsAt}`),
    check("lotteries_drawn_with_seed", sql`(${table.drawnAt} is null) = (${table.seed} is null)`),
  ],
);

/** One member's entry: one per member and lottery; its rank and key once drawn, its win and the order that bought it. */
export const lotteryEntriesTable = pgTable(
  "lottery_entries",
  {
    id: serial("id").primaryKey(),
    lotteryId: integer("lottery_id")
      .notNull()
      .references(() => lotteriesTable.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    /** The language the member entered in: their mails are written in it. */
    locale: text("locale", { enum: ["ja", "en"] }).notNull(),
    result: text("result", { enum: ENTRY_RESULTS }).notNull().default("entered"),
    drawRank: integer("draw_rank"),
    drawKey: text("draw_key"),
    /** The bottles offered to this entry (its win). */
    bottles: integer("bottles"),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    claimDeadline: timestamp("claim_deadline", { withTimezone: true }),
    orderId: integer("order_id").references(() => ordersTable.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("lottery_entries_one_per_member").on(table.lotteryId, table.userId),
    index("lottery_entries_user_idx").on(table.userId),
    check("lottery_entries_result", sql`${table.result} in ('entered', 'won', 'purchased', 'lapsed', 'lost')`),
    check("lottery_entries_won_has_deadline", sql`${table.result} <> 'won' or (${table.bottles} > 0 and ${table.claimDeadline} is not null)`),
  ],
);
