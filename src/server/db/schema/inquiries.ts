import { index, pgTable, text } from "drizzle-orm/pg-core";
import { usersTable } from "./accounts.ts";
import { staffMembersTable } from "./staff.ts";
import { cascadeRef, createdAt, localeColumn, serialId, setNullRef, timestamptz } from "../columns.ts";

/** Contact-form messages (the API contract's Inquiry), kept for the back office inbox. */
export const inquiriesTable = pgTable(
  "inquiries",
  {
    id: serialId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The order asked about, as its public id, when the sender gave its number (ご注文番号, optional). */
    orderNumber: text("order_number"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    userId: setNullRef("user_id", () => usersTable.id),
    locale: localeColumn(),
    handledAt: timestamptz("handled_at"),
    createdAt: createdAt(),
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
    id: serialId(),
    inquiryId: cascadeRef("inquiry_id", () => inquiriesTable.id),
    /** Who answered; kept as null when that staff account is removed later. */
    staffId: setNullRef("staff_id", () => staffMembersTable.id),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("inquiry_replies_inquiry_idx").on(table.inquiryId, table.createdAt)],
);
