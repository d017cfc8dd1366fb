import { jsonb, pgTable, smallint } from "drizzle-orm/pg-core";
import type { ShopProfile } from "../../../domain/shop-profile.ts";
import { updatedAt } from "../columns.ts";

/** A single row (id 1) with the shop profile; the back office edits it. */
export const shopProfileTable = pgTable("shop_profile", {
  id: smallint("id").primaryKey().default(1),
  profile: jsonb("profile").$type<ShopProfile>().notNull(),
  updatedAt: updatedAt(),
});
