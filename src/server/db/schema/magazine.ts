import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { usersTable } from "./accounts.ts";

/** Mail magazine subscribers with double opt-in: consent is the time the link was followed. */
export const magazineSubscribersTable = pgTable("magazine_subscribers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  locale: text("locale", { enum: ["ja", "en"] }).notNull(),
  userId: integer("user_id").references(() => usersTable.id, { onDelete: "set null" }),
  confirmTokenHash: text("confirm_token_hash").unique(),
  confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
  consentedAt: timestamp("consented_at", { withTimezone: true }),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
