import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { usersTable } from "./accounts.ts";
import { staffMembersTable } from "./staff.ts";

/** Contact-form messages (the API contract's Inquiry), kept for the back office inbox. */
export const inquiriesTable = pgTable(
  "inquiries",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The order asked about, as its public id, when the sender gave its number (ご注文番号, optional). */
    orderNumber: text("order_number"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    userId: integer("user_id").references(() => usersTable.id, { onDelete: "set null" }),
    locale: text("locale", { enum: ["ja", "en"] }).notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("inquiries_created_idx").on(table.createdAt)],
);

/**
 * Answers the back office mailed to an inquiry's sender, kept so the next staff member sees what
 * was already said (the mail itself only lives in the outbox until it is sent).
 */
export const inquiryRepliesTable = pgTable(
  "inquiry_replies",
  {
    id: serial("id").primaryKey(),
    inquiryId: integer("inquiry_id")
      .notNull()
      .references(() => inquiriesTable.id, { onDelete: "cascade" }),
    /** Who answered; kept as null when that staff account is removed later. */
    staffId: integer("staff_id").references(() => staffMembersTable.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("inquiry_replies_inquiry_idx").on(table.inquiryId, table.createdAt)],
);
