import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { productsTable } from "./catalog.ts";
import { usersTable } from "./accounts.ts";

/**
 * One cart per browser session (guests) — keyed by a hash of the session id, so a leaked table
 * does not hand out sessions. A member's cart is keyed by the account instead, so it is the same on
 * every device; exactly one of the two keys is set.
 */
export const cartsTable = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    sessionKey: text("session_key").unique(),
    userId: integer("user_id")
      .unique()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("carts_updated_at_idx").on(table.updatedAt), check("carts_one_owner", sql`(${table.sessionKey} is null) <> (${table.userId} is null)`)],
);

export const cartItemsTable = pgTable(
  "cart_items",
  {
    cartId: integer("cart_id")
      .notNull()
      .references(() => cartsTable.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => productsTable.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    /** Keeps the order in which bottles were added. */
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.cartId, table.productId] }), check("cart_items_amount_positive", sql`${table.amount} > 0`)],
);
