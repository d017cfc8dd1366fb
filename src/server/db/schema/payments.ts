import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { usersTable } from "./accounts.ts";
import { timestamps, updatedAt } from "../columns.ts";

/**
 * The built-in test gateway's own records (customers, payment methods, payment and setup intents),
 * shaped like Stripe's objects and kept as JSON: they belong to the fake gateway, not to the shop,
 * and living in the database lets several processes share them.
 */
export const testGatewayObjectsTable = pgTable(
  "test_gateway_objects",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["customer", "payment_method", "payment_intent", "setup_intent", "refund"] }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    ...timestamps(),
  },
  (table) => [index("test_gateway_objects_kind_idx").on(table.kind)],
);

/** A member's saved card (the API contract's Saved card): the gateway's references plus what may be shown. */
export const memberCardsTable = pgTable("member_cards", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => usersTable.id, { onDelete: "cascade" }),
  gatewayCustomerId: text("gateway_customer_id").notNull(),
  gatewayPaymentMethodId: text("gateway_payment_method_id").notNull(),
  brand: text("brand").notNull().default(""),
  last4: text("last4").notNull(),
  expMonth: integer("exp_month").notNull(),
  expYear: integer("exp_year").notNull(),
  updatedAt: updatedAt(),
});
