import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { STAFF_ROLES } from "../../../domain/staff.ts";
import { cascadeRef, createdAt, serialId, timestamptz, updatedAt } from "../columns.ts";

/**
 * Back-office accounts, apart from the shoppers' `users`: a staff member is never a customer
 * account and a shopper's session never carries staff rights. Created on the command line
 * (`npm run admin:create`). Wrong passwords are counted per account and client address in
 * sign_in_attempts (decision 051); the columns that once counted them here were dropped (0025).
 */
export const staffMembersTable = pgTable(
  "staff_members",
  {
    id: serialId(),
    /** Lower-cased, trimmed. */
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: STAFF_ROLES }).notNull().default("staff"),
    lastSignInAt: timestamptz("last_sign_in_at"),
    /** The TOTP key (RFC 6238, base32) of a confirmed enrolment; null while the account has no second factor (decision 063). */
    totpSecret: text("totp_secret"),
    /** A key shown for enrolment and not yet confirmed with a code from it. */
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: timestamptz("totp_enabled_at"),
    /** The 30-second step of the last code taken: a code of this step or an earlier one is refused (RFC 6238 §5.2). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: createdAt(),
  },
  (table) => [check("staff_members_role_known", sql`${table.role} in ('owner', 'staff')`)],
);

/** Ten one-time recovery codes per enrolment, stored as SHA-256 of the code (random, 50 bits each); `used_at` set once. */
export const staffRecoveryCodesTable = pgTable(
  "staff_recovery_codes",
  {
    id: serialId(),
    staffId: cascadeRef("staff_id", () => staffMembersTable.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (table) => [index("staff_recovery_codes_staff_idx").on(table.staffId)],
);

/**
 * The back office's access rules the owner sets (decision 063): one row. `require_two_factor` asks
 * every staff member (not only owners, who always need it) for a second factor; `allow_ips` lists
 * the addresses and CIDR ranges /admin and /admin/api may be reached from (empty: any).
 */
export const backOfficeSecurityTable = pgTable(
  "back_office_security",
  {
    id: integer("id").primaryKey().default(1),
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    allowIps: text("allow_ips")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (table) => [check("back_office_security_one_row", sql`${table.id} = 1`)],
);
