import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { STAFF_ROLES } from "../../../domain/staff.ts";

/**
 * Back-office accounts, apart from the shoppers' `users`: a staff member is never a customer
 * account and a shopper's session never carries staff rights. Created on the command line
 * (`npm run admin:create`). Wrong passwords are counted per account and client address in
 * sign_in_attempts (decision 051); failed_attempts and locked_at here are no longer written.
 */
export const staffMembersTable = pgTable(
  "staff_members",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased, trimmed. */
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: STAFF_ROLES }).notNull().default("staff"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("staff_members_role_known", sql`${table.role} in ('owner', 'staff')`),
    check("staff_members_failed_attempts_nonnegative", sql`${table.failedAttempts} >= 0`),
  ],
);
