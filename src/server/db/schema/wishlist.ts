import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { usersTable } from "./accounts.ts";
import { productsTable } from "./catalog.ts";
import { cascadeRef, createdAt, localeColumn, serialId, timestamptz } from "../columns.ts";

/**
 * 再入荷のお知らせ (decision 083): one row per (address, product) request. A guest's starts
 * `pending` until its confirmation link is followed; a member's starts `open`. The sender closes an
 * open one (`notified`) in the transaction that queues its one mail; a withdrawn one is `cancelled`.
 * One waiting request per address and product, whatever the code does.
 */
export const restockRequestsTable = pgTable(
  "restock_requests",
  {
    id: serialId(),
    productId: cascadeRef("product_id", () => productsTable.id),
    email: text("email").notNull(),
    userId: integer("user_id").references(() => usersTable.id, { onDelete: "cascade" }),
    locale: localeColumn(),
    status: text("status", { enum: ["pending", "open", "notified", "cancelled"] }).notNull(),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmSentAt: timestamptz("confirm_sent_at"),
    confirmedAt: timestamptz("confirmed_at"),
    closedAt: timestamptz("closed_at"),
    createdAt: createdAt(),
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
    userId: cascadeRef("user_id", () => usersTable.id),
    productId: cascadeRef("product_id", () => productsTable.id),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] }), index("favorites_product").on(table.productId)],
);
