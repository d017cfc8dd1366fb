import { check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { productsTable } from "./catalog.ts";
import { usersTable } from "./accounts.ts";
import { cascadeRef, serialId, updatedAt } from "../columns.ts";

/**
 * One cart per browser session (guests) — keyed by a hash of the session id, so a leaked table
 * does not hand out sessions. A member's cart is keyed by the account instead, so it is the same on
 * every device; exactly one of the two keys is set.
 */
export const cartsTable = pgTable(
  "carts",
  {
    id: serialId(),
    sessionKey: text("session_key").unique(),
    userId: integer("user_id")
      .unique()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    updatedAt: updatedAt(),
  },
  (table) => [index("carts_updated_at_idx").on(table.updatedAt), check("carts_one_owner", sql`(${table.sessionKey} is null) <> (${table.userId} is null)`)],
);

export const cartItemsTable = pgTable(
  "cart_items",
  {
    cartId: cascadeRef("cart_id", () => cartsTable.id),
    productId: cascadeRef("product_id", () => productsTable.id),
    amount: integer("amount").notNull(),
    /** Keeps the order in which bottles were added. */
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.cartId, table.productId] }), check("cart_items_amount_positive", sql`${table.amount} > 0`)],
);
