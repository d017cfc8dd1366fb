import { pgTable, text } from "drizzle-orm/pg-core";
import { usersTable } from "./accounts.ts";
import { createdAt, localeColumn, serialId, setNullRef, timestamptz } from "../columns.ts";

/** Mail magazine subscribers with double opt-in: consent is the time the link was followed. */
export const magazineSubscribersTable = pgTable("magazine_subscribers", {
  id: serialId(),
  email: text("email").notNull().unique(),
  locale: localeColumn(),
  userId: setNullRef("user_id", () => usersTable.id),
  confirmTokenHash: text("confirm_token_hash").unique(),
  confirmSentAt: timestamptz("confirm_sent_at"),
  consentedAt: timestamptz("consented_at"),
  unsubscribedAt: timestamptz("unsubscribed_at"),
  createdAt: createdAt(),
});
