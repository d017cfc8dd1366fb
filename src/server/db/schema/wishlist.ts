import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { usersTable } from "./accounts.ts";
import { productsTable } from "./catalog.ts";

/**
 * 再入荷のお知らせ (decision 083): one row per (address, product) request. A guest's starts
 * `pending` until its confirmation link is followed; a member's starts `open`. The sender closes an
 * open one (`notified`) in the transaction that queues its one mail; a withdrawn one is `cancelled`.
 * One waiting request per address and product, whatever the code does.
 */
export const restockRequestsTable = pgTable(
  "restock_requests",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => productsTable.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: integer("user_id").references(() => usersTable.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: ["ja", "en"] }).notNull(),
    status: text("status", { enum: ["pending", "open", "notified", "cancelled"] }).notNull(),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("restock_requests_waiting_once")
      .on(table.email, table.productId)
      .where(sql`${table.status} in ('pending', 'open')`),
    index("restock_requests_open_by_product")
      .on(table.productId)
      .where(sql`${table.status} = 'open'`),
    index("restock_requests_user").on(table.userId),
    check("restock_requests_status", sql`${table.status} in ('pending', 'open', 'notified', 'cancelled')`),
    check("restock_requests_closed", sql`(${table.status} in ('notified', 'cancelled')) = (${table.closedAt} is not null)`),
  ],
);

/** お気に入り: a member's kept products. */
export const favoritesTable = pgTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => productsTable.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] }), index("favorites_product").on(table.productId)],
);
