import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bytea, createdAt, serialId } from "../columns.ts";

/** What a kept record is (decision 062). */
export const TRANSACTION_RECORD_KINDS = [
  "order_mail",
  "status_mail",
  "refund_notice",
  "receipt",
  "delivery_note",
  "payment_event",
  "payment_record",
  "transfer_confirmation",
  // 適格返還請求書 issued for a return (decision 079).
  "return_invoice",
] as const;

/**
 * 電子取引データ (電子帳簿保存法 §7, decision 062): every transaction record the shop sends or
 * receives electronically, exactly as it was issued — the mail as queued, the PDF as downloaded,
 * the gateway's event as it arrived — with its SHA-256. Append-only: triggers refuse UPDATE, DELETE
 * and TRUNCATE (migration 0027), no foreign key ties a row to an order (an order removed leaves its
 * records), and no code path edits a row. `source_key` makes recording idempotent: the same issue
 * recorded twice (a retried request, a webhook delivered again) is one row.
 */
export const transactionRecordsTable = pgTable(
  "transaction_records",
  {
    id: serialId(),
    kind: text("kind", { enum: TRANSACTION_RECORD_KINDS }).notNull(),
    /** What was issued, once: "receipt:{order id}:{number}", "mail:{outbox id}", "payment-event:{evt id}", … */
    sourceKey: text("source_key").notNull().unique(),
    /** 取引年月日: the day in Japan the transaction took place (the order's, the payment's). */
    transactionDate: date("transaction_date", { mode: "string" }).notNull(),
    /** 取引金額 in yen (tax included). */
    amount: integer("amount").notNull(),
    /** 取引先: the buyer's (or the gateway's) name as the record states it. */
    counterparty: text("counterparty").notNull(),
    /** The order's public number; not a foreign key, so an order's removal leaves its records. */
    orderRef: text("order_ref"),
    contentType: text("content_type").notNull(),
    fileName: text("file_name").notNull(),
    content: bytea("content").notNull(),
    /** Hex SHA-256 of `content`, checked by the database when the row is written. */
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("transaction_records_date_idx").on(table.transactionDate),
    index("transaction_records_amount_idx").on(table.amount),
    index("transaction_records_order_idx").on(table.orderRef),
    check("transaction_records_sha256_of_content", sql`${table.sha256} = encode(sha256(${table.content}), 'hex')`),
    check("transaction_records_amount_nonnegative", sql`${table.amount} >= 0`),
  ],
);
