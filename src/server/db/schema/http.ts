import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Hits per key and fixed window, shared by every process on the database (DESIGN.md). */
export const rateLimitsTable = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});
