import { index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { usersTable } from "./accounts.ts";
import { cascadeRef, serialId, timestamps, updatedAt } from "../columns.ts";

/** A member's saved delivery address (the API contract's Address); one per member. */
export const addressesTable = pgTable("addresses", {
  id: serialId(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => usersTable.id, { onDelete: "cascade" }),
  /** ISO 3166-1 alpha-2, lower case (spec default "jp"). */
  country: text("country").notNull().default("jp"),
  zip: text("zip").notNull().default(""),
  /** 1–47 from Hokkaido to Okinawa (JIS X 0401) for Japanese addresses. */
  prefecture: smallint("prefecture"),
  address: text("address").notNull().default(""),
  buildingName: text("building_name").notNull().default(""),
  updatedAt: updatedAt(),
});

/**
 * A member's address book: the people they send to (a parent, a friend), each with name and phone.
 * The saved address above stays the member's own, default one (the API contract's GET/PUT /api/address).
 */
export const addressBookTable = pgTable(
  "address_book_entries",
  {
    id: serialId(),
    userId: cascadeRef("user_id", () => usersTable.id),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    country: text("country").notNull().default("jp"),
    zip: text("zip").notNull(),
    prefecture: smallint("prefecture"),
    address: text("address").notNull(),
    buildingName: text("building_name").notNull().default(""),
    ...timestamps(),
  },
  (table) => [index("address_book_entries_user_idx").on(table.userId, table.id)],
);
