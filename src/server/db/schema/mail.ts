import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, serialId, stampedNow, timestamptz } from "../columns.ts";

/**
 * Mails waiting to go out, written in the same transaction as what caused them and sent by the
 * outbox worker with retries, so a slow or failing mail server never blocks or breaks a request.
 */
export const mailOutboxTable = pgTable(
  "mail_outbox",
  {
    id: serialId(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: stampedNow("next_attempt_at"),
    sentAt: timestamptz("sent_at"),
    /** Given up after too many failures; kept for the trader to see. */
    failed: boolean("failed").notNull().default(false),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and not ${table.failed}`),
  ],
);

/** The built-in mailbox: what the shop "sent" when no SMTP server is configured. */
export const mailboxTable = pgTable(
  "mailbox",
  {
    id: serialId(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("mailbox_to_idx").on(table.to)],
);
