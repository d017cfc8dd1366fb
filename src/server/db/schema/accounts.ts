import { sql } from "drizzle-orm";
import { boolean, check, date, index, inet, integer, pgTable, text } from "drizzle-orm/pg-core";
import { staffMembersTable } from "./staff.ts";
import { createdAt, localeColumn, serialId, stampedNow, timestamps, timestamptz } from "../columns.ts";

/**
 * Members (the API contract's User) with the columns of Devise's confirmable, lockable, recoverable and
 * trackable modules. Every token is stored as a SHA-256 hash, so a leaked table opens no account.
 */
export const usersTable = pgTable(
  "users",
  {
    id: serialId(),
    /** Lower-cased, trimmed. */
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    userName: text("user_name").notNull().default(""),
    tel: text("tel").notNull().default(""),
    /** yyyy-mm-dd, kept to prefill the order form's date of birth (age on the order form, decision 036). */
    birthDate: date("birth_date", { mode: "string" }),
    /** Language the member used last; mails go out in it. */
    locale: localeColumn().default("ja"),
    /** The member asked for the birthday coupon (My Page's profile; decision 086): mailed in the birth month. */
    birthdayCoupon: boolean("birthday_coupon").notNull().default(false),
    confirmationTokenHash: text("confirmation_token_hash").unique(),
    confirmationSentAt: timestamptz("confirmation_sent_at"),
    confirmedAt: timestamptz("confirmed_at"),
    /** A changed address waits here until its confirmation link is followed. */
    unconfirmedEmail: text("unconfirmed_email"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    unlockTokenHash: text("unlock_token_hash").unique(),
    lockedAt: timestamptz("locked_at"),
    resetPasswordTokenHash: text("reset_password_token_hash").unique(),
    resetPasswordSentAt: timestamptz("reset_password_sent_at"),
    signInCount: integer("sign_in_count").notNull().default(0),
    currentSignInAt: timestamptz("current_sign_in_at"),
    lastSignInAt: timestamptz("last_sign_in_at"),
    currentSignInIp: inet("current_sign_in_ip"),
    lastSignInIp: inet("last_sign_in_ip"),
    ...timestamps(),
  },
  (table) => [check("users_failed_attempts_nonnegative", sql`${table.failedAttempts} >= 0`)],
);

/**
 * Failed sign-ins of shop addresses that have no account, counted as an account's failed_attempts
 * and locked_at are, so the warning before the last attempt and the lock message come the same way
 * whether the address is known (decision 014); and every back-office sign-in, per account address
 * and client address (decision 051). Keyed by HMACs of the scope, the normalised address and the
 * client address: the table names neither.
 */
export const signInAttemptsTable = pgTable(
  "sign_in_attempts",
  {
    key: text("key").primaryKey(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedAt: timestamptz("locked_at"),
    lastAttemptAt: stampedNow("last_attempt_at"),
  },
  (table) => [index("sign_in_attempts_last_attempt_idx").on(table.lastAttemptAt)],
);

/**
 * Signed-in browser sessions. Guests have a session cookie but no row: a page view writes nothing.
 * Keyed by a hash of the cookie value. A session belongs to a member or to a staff member, never
 * both, so a shopper's session can never reach the back office.
 */
export const sessionsTable = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id").references(() => usersTable.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => staffMembersTable.id, { onDelete: "cascade" }),
    /** remember_me: the session outlives idle timeouts until this time. */
    rememberUntil: timestamptz("remember_until"),
    createdAt: createdAt(),
    lastSeenAt: stampedNow("last_seen_at"),
  },
  (table) => [
    index("sessions_user_idx").on(table.userId),
    index("sessions_staff_idx").on(table.staffId),
    index("sessions_last_seen_idx").on(table.lastSeenAt),
    check("sessions_one_owner", sql`(${table.userId} is null) <> (${table.staffId} is null)`),
  ],
);
