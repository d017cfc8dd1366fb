import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { usersTable } from "./accounts.ts";
import { serialId, stampedNow, updatedAt } from "../columns.ts";

/**
 * Member ranks as the trader set them (issue 34 item 3, decision 090), one row per rank in the order of
 * thresholds; none: DEFAULT_RANKS (src/domain/member-ranks.ts). Saved as a whole by /admin/ranks.
 */
export const rankDefinitionsTable = pgTable(
  "rank_definitions",
  {
    id: serialId(),
    position: integer("position").notNull(),
    nameJa: text("name_ja").notNull(),
    nameEn: text("name_en").notNull(),
    /** Yen of purchases over the last 12 months (goods with tax after discounts) the rank starts at. */
    threshold: integer("threshold").notNull(),
    pointRatePercent: integer("point_rate_percent").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("rank_definitions_position").on(table.position),
    check("rank_definitions_position_positive", sql`${table.position} >= 1`),
    check("rank_definitions_threshold", sql`${table.threshold} >= 0`),
    check("rank_definitions_point_rate", sql`${table.pointRatePercent} between 0 and 100`),
  ],
);

/**
 * Each member's purchases over the last 12 months and the rank they reach, stored so a read is one
 * row: written in the transaction of every order move, partial cancellation and return of theirs,
 * again by the daily sweep as the window slides, and for everyone when the trader changes the ranks.
 * No row: no purchases (the lowest rank).
 */
export const memberRanksTable = pgTable(
  "member_ranks",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    purchases: integer("purchases").notNull(),
    /** rank_definitions.position reached; null when no rank applies. */
    rankPosition: integer("rank_position"),
    calculatedAt: stampedNow("calculated_at"),
  },
  (table) => [check("member_ranks_purchases", sql`${table.purchases} >= 0`)],
);
