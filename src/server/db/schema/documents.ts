import { index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { ordersTable } from "./orders.ts";
import { cascadeRef, serialId, stampedNow } from "../columns.ts";

/**
 * Every receipt (領収書) issued for an order, one row per download: the first is the original,
 * later ones are printed 再発行 (decision 037). What was typed is kept, so the trader can tell who
 * was given a receipt for what; rows go with their order.
 */
export const receiptIssuesTable = pgTable(
  "receipt_issues",
  {
    id: serialId(),
    orderId: cascadeRef("order_id", () => ordersTable.id),
    /** 1 for the original, then 2, 3, … */
    number: integer("number").notNull(),
    addressee: text("addressee").notNull(),
    proviso: text("proviso").notNull(),
    /** member, guest (signed link) or staff. */
    issuedBy: text("issued_by", { enum: ["member", "guest", "staff"] }).notNull(),
    issuedAt: stampedNow("issued_at"),
  },
  (table) => [unique("receipt_issues_order_number_unique").on(table.orderId, table.number), index("receipt_issues_order_idx").on(table.orderId)],
);
