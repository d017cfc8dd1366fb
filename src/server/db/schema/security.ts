import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, serialId, stampedNow } from "../columns.ts";

/**
 * Card payment attempts and card registrations (decision 064): who tried (keyed hashes of the browser
 * session, the client address and the card's fingerprint — never a card number, an address or a
 * session id as such) and whether the card was refused. The card-testing defence counts refusals
 * per key in a window; rows older than a day are swept.
 */
export const cardAttemptsTable = pgTable(
  "card_attempts",
  {
    id: serialId(),
    /** `payment` (a card charged at checkout) or `registration` (a card saved on My Page). */
    kind: text("kind", { enum: ["payment", "registration"] }).notNull(),
    sessionKey: text("session_key").notNull(),
    addressKey: text("address_key").notNull(),
    /** Null when the gateway did not say which card it was. */
    cardKey: text("card_key"),
    failed: boolean("failed").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("card_attempts_kind_known", sql`${table.kind} in ('payment', 'registration')`),
    index("card_attempts_session_idx").on(table.sessionKey, table.createdAt),
    index("card_attempts_address_idx").on(table.addressKey, table.createdAt),
    index("card_attempts_card_idx").on(table.cardKey, table.createdAt),
  ],
);

/**
 * The staff audit log (decision 065): who did what to what, when and from where, for every write of
 * the back office and every staff sign-in. Append-only like a book: the database refuses UPDATE,
 * TRUNCATE and DELETE of an entry younger than seven years (migration 0030). `staff_id` has no
 * foreign key on purpose: removing a staff account must not touch the entries it left.
 */
export const staffAuditLogTable = pgTable(
  "staff_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: stampedNow("at"),
    /** Null for a failed sign-in with an address no staff account has. */
    staffId: integer("staff_id"),
    /** The account's address and role when it acted (the account may be removed later). */
    staffEmail: text("staff_email"),
    staffRole: text("staff_role"),
    /** What was done, e.g. `order.ship`, `staff.sign_in`, `settings.update`. */
    action: text("action").notNull(),
    /** What it was done to: a kind (`order`, `product`, `member`, …) and its id, when there is one. */
    targetKind: text("target_kind"),
    targetId: text("target_id"),
    outcome: text("outcome", { enum: ["success", "failure"] }).notNull(),
    /** The request: method and path as routed, its status, and what was changed (field names, quantities). */
    method: text("method").notNull(),
    route: text("route").notNull(),
    status: integer("status").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip").notNull(),
    userAgent: text("user_agent"),
  },
  (table) => [
    check("staff_audit_log_outcome_known", sql`${table.outcome} in ('success', 'failure')`),
    index("staff_audit_log_at_idx").on(table.at),
    index("staff_audit_log_staff_idx").on(table.staffId, table.at),
    index("staff_audit_log_action_idx").on(table.action, table.at),
  ],
);
