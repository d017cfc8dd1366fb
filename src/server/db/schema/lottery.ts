import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { ENTRY_RESULTS } from "../../../domain/lottery.ts";
import { usersTable } from "./accounts.ts";
import { productsTable } from "./catalog.ts";
import { ordersTable } from "./orders.ts";
import { staffMembersTable } from "./staff.ts";
import { cascadeRef, createdAt, localeColumn, serialId, setNullRef, timestamptz } from "../columns.ts";

/**
 * 抽選販売 (decision 084): a product's bottles released by lottery. While a lottery is not finished
 * the product is sold only to its winners. `seed` is recorded at the draw: with the entries' ids it
 * gives the draw's whole order again (domain/lottery.ts).
 */
export const lotteriesTable = pgTable(
  "lotteries",
  {
    id: serialId(),
    productId: integer("product_id")
      .notNull()
      .references(() => productsTable.id),
    bottles: integer("bottles").notNull(),
    perMember: integer("per_member").notNull(),
    entryStartsAt: timestamptz("entry_starts_at").notNull(),
    entryEndsAt: timestamptz("entry_ends_at").notNull(),
    claimDays: integer("claim_days").notNull(),
    seed: text("seed"),
    drawnAt: timestamptz("drawn_at"),
    drawnByStaffId: setNullRef("drawn_by_staff_id", () => staffMembersTable.id),
    finishedAt: timestamptz("finished_at"),
    createdByStaffId: setNullRef("created_by_staff_id", () => staffMembersTable.id),
    createdAt: createdAt(),
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
    id: serialId(),
    lotteryId: cascadeRef("lottery_id", () => lotteriesTable.id),
    userId: cascadeRef("user_id", () => usersTable.id),
    /** The language the member entered in: their mails are written in it. */
    locale: localeColumn(),
    result: text("result", { enum: ENTRY_RESULTS }).notNull().default("entered"),
    drawRank: integer("draw_rank"),
    drawKey: text("draw_key"),
    /** The bottles offered to this entry (its win). */
    bottles: integer("bottles"),
    offeredAt: timestamptz("offered_at"),
    claimDeadline: timestamptz("claim_deadline"),
    orderId: setNullRef("order_id", () => ordersTable.id),
    createdAt: createdAt(),
  },
  (table) => [
    unique("lottery_entries_one_per_member").on(table.lotteryId, table.userId),
    index("lottery_entries_user_idx").on(table.userId),
    check("lottery_entries_result", sql`${table.result} in ('entered', 'won', 'purchased', 'lapsed', 'lost')`),
    check("lottery_entries_won_has_deadline", sql`${table.result} <> 'won' or (${table.bottles} > 0 and ${table.claimDeadline} is not null)`),
  ],
);
